import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegister } from '@/domains/auth/schemas';
import { sameOriginPath } from '@/shared/same-origin-path';
import { api } from '../../lib/rest';
import { setUser, type User } from '../../lib/user';

/** Login and register set the cached user (spec part 1 §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLogin) => api.post<User>('/api/login', input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
      setUser(queryClient, user);
    },
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TRegister) => api.post<User>('/api/register', input),
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
      setUser(queryClient, user);
    },
  });
}

/** Only paths of this app are followed after login (never back to /auth). */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  const path = sameOriginPath(target, origin);
  return !path || /^\/auth(?:[/?#]|$)/.test(path) ? '/dashboard' : path;
}
