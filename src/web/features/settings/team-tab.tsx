import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { LoadingRows, QueryState } from '../../components/query-state';
import { useUser } from '../../lib/user';
import { InviteForm } from './team/invite-form';
import { InvitesTable } from './team/invites-table';
import { MembersTable } from './team/members-table';
import { useTeam, type Team } from './team/use-team';

/**
 * The workspace's team: seats, members (admins manage them), pending invitations and the invite
 * form. On a plan without seats (Basic) the invite form gives way to the plans that have them.
 */
export function TeamTab() {
  const { LL } = useI18nContext();
  const { query, refresh } = useTeam();
  const me = useUser().data;
  const onChanged = () => void refresh();
  return (
    <div className="space-y-4" data-testid="team-tab">
      <QueryState
        query={query}
        empty={false}
        loading={<LoadingRows rows={2} testId="team-loading" />}
        error={{ message: LL.workspaces.team.loadFailed(), testId: 'team-error' }}
        emptyState={null}
      >
        {query.data && me && (
          <>
            <TeamHeader team={query.data} />
            <MembersTable team={query.data} meId={me.id} onChanged={onChanged} />
            {query.data.seats.total <= 1 ? (
              <UpgradeForTeams />
            ) : query.data.myRole === 'member' ? (
              <p className="text-sm text-base-content/60" data-testid="team-read-only">
                {LL.workspaces.team.readOnly()}
              </p>
            ) : (
              <>
                <InviteForm seatsLeft={query.data.seats.total - query.data.seats.used} onInvited={onChanged} />
                <InvitesTable invites={query.data.invites} onChanged={onChanged} />
              </>
            )}
          </>
        )}
      </QueryState>
    </div>
  );
}

function TeamHeader({ team }: { team: Team }) {
  const { LL } = useI18nContext();
  const t = LL.workspaces.team;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <h2 className="text-xl font-semibold">{t.workspace({ name: team.workspace.name })}</h2>
      {team.seats.total > 1 && (
        <span className="badge badge-soft badge-primary" title={t.seatsHint()} data-testid="team-seats">
          {t.seats(team.seats)}
        </span>
      )}
    </div>
  );
}

/** Basic: the plans that include teams. */
function UpgradeForTeams() {
  const { LL } = useI18nContext();
  const t = LL.settings.team;
  return (
    <section className="flex flex-col items-center rounded-box border border-dashed border-base-300 px-6 py-10 text-center" data-testid="team-upgrade">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Users className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{t.title()}</h2>
      <p className="mt-2 max-w-md text-base-content/70" data-testid="team-text">
        {t.text()}
      </p>
      <Link to="/subscription" className="btn btn-primary mt-6">
        {t.upgrade()}
      </Link>
    </section>
  );
}
