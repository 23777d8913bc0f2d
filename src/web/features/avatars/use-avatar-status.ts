import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { AVATARS_KEY, customAvatarStatusOptions, type Avatar } from './api';
import { isCustomAvatar, isPreparing } from './avatar-rules';

/**
 * A custom avatar as it is now: while the list says it is being prepared, its status is polled
 * every 5 s; when preparation ends the list is refetched (the thumbnail appears then).
 */
export function useLiveAvatar(avatar: Avatar): Avatar {
  const queryClient = useQueryClient();
  const watch = isCustomAvatar(avatar) && isPreparing(avatar.status);
  const live = useQuery(customAvatarStatusOptions(avatar.id, watch));
  const status = live.data?.status ?? avatar.status;
  const wasPreparing = useRef(isPreparing(avatar.status));

  useEffect(() => {
    if (wasPreparing.current && status && !isPreparing(status)) void queryClient.invalidateQueries({ queryKey: [...AVATARS_KEY, 'list'] });
    wasPreparing.current = isPreparing(status);
  }, [status, queryClient]);

  if (!watch || !live.data) return avatar;
  return { ...avatar, status: live.data.status, thumbnail: live.data.thumbnail || avatar.thumbnail, url: live.data.url || avatar.url };
}
