// Constants shared by the tables, the schemas and the web: no drizzle here, so the
// browser bundle never pulls the ORM in through a schema import.
/** open: a landing page loaded in a browser (its script ran); view: the video played. */
export const TRACK_EVENTS = ['open', 'view', 'progress', 'cta'] as const;
export type TrackEvent = (typeof TRACK_EVENTS)[number];
