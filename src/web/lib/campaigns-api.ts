import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { TRPCClientError } from '@trpc/client';
import { useCallback } from 'react';
import type { AppRouter } from '@/app/router';
import { useTrpc } from '@/web/lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type CampaignListItem = Outputs['campaigns']['list']['items'][number];
export type CampaignDetail = Outputs['campaigns']['byId'];
export type { Video } from '@/web/components/videos/types';
export type Dashboard = Outputs['dashboard']['get'];
export type PlatformRow = Outputs['analytics']['perPlatform'][number];
export type DayRow = Outputs['analytics']['viewsPerDay'][number];
export type RecipientRow = Outputs['distribution']['campaignRecipients']['rows'][number];

/**
 * After any change to campaigns or videos every figure that reads them is refetched:
 * the lists, the detail, the analytics and the dashboard.
 */
export function useInvalidateFigures() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all(
        [trpc.campaigns.pathKey(), trpc.videos.pathKey(), trpc.dashboard.pathKey(), trpc.analytics.pathKey()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
    [trpc, queryClient],
  );
}

/** A tRPC error the server answered with 404 (unknown id, or another user's). */
export function isNotFound(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';
}
