import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CreditCard, Eye, Megaphone, Plus, TrendingUp, Video } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/route-error';
import { useUser } from '../../lib/user';
import type { Dashboard } from '@/web/lib/campaigns-api';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { StatusBadge } from '@/web/components/campaign-status-badge';
import { PopularTemplates } from '@/web/components/popular-templates';
import { useTrpc } from '@/web/lib/trpc';
import { Tooltip } from '../../components/tooltip';
import { Panel } from '../../components/panel';
import { EmptyState } from '../../components/query-state';
import { Table } from '@/web/components/table';

/** GET dashboard (tRPC dashboard.get): stat cards, the top 5 campaigns and popular templates — all real figures. */
export function DashboardPage() {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const { data: user } = useUser();
  // Views arrive from outside (landing pages): every visit reads them afresh, the cache shows meanwhile.
  const { locale } = useI18nContext();
  // Keyed by the screen's language: the templates' names follow a language switch at once.
  const q = useQuery({ ...trpc.dashboard.get.queryOptions({ language: locale }), refetchOnMount: 'always' });
  const name = user ? user.fullName || user.username : null;

  return (
    <div data-testid="dashboard">
      <PageHeader
        title={LL.dashboard.title()}
        subtitle={name ? `${LL.dashboard.welcome({ name })} — ${LL.dashboard.subtitle()}` : LL.dashboard.subtitle()}
        actions={
          <Link to={'/create-video' as string} className="btn btn-primary">
            <Plus className="size-4" aria-hidden /> {LL.nav.createNew()}
          </Link>
        }
      />
      {q.isError && <QueryError error={q.error} onRetry={() => void q.refetch()} />}
      {q.isPending && (
        <div className="space-y-6" data-testid="dashboard-loading">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="skeleton h-28" />
            ))}
          </div>
          <div className="skeleton h-64" />
        </div>
      )}
      {q.isSuccess && <DashboardContent data={q.data} />}
    </div>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  const D = LL.dashboard;
  const unlimited = data.remainingCredits === null;
  const stats = [
    { key: 'videos', icon: Video, label: D.videoCount(), value: f.number(data.videoCount), tone: 'bg-primary/10 text-primary' },
    { key: 'views', icon: Eye, label: D.totalViews(), value: f.number(data.totalViews), tone: 'bg-secondary/10 text-secondary' },
    { key: 'engagement', icon: TrendingUp, label: D.engagementRate(), value: f.percent(data.engagementRate), tone: 'bg-success/10 text-success' },
    {
      key: 'credits',
      icon: CreditCard,
      label: D.remainingCredits(),
      value: unlimited ? '∞' : f.number(data.remainingCredits ?? 0),
      tone: 'bg-accent/10 text-accent',
    },
  ];
  return (
    <div className="space-y-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {stats.map(({ key, icon: Icon, label, value, tone }) => (
          <div
            key={key}
            className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
            data-testid={`stat-${key}`}
          >
            <div className={`self-start rounded-box p-3 sm:self-auto ${tone}`}>
              <Icon className="size-6" aria-hidden />
            </div>
            <div className="min-w-0">
              <p className="text-sm leading-snug text-base-content/70">{label}</p>
              <Tooltip content={key === 'credits' && unlimited ? D.unlimited() : undefined}>
                <p className="text-2xl font-bold tabular-nums" data-testid="stat-value">
                  {value}
                  {key === 'credits' && unlimited && <span className="sr-only"> {D.unlimited()}</span>}
                </p>
              </Tooltip>
            </div>
          </div>
        ))}
      </div>

      <Panel
        title={D.topCampaigns()}
        hint={D.topCampaignsHint()}
        large
        testId="top-campaigns"
        action={
          data.campaigns.length > 0 && (
            <Link to="/campaigns" className="btn btn-ghost btn-sm">
              {D.viewAll()}
            </Link>
          )
        }
      >
        {data.campaigns.length === 0 ? (
          <EmptyState
            compact
            icon={Megaphone}
            title={D.noCampaigns()}
            text={D.noCampaignsText()}
            testId="top-campaigns-empty"
            action={
              <Link to="/create-campaign" className="btn btn-primary btn-sm mt-2">
                <Plus className="size-4" aria-hidden /> {D.createCampaign()}
              </Link>
            }
          />
        ) : (
          <Table
            columns={[D.table.campaign(), D.table.status(), D.table.videos(), D.table.deliveredTo(), D.table.views(), D.table.engagement(), D.table.ctr()]}
            figuresFrom={2}
          >
            {data.campaigns.map((c) => (
              <tr key={c.id} className="hover:bg-base-200/60" data-testid="top-campaign-row" data-campaign-id={c.id}>
                <td className="max-w-64">
                  <Link to="/campaigns/$id" params={{ id: c.id }} className="link link-hover font-medium break-words">
                    {c.name}
                  </Link>
                </td>
                <td>
                  <StatusBadge status={c.status} className="badge-sm" />
                </td>
                <td className="text-right">{f.number(c.videoCount)}</td>
                <td className="text-right" data-testid="top-campaign-delivered">
                  {f.number(c.deliveredTo)}
                </td>
                <td className="text-right" data-testid="top-campaign-views">
                  {f.number(c.views)}
                </td>
                <td className="text-right">{f.percent(c.engagementRate)}</td>
                <td className="text-right">{f.percent(c.ctr)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Panel>

      <PopularTemplates templates={data.templates} />
    </div>
  );
}
