// The send step's rules (spec part 2 §4, §5, §9), as pure functions.
import type { Channel } from '@/web/lib/platforms';

export type Selection = {
  contactIds: string[];
  listIds: string[];
  socialContactIds: string[];
  platforms: Channel[];
};

export const emptySelection = (): Selection => ({ contactIds: [], listIds: [], socialContactIds: [], platforms: [] });

/** Every selection toggles on click. */
export function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/** Only connected platforms (an active profile) can be selected; e-mail always can. */
export function isSelectable(channel: Channel, connected: ReadonlySet<string>): boolean {
  return channel === 'email' || connected.has(channel);
}

/** Social contacts are shown only when a platform other than e-mail is selected. */
export const showsSocial = (platforms: readonly Channel[]) => platforms.some((p) => p !== 'email');

/**
 * What is really selected: platforms whose account went away drop out, and social contacts
 * count only while their platform is selected.
 */
export function effectiveSelection(s: Selection, connected: ReadonlySet<string>, socialPlatformOf: (id: string) => string | undefined): Selection {
  const platforms = s.platforms.filter((p) => isSelectable(p, connected));
  const socialContactIds = s.socialContactIds.filter((id) => {
    const p = socialPlatformOf(id);
    return p !== undefined && (platforms as string[]).includes(p);
  });
  return { ...s, platforms, socialContactIds };
}

export type Blocker = 'missingVideo' | 'noPlatforms' | 'noRecipients';

/** Why Send Video is disabled (spec §5), or null when it can be sent. */
export function sendBlocker(videoId: string | null | undefined, s: Selection): Blocker | null {
  if (!videoId) return 'missingVideo';
  if (s.platforms.length === 0) return 'noPlatforms';
  if (s.contactIds.length + s.listIds.length + s.socialContactIds.length === 0) return 'noRecipients';
  return null;
}

type ContactLike = { name?: string | null; email?: string | null; company?: string | null; position?: string | null };
type SocialLike = { name?: string | null; headline?: string | null; profileUrl?: string | null; platform: string };

const has = (value: string | null | undefined, needle: string) => !!value && value.toLowerCase().includes(needle);

/** Contact search: a case-insensitive substring of the name, e-mail, company or position. */
export function matchesContact(c: ContactLike, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || has(c.name, q) || has(c.email, q) || has(c.company, q) || has(c.position, q);
}

/** Social contact search: name, headline or profile URL, among the selected platforms. */
export function matchesSocial(c: SocialLike, query: string, platforms: readonly string[]): boolean {
  if (!platforms.includes(c.platform)) return false;
  const q = query.trim().toLowerCase();
  return !q || has(c.name, q) || has(c.headline, q) || has(c.profileUrl, q);
}

/**
 * The distribution request (spec §3): videoId and platforms always; contactIds, listIds,
 * socialContactIds and message only when not empty; what recipients see when the step holds it.
 */
export function distributionRequest(
  videoId: string,
  s: Selection,
  message: string,
  view?: { subject: string; title: string; ctaLabel: string; ctaUrl: string; senderName: string },
) {
  return {
    videoId,
    // What recipients see, as typed in the send step (decision 224).
    ...(view ? { subject: view.subject, title: view.title, ctaLabel: view.ctaLabel, ctaUrl: view.ctaUrl, senderName: view.senderName } : {}),
    platforms: s.platforms,
    ...(s.contactIds.length ? { contactIds: s.contactIds } : {}),
    ...(s.listIds.length ? { listIds: s.listIds } : {}),
    ...(s.socialContactIds.length ? { socialContactIds: s.socialContactIds } : {}),
    ...(message.trim() ? { message } : {}),
  };
}

/** KB with one decimal, as the CSV dialog shows a file's size. */
export const kilobytes = (bytes: number) => Math.max(0.1, Math.round(bytes / 102.4) / 10);
