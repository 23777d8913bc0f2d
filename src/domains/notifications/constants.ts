/** Queue names. */
export const NOTICE_EMAIL_JOB = 'notice-email';
export const NOTICE_DIGEST_JOB = 'notice-digest';
/** Notices the bell's list shows at most. */
export const FEED_LIMIT = 30;
