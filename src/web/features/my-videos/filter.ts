// The My Videos filters (spec part 2 §2.5): all, drafts, processing, completed; a published video
// is a completed one that was also published. The server applies them (videos.list's `filter` and
// `q`), so that they see every video and not only the pages loaded so far.
export const VIDEO_FILTERS = ['all', 'draft', 'processing', 'completed'] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];
