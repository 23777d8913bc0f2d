import { infiniteQueryOptions } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';
import { api } from '../../lib/rest';
import { isClipPending } from './clip-status';

export type Clip = inferRouterOutputs<AppRouter>['generation']['clips']['clips'][number];

/** While a clip renders the list follows it. */
const PENDING_REFRESH_MS = 5000;

/** GET /api/clips, one page at a time (?cursor=): the next page loads as the user scrolls. */
export const clipsOptions = infiniteQueryOptions({
  queryKey: ['clips'] as const,
  queryFn: ({ pageParam }) => api.get('/api/clips', { query: { cursor: pageParam ?? undefined } }),
  initialPageParam: null as string | null,
  getNextPageParam: (last) => last.nextCursor ?? undefined,
  staleTime: 0,
  refetchInterval: (q) => (q.state.data?.pages.some((p) => p.clips.some((c) => isClipPending(c.status))) ? PENDING_REFRESH_MS : false),
});

/** The video a clip rendered (GET /api/videos/{id}): its avatar and script, for Reuse. */
export const fetchClipVideo = (videoId: string) => api.get('/api/videos/:id', { params: { id: videoId } });
