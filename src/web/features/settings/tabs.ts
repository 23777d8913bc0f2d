// Kept apart from the page so that the route's search validation does not pull the page into the entry chunk.
export const SETTINGS_TABS = ['general', 'notifications', 'security', 'team', 'integrations', 'advanced'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
