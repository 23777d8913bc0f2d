import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useI18nContext } from '@locales/i18n-react';
import { api, errorMessage } from './rest';
import { toast } from './toast';
import { clearSession } from './user';

/**
 * POST /api/logout, then the cached user is cleared and the app goes to /auth.
 * The toasts live here: the component that started the logout unmounts on success.
 * "menu" is the account menu's Log out, "page" the /sign-out confirmation.
 */
export function useLogout(from: 'menu' | 'page') {
  const { LL } = useI18nContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post('/api/logout'),
    onSuccess: async () => {
      clearSession(queryClient);
      if (from === 'menu') toast({ title: LL.signOut.loggedOut(), description: LL.signOut.loggedOutText(), variant: 'success' });
      else toast({ title: LL.signOut.done(), variant: 'success' });
      await navigate({ to: '/auth' });
    },
    onError: (e) => toast({ title: from === 'menu' ? LL.signOut.logoutFailed() : LL.signOut.failed(), description: errorMessage(e), variant: 'destructive' }),
  });
}
