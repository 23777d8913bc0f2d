import { QueryCache, QueryClient } from '@tanstack/react-query';

// Spec part 1 §7: no retries, no refetch on focus or interval, data never stale
// (the user query overrides staleTime with its 10-minute cache).
export function createQueryClient(onUnauthorized: () => void) {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isUnauthorized(error)) onUnauthorized();
      },
    }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        refetchOnReconnect: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

function isUnauthorized(error: unknown): boolean {
  const e = error as { status?: number; data?: { code?: string; httpStatus?: number } } | null;
  return e?.status === 401 || e?.data?.code === 'UNAUTHORIZED' || e?.data?.httpStatus === 401;
}
