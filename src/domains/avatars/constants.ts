// Upload rules of custom avatars that the web reads too.

/** Checked by content. video/webm: what a browser's camera records (MediaRecorder), same caps as the other clips (decision 176). */
export const AVATAR_SOURCE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'video/mp4', 'video/quicktime', 'video/webm'] as const;
export const AVATAR_SOURCE_MAX_BYTES = 10 * 1024 * 1024;
