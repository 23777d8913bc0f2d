// Shared by the tables, the schemas and the screens: no drizzle here.
export const PUBLICATION_STATUSES = ['queued', 'uploading', 'scheduled', 'published', 'failed'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export const UPLOAD_JOB = 'publishing.upload';
export const INSIGHTS_JOB = 'publishing.insights';
/** Every 30 minutes, the views of the published posts come back. */
export const INSIGHTS_CRON = '*/30 * * * *';
/** A platform's quota: the next attempt waits this long (YouTube's resets daily; Graph's hourly). */
export const QUOTA_WAIT_MS = 60 * 60 * 1000;
/** An OAuth state lives this long. */
export const STATE_TTL_MS = 15 * 60 * 1000;
/** Where the OAuth flow ends. */
export const CONNECT_PLATFORMS_PAGE = '/connect-platforms';
export const CALLBACK_PATH = '/publishing/callback';
