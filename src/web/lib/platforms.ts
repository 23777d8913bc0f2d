// The platforms of the connect flows and the distribution channels (spec part 2 §2.1, §9).
import type { TranslationFunctions } from '@locales/i18n-types';

/** What the connect dialogs and /connect-platforms offer (the spec's providers list). */
export const CONNECT_PLATFORMS = ['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook'] as const;
export type ConnectPlatform = (typeof CONNECT_PLATFORMS)[number];

/** The seven distribution channels: e-mail needs no connected account. */
export const CHANNELS = ['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Platforms with a credentials path besides OAuth (the Direct Login tab). */
export const DIRECT_PLATFORMS = ['linkedin', 'whatsapp'] as const;

export const isConnectPlatform = (v: string): v is ConnectPlatform => (CONNECT_PLATFORMS as readonly string[]).includes(v);
export const isChannel = (v: string): v is Channel => (CHANNELS as readonly string[]).includes(v);

/** The `providers` query parameter: a comma list, trimmed, lower-cased, known names only, no repeats. */
export function parseProviders(raw: unknown): ConnectPlatform[] {
  if (typeof raw !== 'string') return [];
  const out: ConnectPlatform[] = [];
  for (const part of raw.split(',')) {
    const p = part.trim().toLowerCase();
    if (isConnectPlatform(p) && !out.includes(p)) out.push(p);
  }
  return out;
}

type PlatformKey = keyof TranslationFunctions['social']['platforms'];

/** A platform's name in the current language; an unknown value is shown as stored. */
export function platformName(LL: TranslationFunctions, platform: string): string {
  return platform in LL.social.platforms ? LL.social.platforms[platform as PlatformKey]() : platform;
}

/** The profiles a connection just added, as its toast names them: "Jane (LinkedIn), Acme (X)". */
export function profileNames(LL: TranslationFunctions, profiles: readonly { profileName: string; platform: string }[]): string {
  return profiles.map((p) => `${p.profileName} (${platformName(LL, p.platform)})`).join(', ');
}

/** Window features of a centred popup of the given size (600x700 on Social Profiles, 600x600 in the send step). */
export function popupFeatures(width: number, height: number, screen: { width: number; height: number; left: number; top: number }): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/** Profiles whose status is active: what makes a platform selectable. */
export function activePlatforms(profiles: readonly { platform: string; status: string }[] | undefined): Set<string> {
  return new Set((profiles ?? []).filter((p) => p.status === 'active').map((p) => p.platform));
}

/** Active profiles that were not active before (a connection that just completed). */
export function newlyActive<T extends { id: string; status: string }>(before: readonly T[], after: readonly T[]): T[] {
  const was = new Set(before.filter((p) => p.status === 'active').map((p) => p.id));
  return after.filter((p) => p.status === 'active' && !was.has(p.id));
}
