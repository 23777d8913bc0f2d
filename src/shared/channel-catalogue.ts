// One record per channel/platform (docs/decisions/231-campaign-platforms.md): every list of
// channels the server and the web use is derived from CATALOGUE below, never written out again.
// Plain data and pure functions only: the browser bundle imports this module too.

/** How a platform is reached: the app's SMTP server, a messaging account (Unipile-style), OAuth publishing, or nothing to connect. */
export type Connection = 'email' | 'account' | 'publishing' | 'none';

/** Names of the glyphs the web draws (brand glyphs, else lucide icons); see src/web/components/channel-icon.tsx. */
export type ChannelIconName =
  | 'linkedin'
  | 'twitter'
  | 'instagram'
  | 'whatsapp'
  | 'google'
  | 'outlook'
  | 'facebook'
  | 'youtube'
  | 'tiktok'
  | 'mail'
  | 'share'
  | 'link';

/**
 * Where a name is shown: `account` = as a connected account or a send channel (Social Profiles, the
 * send step, the server's messages), `campaign` = as a campaign platform or a tracking channel. The
 * web translates them under `social.platforms.<id>` and `campaigns.platforms.<id>` (a test keeps the
 * English words here equal to the en dictionary's).
 */
export type LabelUse = 'account' | 'campaign';

export type ChannelRecord = {
  readonly id: string;
  /** English names per use; the server writes these, the web shows the dictionary's. */
  readonly labels: Readonly<Partial<Record<LabelUse, string>>>;
  readonly icon: ChannelIconName;
  /** Tailwind classes, written out whole so the web build finds them: the glyph's colour and a tinted tile. */
  readonly colour: { readonly text: string; readonly tint: string };
  readonly connects: readonly Connection[];
  /** Carries a video as a personal message to one recipient (a channel of the send step). */
  readonly sends: boolean;
  /** Publishes a video one-to-many to a page or channel. */
  readonly publishes: boolean;
  /** Offered as a campaign platform. */
  readonly campaign: boolean;
  /** Has a credentials path besides OAuth (the connect dialog's Direct Login tab). */
  readonly directLogin?: boolean;
  /** Sends per sending account and UTC day (e-mail: per workspace); over it a delivery waits for the next day. */
  readonly dailyLimit?: number;
  /** Longest Inspire Me message: a LinkedIn invitation note holds 300 characters, a tweet 280. */
  readonly messageMaxLength?: number;
};

const NEUTRAL = { text: 'text-base-content/80', tint: 'bg-base-content/10' } as const;

/**
 * The catalogue, in the order lists show it. `instagram` and `facebook` are one record each with
 * both uses: a messaging account (Instagram DMs, Facebook Messenger) and a publishing platform
 * (Reels, Pages). Daily limits: LinkedIn's 80 is the commonly advised safe volume for a personal
 * account; e-mail leaves through the app's SMTP server.
 */
export const CATALOGUE = [
  {
    id: 'linkedin',
    labels: { account: 'LinkedIn', campaign: 'LinkedIn' },
    icon: 'linkedin',
    colour: { text: 'text-[#0A66C2] dark:text-[#5AA2F0]', tint: 'bg-[#0A66C2]/10' },
    connects: ['account'],
    sends: true,
    publishes: false,
    campaign: true,
    directLogin: true,
    dailyLimit: 80,
    messageMaxLength: 300,
  },
  {
    id: 'twitter',
    labels: { account: 'X (Twitter)', campaign: 'Twitter' },
    icon: 'twitter',
    colour: { text: 'text-base-content', tint: 'bg-base-content/10' },
    connects: ['account'],
    sends: true,
    publishes: false,
    campaign: true,
    dailyLimit: 50,
    messageMaxLength: 280,
  },
  {
    id: 'instagram',
    labels: { account: 'Instagram', campaign: 'Instagram' },
    icon: 'instagram',
    colour: { text: 'text-[#E4405F]', tint: 'bg-[#E4405F]/10' },
    connects: ['account', 'publishing'],
    sends: true,
    publishes: true,
    campaign: true,
    dailyLimit: 50,
    messageMaxLength: 1000,
  },
  {
    id: 'whatsapp',
    labels: { account: 'WhatsApp', campaign: 'WhatsApp' },
    icon: 'whatsapp',
    colour: { text: 'text-[#1DA851] dark:text-[#25D366]', tint: 'bg-[#25D366]/10' },
    connects: ['account'],
    sends: true,
    publishes: false,
    campaign: true,
    directLogin: true,
    dailyLimit: 200,
    messageMaxLength: 1000,
  },
  {
    id: 'google',
    labels: { account: 'Google', campaign: 'Gmail (Google)' },
    icon: 'google',
    colour: { text: 'text-[#EA4335]', tint: 'bg-[#EA4335]/10' },
    connects: ['account'],
    sends: true,
    publishes: false,
    campaign: true,
    dailyLimit: 400,
    messageMaxLength: 2000,
  },
  {
    id: 'outlook',
    labels: { account: 'Outlook', campaign: 'Outlook' },
    icon: 'outlook',
    colour: { text: 'text-[#0F6CBD] dark:text-[#4BA0E8]', tint: 'bg-[#0F6CBD]/10' },
    connects: ['account'],
    sends: true,
    publishes: false,
    campaign: true,
    dailyLimit: 300,
    messageMaxLength: 2000,
  },
  {
    id: 'facebook',
    labels: { account: 'Facebook Messenger', campaign: 'Facebook' },
    icon: 'facebook',
    colour: { text: 'text-[#1877F2]', tint: 'bg-[#1877F2]/10' },
    connects: ['account', 'publishing'],
    // A Messenger account can be connected, but sending a video through it is not a channel.
    sends: false,
    publishes: true,
    campaign: true,
  },
  {
    id: 'email',
    labels: { account: 'Email', campaign: 'E-mail' },
    icon: 'mail',
    colour: NEUTRAL,
    connects: ['email'],
    sends: true,
    publishes: false,
    campaign: true,
    dailyLimit: 5000,
    messageMaxLength: 2000,
  },
  {
    id: 'youtube',
    labels: { campaign: 'YouTube' },
    icon: 'youtube',
    colour: { text: 'text-[#FF0000]', tint: 'bg-[#FF0000]/10' },
    connects: ['publishing'],
    sends: false,
    publishes: true,
    campaign: true,
  },
  {
    id: 'share',
    labels: { campaign: 'Share link' },
    icon: 'share',
    colour: NEUTRAL,
    connects: ['none'],
    sends: false,
    publishes: false,
    campaign: true,
  },
  {
    // Offered once; nothing can publish or send there, so campaigns refuse it (decision 231).
    id: 'tiktok',
    labels: { campaign: 'TikTok' },
    icon: 'tiktok',
    colour: { text: 'text-base-content', tint: 'bg-base-content/10' },
    connects: ['none'],
    sends: false,
    publishes: false,
    campaign: false,
  },
  {
    // The tracking channel of a view that came through a plain link.
    id: 'direct',
    labels: { campaign: 'Direct link' },
    icon: 'link',
    colour: NEUTRAL,
    connects: ['none'],
    sends: false,
    publishes: false,
    campaign: false,
  },
] as const satisfies readonly ChannelRecord[];

type Rec = (typeof CATALOGUE)[number];
type Connects<C extends Connection, R = Rec> = R extends { connects: readonly (infer X)[] } ? (C extends X ? R : never) : never;

export type ChannelId = Rec['id'];
/** The send step's channels. */
export type Channel = Extract<Rec, { sends: true }>['id'];
/** Accounts a messaging provider connects. */
export type MessagingPlatform = Connects<'account'>['id'];
/** Messaging accounts that are also send channels: what the connect dialogs offer. */
export type ConnectPlatform = Extract<MessagingPlatform, Channel>;
export type CampaignPlatform = Extract<Rec, { campaign: true }>['id'];
export type PublishPlatform = Extract<Rec, { publishes: true }>['id'];
/** Platforms with a Direct Login tab. */
export type DirectPlatform = Extract<Rec, { directLogin: true }>['id'];

type NonEmpty<T> = readonly [T, ...T[]];
const ids = <T extends ChannelId>(keep: (r: ChannelRecord) => boolean) => CATALOGUE.filter(keep).map((r) => r.id) as unknown as NonEmpty<T>;
const connects = (c: Connection) => (r: ChannelRecord) => r.connects.includes(c);

export const CHANNELS = ids<Channel>((r) => r.sends);
export const MESSAGING_PLATFORMS = ids<MessagingPlatform>(connects('account'));
export const CONNECT_PLATFORMS = ids<ConnectPlatform>((r) => r.sends && r.connects.includes('account'));
export const DIRECT_PLATFORMS = ids<DirectPlatform>((r) => r.sends && r.directLogin === true);
export const PUBLISH_PLATFORMS = ids<PublishPlatform>((r) => r.publishes);
export const CAMPAIGN_PLATFORMS = ids<CampaignPlatform>((r) => r.campaign);
/** Names once offered to campaigns and refused now: a stored list drops them when read. */
export const RETIRED_PLATFORMS = ids<Exclude<ChannelId, CampaignPlatform | 'direct'>>((r) => !r.campaign && r.id !== 'direct');

const BY_ID = new Map<string, ChannelRecord>(CATALOGUE.map((r) => [r.id, r]));
/** The record of an id, or undefined for a name the catalogue does not know. */
export const channelRecord = (id: string): ChannelRecord | undefined => BY_ID.get(id);

/** One value per id of `keys`, read from its record (e.g. the channels' daily limits); a missing value is a mistake in the catalogue. */
function recordOf<K extends ChannelId, V>(keys: NonEmpty<K>, value: (r: ChannelRecord) => V | undefined): Readonly<Record<K, V>> {
  const out = {} as Record<K, V>;
  for (const k of keys) {
    const v = value(BY_ID.get(k)!);
    if (v === undefined) throw new Error(`The channel catalogue lacks a value for ${k}`);
    out[k] = v;
  }
  return out;
}

export const DAILY_LIMITS = recordOf(CHANNELS, (r) => r.dailyLimit);
export const MESSAGE_MAX_LENGTH = recordOf(CHANNELS, (r) => r.messageMaxLength);
/** The English names of the messaging accounts, as the server writes them ("Facebook Messenger"). */
export const PLATFORM_NAMES = recordOf(MESSAGING_PLATFORMS, (r) => r.labels.account);

/** An id's English name for a use; an unknown id reads as given. */
export function channelName(id: string, use: LabelUse = 'account'): string {
  const r = BY_ID.get(id);
  return r?.labels[use] ?? r?.labels.campaign ?? r?.labels.account ?? id;
}

export const isChannel = (v: string): v is Channel => (CHANNELS as readonly string[]).includes(v);
export const isConnectPlatform = (v: string): v is ConnectPlatform => (CONNECT_PLATFORMS as readonly string[]).includes(v);
export const isCampaignPlatform = (v: string): v is CampaignPlatform => (CAMPAIGN_PLATFORMS as readonly string[]).includes(v);
