import type { QueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '@/app/router';
import { uiLanguage } from './rest';

export function createTrpc(queryClient: QueryClient) {
  const client = createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        headers: () => ({ 'accept-language': uiLanguage() }),
        fetch: (url, options) => fetch(url, { ...(options as RequestInit), credentials: 'same-origin' }),
      }),
    ],
  });
  return createTRPCOptionsProxy<AppRouter>({ client, queryClient });
}

export type Trpc = ReturnType<typeof createTrpc>;

/** The one way a component reaches tRPC: the proxy built once in main.tsx and put in the router context. */
export const useTrpc = (): Trpc => useRouteContext({ from: '__root__' }).trpc;
