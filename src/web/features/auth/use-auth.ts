import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLogin, TRegister } from '@/domains/auth/schemas';
import type { TLoginTwoFactor } from '@/domains/auth/schemas';
import { sameOriginPath } from '@/shared/same-origin-path';
import type { TranslationFunctions } from '@locales/i18n-types';
import { api, HttpError } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { setUser, type User } from '../../lib/user';

/** A call that signs in: on success the cached user is set and every other query forgotten (spec part 1 §4). */
function useSignIn<T>(mutationFn: (input: T) => Promise<User>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (user) => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
      setUser(queryClient, user);
    },
  });
}

export const useLogin = () => useSignIn((input: TLogin) => api.post('/api/login', input));
export const useRegister = () => useSignIn((input: TRegister) => api.post('/api/register', input));
/** The second step of a two-factor login (docs/decisions/160). */
export const useLoginTwoFactor = () => useSignIn((input: TLoginTwoFactor) => api.post('/api/login/two-factor', input));

/** The pending token of a right password on a two-factor account (401 `twoFactorRequired`), else null. */
export function pendingTokenOf(error: unknown): string | null {
  if (!(error instanceof HttpError) || error.status !== 401) return null;
  try {
    const body = JSON.parse(error.body) as { twoFactorRequired?: unknown; pendingToken?: unknown };
    return body.twoFactorRequired === true && typeof body.pendingToken === 'string' ? body.pendingToken : null;
  } catch {
    return null;
  }
}

/** Only paths of this app are followed after login (never back to /auth). */
export function safeRedirect(target: string | undefined, origin = window.location.origin): string {
  const path = sameOriginPath(target, origin);
  return !path || /^\/auth(?:[/?#]|$)/.test(path) ? '/dashboard' : path;
}

/** The toast after a login, by password or by the second step. */
export function welcomeBack(LL: TranslationFunctions, user: User) {
  toast({ title: LL.auth.loginSuccess(), description: LL.auth.loginWelcome({ name: user.fullName || user.username }), variant: 'success' });
}
