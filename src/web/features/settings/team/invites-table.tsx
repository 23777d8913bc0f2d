import { useMutation } from '@tanstack/react-query';
import { MailQuestion } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmFor } from '@/web/components/confirm-dialog';
import { shownFrom, Table } from '@/web/components/table';
import { useFormat } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { SettingsCard } from '../settings-card';
import type { TeamInvite } from './use-team';

/** Invitations not accepted yet (admins only): who, as what, until when; revoke frees the seat. */
export function InvitesTable({ invites, onChanged }: { invites: TeamInvite[]; onChanged: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.team;
  const f = useFormat();
  const trpc = useTrpc();
  const [revoking, setRevoking] = useState<TeamInvite | null>(null);
  const revoke = useMutation(
    trpc.workspaces.revokeInvite.mutationOptions({
      onSuccess: () => {
        setRevoking(null);
        toast({ title: t.revoked(), variant: 'success' });
        onChanged();
      },
      onError: (e) => toast({ title: t.actionFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  return (
    <SettingsCard title={t.pending()} icon={MailQuestion} testId="team-invites">
      {invites.length === 0 ? (
        <p className="py-2 text-sm text-base-content/60">{t.noPending()}</p>
      ) : (
        <Table columns={[t.email(), t.role(), { label: t.invitedBy(), from: 'md' }, { label: t.expires(), from: 'sm' }, '']} className="table-sm">
          {invites.map((i) => (
            <tr key={i.id} data-testid="team-invite-row">
              <td className="break-all font-medium">{i.email}</td>
              <td>{LL.workspaces.roles[i.role]()}</td>
              <td className={shownFrom('md')}>{i.invitedBy ?? '—'}</td>
              <td className={shownFrom('sm')}>{i.expired ? <span className="badge badge-ghost">{t.expired()}</span> : f.date(i.expiresAt)}</td>
              <td className="text-right">
                <button type="button" className="btn btn-ghost btn-xs text-error" onClick={() => setRevoking(i)} data-testid="team-invite-revoke">
                  {t.revoke()}
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <ConfirmFor
        target={revoking}
        title={t.revokeTitle()}
        confirmLabel={t.revoke()}
        tone="error"
        text={(i) => t.revokeText({ email: i.email })}
        pending={revoke.isPending}
        onConfirm={(i) => revoke.mutate({ id: i.id })}
        onClose={() => setRevoking(null)}
      />
    </SettingsCard>
  );
}
