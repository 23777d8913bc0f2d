import { z } from 'zod';

export const LANGUAGES = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const;
export const THEMES = ['light', 'dark', 'system'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Theme = (typeof THEMES)[number];

const ZChannel = z.object({
  campaigns: z.boolean(),
  videos: z.boolean(),
  analytics: z.boolean(),
  updates: z.boolean(),
});

export const ZUserSettings = z.object({
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
  notifications: z.object({ email: ZChannel, push: ZChannel }),
  security: z.object({ shareAnalytics: z.boolean(), allowPersonalization: z.boolean() }),
  advanced: z.object({
    developerMode: z.boolean(),
    betaFeatures: z.boolean(),
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
    email: { campaigns: true, videos: true, analytics: true, updates: false },
    push: { campaigns: true, videos: true, analytics: false, updates: false },
  },
  security: { shareAnalytics: true, allowPersonalization: true },
  advanced: { developerMode: false, betaFeatures: false, apiAccess: false, apiKeysVisible: false },
};

// A partial update: any subset of sections, and any subset of keys inside a section.
export const ZSettingsPatch = z
  .object({
    theme: z.enum(THEMES, { message: 'Theme must be light, dark or system' }),
    language: z.enum(LANGUAGES, { message: 'Language must be one of en, fr, es, de, it, pt' }),
    notifications: z.object({ email: ZChannel.partial().strict(), push: ZChannel.partial().strict() }).partial().strict(),
    security: ZUserSettings.shape.security.partial().strict(),
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
    security: { ...current.security, ...patch.security },
    advanced: { ...current.advanced, ...patch.advanced },
  };
}
