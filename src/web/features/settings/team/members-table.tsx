import { useMutation } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { InviteRole } from '@/domains/workspaces/schemas';
import { ConfirmFor } from '@/web/components/confirm-dialog';
import { shownFrom, Table } from '@/web/components/table';
import { useFormat } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { SettingsCard } from '../settings-card';
import { RoleOptions } from './role-options';
import { reloadToDashboard, type Team, type TeamMember } from './use-team';

/**
 * Everyone in the workspace. Admins change roles and remove members (never the owner); anyone but
 * the owner may leave. Members see the list only.
 */
export function MembersTable({ team, meId, onChanged }: { team: Team; meId: string; onChanged: () => void }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.team;
  const roles = LL.workspaces.roles;
  const f = useFormat();
  const trpc = useTrpc();
  const manages = team.myRole !== 'member';
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const onError = (e: unknown) => toast({ title: t.actionFailed(), description: errorMessage(e), variant: 'destructive' });

  const changeRole = useMutation(
    trpc.workspaces.changeRole.mutationOptions({
      onSuccess: () => {
        toast({ title: t.roleChanged(), variant: 'success' });
        onChanged();
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.workspaces.removeMember.mutationOptions({
      onSuccess: (_r, input) => {
        setRemoving(null);
        if (input.userId === meId) {
          toast({ title: t.left(), variant: 'success' });
          reloadToDashboard();
          return;
        }
        toast({ title: t.removed(), variant: 'success' });
        onChanged();
      },
      onError,
    }),
  );

  const leaving = removing?.userId === meId;
  return (
    <SettingsCard title={t.members()} icon={Users} testId="team-members">
      <Table columns={[t.name(), { label: t.email(), from: 'sm' }, t.role(), { label: t.joined(), from: 'md' }, '']} className="table-sm">
        {team.members.map((m) => {
          const isOwner = m.role === 'owner';
          const isMe = m.userId === meId;
          return (
            <tr key={m.userId} data-testid="team-member-row">
              <td className="font-medium">
                {m.fullName}
                {isMe && <span className="ml-1 text-base-content/60">({t.you()})</span>}
                {/* A phone has no e-mail column: the address stands under the name. */}
                <div className="break-all font-normal text-base-content/60 text-xs sm:hidden">{m.email}</div>
              </td>
              <td className={shownFrom('sm')}>{m.email}</td>
              <td>
                {manages && !isOwner ? (
                  <select
                    className="select select-sm"
                    aria-label={`${t.role()} — ${m.fullName}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ userId: m.userId, role: e.target.value as InviteRole })}
                    data-testid="team-member-role"
                  >
                    <RoleOptions />
                  </select>
                ) : (
                  <span data-testid="team-member-role-text">{roles[m.role]()}</span>
                )}
              </td>
              <td className={shownFrom('md')}>{f.date(m.joinedAt)}</td>
              <td className="text-right">
                {!isOwner && (isMe || manages) && (
                  <button
                    type="button"
                    className="btn btn-ghost btn-xs text-error"
                    onClick={() => setRemoving(m)}
                    data-testid={isMe ? 'team-leave' : 'team-member-remove'}
                  >
                    {isMe ? t.leave() : t.remove()}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      <ConfirmFor
        target={removing}
        title={leaving ? t.leaveTitle() : t.removeTitle()}
        confirmLabel={leaving ? t.leave() : t.remove()}
        tone="error"
        text={(m) => (m.userId === meId ? t.leaveText({ workspace: team.workspace.name }) : t.removeText({ name: m.fullName }))}
        pending={remove.isPending}
        onConfirm={(m) => remove.mutate({ userId: m.userId })}
        onClose={() => setRemoving(null)}
      />
    </SettingsCard>
  );
}
