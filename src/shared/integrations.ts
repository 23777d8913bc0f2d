// The services a workspace can connect in Settings → Integrations (docs/decisions/220): two voice
// providers and three video providers. Read by the platform (which builds the adapters), the
// integrations domain (which stores the keys) and the web (which draws a card for each).

export const INTEGRATION_PROVIDERS = ['elevenlabs', 'openai-speech', 'heygen', 'd-id', 'creatify'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export type IntegrationInfo = {
  /** Shown on the card, beside the voices and avatars it brings. */
  name: string;
  kind: 'voice' | 'video';
  /** Its voices' id prefix (`elevenlabs-…`), or its avatars' (`heygen-…`): the id names who speaks or renders it. */
  prefix: string;
  /** Creatify authenticates with an API id besides the key. */
  needsApiId?: true;
  /** An OpenAI-compatible server is wherever its owner runs it. */
  needsBaseUrl?: true;
};

export const INTEGRATIONS: Record<IntegrationProvider, IntegrationInfo> = {
  elevenlabs: { name: 'ElevenLabs', kind: 'voice', prefix: 'elevenlabs-' },
  'openai-speech': { name: 'OpenAI-compatible', kind: 'voice', prefix: 'openai-', needsBaseUrl: true },
  heygen: { name: 'HeyGen', kind: 'video', prefix: 'heygen-' },
  'd-id': { name: 'D-ID', kind: 'video', prefix: 'did-' },
  creatify: { name: 'Creatify', kind: 'video', prefix: 'creatify-', needsApiId: true },
};

/** The video adapters' own names (the `provider` column of a video) for each video integration. */
export const VIDEO_VENDOR = { heygen: 'heygen', 'd-id': 'did', creatify: 'creatify' } as const;
export type VideoVendor = (typeof VIDEO_VENDOR)[keyof typeof VIDEO_VENDOR];
export const VIDEO_VENDORS: readonly VideoVendor[] = Object.values(VIDEO_VENDOR);

/** The vendor a provider avatar's id names (`heygen-Angela…` → heygen), with the vendor's own avatar id. */
export function providerAvatarRef(id: string): { vendor: VideoVendor; avatarId: string } | null {
  for (const vendor of VIDEO_VENDORS) {
    const prefix = `${vendor}-`;
    if (id.startsWith(prefix) && id.length > prefix.length) return { vendor, avatarId: id.slice(prefix.length) };
  }
  return null;
}

export const VIDEO_VENDOR_NAMES: Record<VideoVendor, string> = { heygen: 'HeyGen', did: 'D-ID', creatify: 'Creatify' };
