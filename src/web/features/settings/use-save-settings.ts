import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mergeSettings, type TSettingsPatch } from '@/domains/settings/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { api, errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { setUser, USER_KEY, type User } from '../../lib/user';

/**
 * PATCH /api/settings with the change shown at once; the server's user replaces it, or it rolls back.
 * The change is applied inside the click's own handler (not in an async onMutate), so a controlled
 * toggle never flips back for a frame, and a user fetch still in flight is cancelled so it cannot
 * overwrite the change with the value from before it.
 */
export function useSaveSettings() {
  const { LL } = useI18nContext();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: ({ patch }: { patch: TSettingsPatch; before: User | null | undefined }) => api.patch('/api/settings', patch),
    onSuccess: (user, { patch }) => {
      setUser(queryClient, user);
      // The catalogue (templates, presenters' roles, backgrounds) is served in the user's language.
      if (patch.language) void queryClient.invalidateQueries({ predicate: (q) => q.queryKey !== USER_KEY && q.queryKey[0] !== USER_KEY[0] });
      toast({ title: LL.settings.updated(), description: LL.settings.updatedText(), variant: 'success' });
    },
    onError: (e, { before }) => {
      if (before) setUser(queryClient, before);
      toast({ title: LL.settings.updateFailed(), description: errorMessage(e), variant: 'destructive' });
    },
  });
  const mutate = (patch: TSettingsPatch) => {
    void queryClient.cancelQueries({ queryKey: USER_KEY });
    const before = queryClient.getQueryData<User | null>(USER_KEY);
    if (before) setUser(queryClient, { ...before, settings: mergeSettings(before.settings, patch) });
    mutation.mutate({ patch, before });
  };
  return { mutate, isPending: mutation.isPending };
}
