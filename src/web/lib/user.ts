import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PublicUser } from '@/domains/users/schemas';
import { api, HttpError } from './rest';

export type User = PublicUser;

export const USER_KEY = ['user'] as const;

/** The current user: null when anonymous (401). Cached for 10 minutes (spec part 1 §9). */
export const userQueryOptions = queryOptions({
  queryKey: USER_KEY,
  queryFn: async (): Promise<User | null> => {
    try {
      return await api.get('/api/user');
    } catch (e) {
      if (e instanceof HttpError && e.status === 401) return null;
      throw e;
    }
  },
  staleTime: 10 * 60 * 1000,
  gcTime: 10 * 60 * 1000,
});

export const useUser = () => useQuery(userQueryOptions);

export function setUser(queryClient: QueryClient, user: User | null) {
  queryClient.setQueryData(USER_KEY, user);
}

/** After logout or account deletion: the user is null and nothing of theirs stays cached. */
export function clearSession(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] });
  setUser(queryClient, null);
}

/** First two letters of the username, in capitals (the account menu's fallback). */
export const initialsOf = (username: string) => username.slice(0, 2).toUpperCase();
