import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback } from 'react';
import type { AppRouter } from '@/app/router';
import type { TranslationFunctions } from '@locales/i18n-types';
import { useTrpc } from '@/web/lib/trpc';

// The publishing screens' reads (docs/decisions/229): the tRPC `publishing` router's replies.

type Outputs = inferRouterOutputs<AppRouter>;
export type Connection = Outputs['publishing']['connections'][number];
export type Publication = Outputs['publishing']['list'][number];
export type PublishPlatform = Connection['platform'];
export type PublishingFigure = Outputs['campaigns']['byId']['publishing'][number];

export const PUBLISH_PLATFORMS: readonly PublishPlatform[] = ['facebook', 'instagram', 'youtube'];

/** Where the publishing sandbox lists what it "published" (a server page). */
export const SANDBOX_POSTS_PAGE = '/sandbox/publishing/posts';

export const isPublishPlatform = (p: string | undefined): p is PublishPlatform => PUBLISH_PLATFORMS.includes(p as PublishPlatform);

/** A post still on its way: the list polls while one is. */
export const inFlight = (p: Pick<Publication, 'status'>) => p.status === 'queued' || p.status === 'uploading';

/** The label of where the views come from: the sandbox's plays, else the platform's statistics. */
export function viewsSourceLabel(LL: TranslationFunctions, platform: string, source: string | null): string {
  const S = LL.publishing.sources;
  if (source?.startsWith('sandbox')) return S.sandbox();
  return isPublishPlatform(platform) ? S[platform]() : (source ?? '');
}

/** After a change: the connections, the lists and the campaign figures that show posts. */
export function useInvalidatePublishing() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all([trpc.publishing.pathKey(), trpc.campaigns.pathKey()].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [trpc, queryClient],
  );
}
