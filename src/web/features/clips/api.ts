import { queryOptions } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/router';
import { api } from '../../lib/rest';
import type { Video } from '@/web/components/videos/types';
import { isClipPending } from './clip-status';

export type Clip = inferRouterOutputs<AppRouter>['generation']['clips']['clips'][number];

/** While a clip renders the list follows it. */
const PENDING_REFRESH_MS = 5000;

/** GET /api/clips. */
export const clipsOptions = queryOptions({
  queryKey: ['clips'] as const,
  queryFn: () => api.get<{ clips: Clip[] }>('/api/clips'),
  staleTime: 0,
  refetchInterval: (q) => (q.state.data?.clips.some((c) => isClipPending(c.status)) ? PENDING_REFRESH_MS : false),
});

/** The video a clip rendered (GET /api/videos/{id}): its avatar and script, for Reuse. */
export const fetchClipVideo = (videoId: string) => api.get<Video>(`/api/videos/${encodeURIComponent(videoId)}`);
