import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/app/router';
import { api } from '../../lib/rest';
import { AVATAR_STATUS_POLL_MS, avatarListParams, isPreparing, type AvatarGenderFilter, type AvatarTab } from './avatar-rules';

type Outputs = inferRouterOutputs<AppRouter>;
export type AvatarPage = Outputs['avatars']['list'];
export type Avatar = AvatarPage['avatars'][number];
export type CustomAvatar = Outputs['avatars']['custom'];

export const AVATARS_KEY = ['avatars'] as const;

export type AvatarFilters = { tab: AvatarTab; gender: AvatarGenderFilter; search: string };

/** GET /api/avatars, page after page of 20 (spec part 2 §9); Load More asks for the next page. */
export const avatarListOptions = (f: AvatarFilters) =>
  infiniteQueryOptions({
    queryKey: [...AVATARS_KEY, 'list', f] as const,
    queryFn: ({ pageParam }) => api.get('/api/avatars', { query: avatarListParams({ ...f, page: pageParam }) }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.hasNext ? last.pagination.page + 1 : undefined),
  });

/** GET /api/avatars/custom/{id}, every 5 s while the avatar is processing, created or validating (spec part 2 §4). */
export const customAvatarStatusOptions = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: [...AVATARS_KEY, 'custom', id] as const,
    queryFn: () => api.get('/api/avatars/custom/:id', { params: { id } }),
    enabled,
    staleTime: 0,
    refetchInterval: (q) => (q.state.error || (q.state.data && !isPreparing(q.state.data.status)) ? false : AVATAR_STATUS_POLL_MS),
  });

export const deleteAvatar = (id: string) => api.delete('/api/avatars/:id', { params: { id } });

export function uploadAvatarSource(file: File) {
  const form = new FormData();
  form.append('image', file);
  return api.post('/api/avatars/upload', form);
}

export function createCustomAvatar(input: { name?: string; gender: 'male' | 'female'; url: string; mimeType: string }) {
  const isVideo = input.mimeType.startsWith('video/');
  return api.post('/api/avatars/create-custom', {
    name: input.name || undefined,
    gender: input.gender,
    mimeType: input.mimeType,
    ...(isVideo ? { consentVideo: input.url } : { imageUrl: input.url }),
  });
}
