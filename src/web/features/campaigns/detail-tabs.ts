// Kept apart from the page so that the route's search validation does not pull the page into the entry chunk.
export const DETAIL_TABS = ['overview', 'videos', 'analytics', 'settings'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
