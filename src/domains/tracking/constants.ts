// Constants shared by the tables, the schemas and the web: no drizzle here, so the
// browser bundle never pulls the ORM in through a schema import.
export const TRACK_EVENTS = ['view', 'progress', 'cta'] as const;
export type TrackEvent = (typeof TRACK_EVENTS)[number];
