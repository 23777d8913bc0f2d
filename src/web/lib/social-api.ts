import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useCallback } from 'react';
import type { AppRouter } from '@/app/router';
import { type ApiReply, api } from './rest';
import type { ConnectPlatform } from './platforms';
import { useTrpc } from '@/web/lib/trpc';

type Outputs = inferRouterOutputs<AppRouter>;
export type SocialProfile = Outputs['social']['profiles'][number];
export type SocialContact = Outputs['social']['contacts'][number];
export type UnipileAccount = Outputs['social']['refreshAccounts'][number];
export type WhatsAppTest = Outputs['social']['whatsappTest'];
/** A direct connection's answer (LinkedIn's and WhatsApp's are declared alike). */
export type DirectResult = ApiReply<'POST', '/api/social-connections/linkedin/direct'>;

/** The user's connected profiles (GET /api/social-profiles). */
export function useProfiles(enabled = true) {
  const trpc = useTrpc();
  return useQuery({ ...trpc.social.profiles.queryOptions(), enabled });
}

/** Which messaging provider the app runs with (the sandbox shows a badge). */
export function useMessagingProvider() {
  const trpc = useTrpc();
  return useQuery({ ...trpc.social.provider.queryOptions(), staleTime: 10 * 60_000 });
}

/** POST /api/social-connections/auth-url: the authorization page of a platform. */
export function requestAuthUrl(platformId: ConnectPlatform, redirectUri?: string, state?: string) {
  return api.post('/api/social-connections/auth-url', {
    platformId,
    ...(redirectUri ? { redirectUri } : {}),
    ...(state ? { state: state.slice(0, 500) } : {}),
  });
}

/** GET /api/unipile/accounts: every account's state as the provider sees it (a read: nothing is recorded). */
export const readAccounts = () => api.get('/api/unipile/accounts');

/** Asks the provider for every account's state and records it, refreshing stale contacts (a mutation). */
export function useRefreshAccounts() {
  const trpc = useTrpc();
  return useMutation(trpc.social.refreshAccounts.mutationOptions());
}

/** After a connection changes: the profiles and the social contacts are read again. */
export function useRefetchSocial() {
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.refetchQueries({ queryKey: trpc.social.profiles.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.social.contacts.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.billing.subscription.queryKey() }),
    ]);
    return queryClient.getQueryData(trpc.social.profiles.queryKey()) ?? [];
  }, [trpc, queryClient]);
}
