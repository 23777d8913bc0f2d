import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { clearSession, setUser } from '../../lib/user';
import { useTrpc } from '@/web/lib/trpc';
import { RoleNote } from '@/web/components/role-note';
import { useCan } from '@/web/lib/workspace-role';

type Action = 'videos' | 'reset' | 'account';

/** Each action runs only after the exact word is typed; then the real call. */
export function DangerZone() {
  const { LL } = useI18nContext();
  // Every video of the workspace: the owner's to delete (the account's own rows stay each user's).
  const canDeleteVideos = useCan('owner') !== false;
  const a = LL.settings.advanced;
  const trpc = useTrpc();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState<Action | null>(null);
  // A workspace the user owns with others in it is deleted with the account (decision 200): say so before.
  const mine = useQuery({ ...trpc.workspaces.mine.queryOptions(), enabled: open === 'account' });
  const team = mine.data?.find((w) => w.role === 'owner' && w.memberCount > 1);
  const fail = (e: unknown) => toast({ title: a.actionFailed(), description: errorMessage(e), variant: 'destructive' });

  const deleteVideos = useMutation(
    trpc.users.deleteAllVideos.mutationOptions({
      onSuccess: ({ deleted }) => {
        setOpen(null);
        void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'user' });
        toast({ title: a.videosDeleted(), description: a.videosDeletedText({ count: deleted }), variant: 'success' });
      },
      onError: fail,
    }),
  );
  const reset = useMutation(
    trpc.users.resetAccount.mutationOptions({
      onSuccess: (user) => {
        setOpen(null);
        setUser(queryClient, user);
        void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
        toast({ title: a.accountReset(), description: a.accountResetText(), variant: 'success' });
      },
      onError: fail,
    }),
  );
  const deleteAccount = useMutation(
    trpc.users.deleteAccount.mutationOptions({
      onSuccess: async () => {
        setOpen(null);
        clearSession(queryClient);
        toast({ title: a.accountDeleted(), description: a.accountDeletedText(), variant: 'success' });
        await navigate({ to: '/auth' });
      },
      onError: fail,
    }),
  );

  const rows: { id: Action; title: string; text: string; word: 'DELETE' | 'RESET'; run: () => void; pending: boolean }[] = [
    {
      id: 'videos',
      title: a.deleteVideos(),
      text: a.deleteVideosText(),
      word: 'DELETE',
      run: () => deleteVideos.mutate({ confirm: 'DELETE' }),
      pending: deleteVideos.isPending,
    },
    {
      id: 'reset',
      title: a.resetAccount(),
      text: a.resetAccountText(),
      word: 'RESET',
      run: () => reset.mutate({ confirm: 'RESET' }),
      pending: reset.isPending,
    },
    {
      id: 'account',
      title: a.deleteAccount(),
      text: a.deleteAccountText(),
      word: 'DELETE',
      run: () => deleteAccount.mutate({ confirm: 'DELETE' }),
      pending: deleteAccount.isPending,
    },
  ];
  const current = rows.find((r) => r.id === open);

  return (
    <section className="rounded-box border border-error/40 p-4" data-testid="danger-zone">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-error">
        <TriangleAlert className="size-5" aria-hidden /> {a.dangerZone()}
      </h2>
      <div className="divide-y divide-base-300">
        {rows.map((r) => (
          <div key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium">{r.title}</p>
              <p className="text-sm text-base-content/60">{r.text}</p>
            </div>
            {r.id === 'videos' && !canDeleteVideos ? (
              <RoleNote text={LL.workspaces.onlyOwnerVideos()} />
            ) : (
              <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setOpen(r.id)} data-testid={`danger-${r.id}`}>
                {r.title}
              </button>
            )}
          </div>
        ))}
      </div>
      <ConfirmDialog
        open={current !== undefined}
        title={a.confirmTitle()}
        confirmWord={current?.word}
        confirmLabel={current?.title ?? ''}
        tone="error"
        pending={current?.pending}
        onConfirm={() => current?.run()}
        onClose={() => setOpen(null)}
      >
        {current?.text}
        {open === 'account' && team && (
          <p className="mt-2 font-medium text-error" data-testid="danger-team-note">
            {LL.workspaces.teamGoesWithAccount({ name: team.name, count: team.memberCount - 1 })}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
