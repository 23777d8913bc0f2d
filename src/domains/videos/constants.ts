// Constants shared by the tables, the schemas and the web: no drizzle here, so the
// browser bundle never pulls the ORM in through a schema import.
export const VIDEO_STATUSES = ['draft', 'processing', 'completed', 'failed', 'published'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
