// The platforms of the connect flows and the distribution channels (spec part 2 §2.1, §9): the
// lists come from the channel catalogue (src/shared/channel-catalogue.ts), shared with the server.
import type { TranslationFunctions } from '@locales/i18n-types';
import { isConnectPlatform, type ConnectPlatform, type LabelUse } from '@/shared/channel-catalogue';

export {
  CHANNELS,
  CONNECT_PLATFORMS,
  DIRECT_PLATFORMS,
  isChannel,
  isConnectPlatform,
  type Channel,
  type ConnectPlatform,
} from '@/shared/channel-catalogue';

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

/**
 * A channel's name in the current language, as `use` shows it: `account` on the social and send
 * screens ("Facebook Messenger", "X (Twitter)"), `campaign` on the campaign screens ("Facebook",
 * "Share link"). A name missing for that use falls back to the other; an unknown value is shown as stored.
 */
export function channelLabel(LL: TranslationFunctions, id: string, use: LabelUse = 'account'): string {
  const account = LL.social.platforms;
  const campaign = LL.campaigns.platforms;
  for (const table of use === 'account' ? [account, campaign] : [campaign, account])
    if (Object.hasOwn(table, id)) return (table as Record<string, () => string>)[id]!();
  return id;
}

/** The profiles a connection just added, as its toast names them: "Jane (LinkedIn), Acme (X)". */
export function profileNames(LL: TranslationFunctions, profiles: readonly { profileName: string; platform: string }[]): string {
  return profiles.map((p) => `${p.profileName} (${channelLabel(LL, p.platform)})`).join(', ');
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
