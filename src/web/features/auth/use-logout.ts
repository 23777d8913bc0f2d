import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../lib/rest';
import { clearSession } from '../../lib/user';

/** POST /api/logout, then the cached user is cleared and the app goes to /auth. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/logout'),
    onSuccess: async () => {
      clearSession(queryClient);
      await navigate({ to: '/auth' });
    },
  });
}
