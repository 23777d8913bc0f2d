import { z } from 'zod';

export const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Theme = (typeof THEMES)[number];

// The topics each channel's switches govern (decision 225): campaigns (what recipients do with what
// you sent, and a send's outcome), videos (a render's outcome), analytics (the daily digest). The
// spec's "updates", its "security" switches and "beta features" are gone: nothing in the product
// would read them (no product news is sent, no usage data is shared, no suggestion is personalised,
// no feature is in beta).
const ZChannel = z.object({
  campaigns: z.boolean(),
  videos: z.boolean(),
  analytics: z.boolean(),
});

export const ZUserSettings = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  /** push: the in-app feed (the bell in the shell); email: an e-mail per notice. */
  notifications: z.object({ email: ZChannel, push: ZChannel }),
  advanced: z.object({
    /** Shows ids, job states and the API calls on My Videos. */
    developerMode: z.boolean(),
    apiAccess: z.boolean(),
    apiKeysVisible: z.boolean(),
  }),
});
export type UserSettings = z.infer<typeof ZUserSettings>;

// Defaults exactly as the spec (part 1 §3).
export const DEFAULT_SETTINGS: UserSettings = {
  theme: 'system',
  language: 'en',
  notifications: {
    email: { campaigns: true, videos: true, analytics: true },
    push: { campaigns: true, videos: true, analytics: false },
  },
  advanced: { developerMode: false, apiAccess: false, apiKeysVisible: false },
};

// A partial update: any subset of sections, and any subset of keys inside a section.
export const ZSettingsPatch = z
  .object({
    theme: z.enum(THEMES, { message: 'Theme must be light, dark or system' }),
    language: z.enum(LANGUAGES, { message: 'Language must be one of en, fr, es, de, it, pt' }),
    notifications: z.object({ email: ZChannel.partial().strict(), push: ZChannel.partial().strict() }).partial().strict(),
    advanced: ZUserSettings.shape.advanced.partial().strict(),
  })
  .partial()
  .strict();
export type TSettingsPatch = z.infer<typeof ZSettingsPatch>;

/** A patch applied to settings: the server stores this, and the web shows it before the server answers. */
export function mergeSettings(current: UserSettings, patch: TSettingsPatch): UserSettings {
  return {
    theme: patch.theme ?? current.theme,
    language: patch.language ?? current.language,
    notifications: {
      email: { ...current.notifications.email, ...patch.notifications?.email },
      push: { ...current.notifications.push, ...patch.notifications?.push },
    },
    advanced: { ...current.advanced, ...patch.advanced },
  };
}
