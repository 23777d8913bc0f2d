import { Link } from '@tanstack/react-router';
import { Users } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { Spinner } from '../../components/spinner';
import { useSubscription } from '@/web/components/plan-limit';

/**
 * Teams are not built yet (issue 13). The tab tells the truth for the user's plan: Basic users
 * learn which plans include teams; Pro and Enterprise users learn that theirs will, not yet.
 */
export function TeamTab() {
  const { LL } = useI18nContext();
  const t = LL.settings.team;
  const sub = useSubscription();
  const plan = sub.data?.plan;
  const includesTeams = plan && plan.id !== 'basic';
  return (
    <section className="flex flex-col items-center rounded-box border border-dashed border-base-300 px-6 py-12 text-center" data-testid="team-tab">
      <span className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
        <Users className="size-7" aria-hidden />
      </span>
      <h2 className="text-xl font-semibold">{t.title()}</h2>
      {!plan ? (
        <Spinner className="mt-4 text-primary" />
      ) : includesTeams ? (
        <>
          <span className="badge badge-info badge-soft mt-3">{t.comingSoon()}</span>
          <p className="mt-2 max-w-md text-base-content/70" data-testid="team-text">
            {t.includedSoon({ plan: plan.name })}
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 max-w-md text-base-content/70" data-testid="team-text">
            {t.text()}
          </p>
          <Link to="/subscription" className="btn btn-primary mt-6">
            {t.upgrade()}
          </Link>
        </>
      )}
    </section>
  );
}
