import { useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { Clapperboard, CreditCard, HardDrive, Megaphone, Plus, Video } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/route-error';
import { useFormat } from '../../lib/format';
import { useUser } from '../../lib/user';

// A first dashboard from real data (plan and usage). The campaigns feature replaces this component.
export function DashboardPage() {
  const { LL } = useI18nContext();
  const { trpc } = useRouteContext({ from: '__root__' });
  const { data: user } = useUser();
  const f = useFormat();
  const sub = useQuery(trpc.billing.subscription.queryOptions());
  const usage = sub.data?.usage;

  const stats = usage
    ? [
        { icon: Video, label: LL.dashboard.videosThisMonth(), value: usage.videosThisMonth.limit === null ? f.number(usage.videosThisMonth.used) : `${f.number(usage.videosThisMonth.used)} / ${f.number(usage.videosThisMonth.limit)}` },
        { icon: CreditCard, label: LL.dashboard.remainingCredits(), value: usage.credits.remaining === null ? LL.common.unlimited() : f.number(usage.credits.remaining) },
        { icon: HardDrive, label: LL.dashboard.storageUsed(), value: f.bytes(usage.storage.usedBytes) },
        { icon: Clapperboard, label: LL.dashboard.plan(), value: sub.data!.plan.name },
      ]
    : [];

  return (
    <div data-testid="dashboard">
      <PageHeader title={LL.dashboard.title()} subtitle={user ? `${LL.dashboard.welcome({ name: user.fullName || user.username })} — ${LL.dashboard.subtitle()}` : LL.dashboard.subtitle()} />
      {sub.isError && <QueryError error={sub.error} onRetry={() => void sub.refetch()} />}
      {sub.isPending && (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="skeleton h-24" />
          ))}
        </div>
      )}
      {usage && (
        <div className="stats stats-vertical w-full border border-base-300 bg-base-100 shadow-sm sm:stats-horizontal">
          {stats.map(({ icon: Icon, label, value }) => (
            <div key={label} className="stat">
              <div className="stat-figure text-primary">
                <Icon className="size-6" aria-hidden />
              </div>
              <div className="stat-title">{label}</div>
              <div className="stat-value text-2xl">{value}</div>
            </div>
          ))}
        </div>
      )}
      <div className="mt-6 grid gap-4 md:grid-cols-2">
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title">
              <Plus className="size-5 text-primary" aria-hidden /> {LL.dashboard.createVideo()}
            </h2>
            <p className="text-sm text-base-content/70">{LL.dashboard.createVideoText()}</p>
            <div className="card-actions justify-end">
              <Link to={'/create-video' as string} className="btn btn-primary btn-sm">
                {LL.dashboard.open()}
              </Link>
            </div>
          </div>
        </div>
        <div className="card border border-base-300 bg-base-100">
          <div className="card-body">
            <h2 className="card-title">
              <Megaphone className="size-5 text-primary" aria-hidden /> {LL.dashboard.campaigns()}
            </h2>
            <p className="text-sm text-base-content/70">{LL.dashboard.campaignsText()}</p>
            <div className="card-actions justify-end">
              <Link to={'/campaigns' as string} className="btn btn-outline btn-sm">
                {LL.dashboard.open()}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
