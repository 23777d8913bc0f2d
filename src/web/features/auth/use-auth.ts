import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegister } from '@/domains/auth/schemas';
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

/** Only same-site paths are followed after login. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/auth')) return '/dashboard';
  return target;
}
