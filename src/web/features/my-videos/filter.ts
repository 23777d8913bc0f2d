// The My Videos filters (spec part 2 §2.5): all, drafts, processing, completed; a published video
// is a completed one that was also published.
export const VIDEO_FILTERS = ['all', 'draft', 'processing', 'completed'] as const;
export type VideoFilter = (typeof VIDEO_FILTERS)[number];

const IN_FILTER: Record<Exclude<VideoFilter, 'all'>, readonly string[]> = {
  draft: ['draft'],
  processing: ['processing'],
  completed: ['completed', 'published'],
};

export function filterVideos<T extends { title: string; script?: string | null; status: string }>(
  videos: readonly T[],
  filter: VideoFilter,
  query: string,
): T[] {
  const needle = query.trim().toLowerCase();
  return videos.filter(
    (v) =>
      (filter === 'all' || IN_FILTER[filter].includes(v.status)) &&
      (!needle || v.title.toLowerCase().includes(needle) || (v.script ?? '').toLowerCase().includes(needle)),
  );
}
