import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, SearchX } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../components/route-error';
import { FullPageSpinner } from '../../components/spinner';
import { isNotFound } from '@/web/lib/campaigns-api';
import { CampaignActions } from './campaign-actions';
import { DETAIL_TABS, type DetailTab } from './detail-tabs';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';
import { StatusBadge } from '@/web/components/campaign-status-badge';
import { VideosTab } from './videos-tab';
import { useTrpc } from '@/web/lib/trpc';
import { FilterTabs } from '@/web/components/filter-tabs';

// The chart library is large: it loads with the analytics tab only.
const AnalyticsTab = lazy(() => import('./analytics-tab').then((m) => ({ default: m.AnalyticsTab })));

function BackLink() {
  const { LL } = useI18nContext();
  return (
    <Link to="/campaigns" activeOptions={{ exact: true }} className="btn btn-ghost btn-sm -ml-3 mb-3 gap-1" data-testid="back-to-campaigns">
      <ArrowLeft className="size-4" aria-hidden /> {LL.campaigns.detail.back()}
    </Link>
  );
}

export function CampaignDetailPage({ id, tab }: { id: string; tab: DetailTab }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const navigate = useNavigate();
  const q = useQuery(trpc.campaigns.byId.queryOptions({ id }));

  if (q.isPending) return <FullPageSpinner />;
  if (q.isError) {
    if (isNotFound(q.error))
      return (
        <div>
          <BackLink />
          <div
            className="flex flex-col items-center gap-3 rounded-box border border-base-300 bg-base-100 px-6 py-14 text-center"
            data-testid="campaign-not-found"
          >
            <SearchX className="size-10 text-base-content/50" aria-hidden />
            <h1 className="text-xl font-bold">{LL.campaigns.detail.notFound()}</h1>
            <p className="max-w-md text-base-content/70">{LL.campaigns.detail.notFoundText()}</p>
          </div>
        </div>
      );
    return (
      <div>
        <BackLink />
        <QueryError error={q.error} onRetry={() => void q.refetch()} />
      </div>
    );
  }

  const c = q.data;
  return (
    <div data-testid="campaign-detail">
      <BackLink />
      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-start md:justify-between">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold break-words md:text-3xl" data-testid="campaign-title">
              {c.name}
            </h1>
            <StatusBadge status={c.status} />
          </div>
          <p className={`mt-2 max-w-3xl whitespace-pre-line ${c.description ? 'text-base-content/80' : 'text-base-content/60 italic'}`}>
            {c.description || LL.campaigns.detail.noDescription()}
          </p>
        </div>
        <CampaignActions campaign={c} />
      </div>
      <FilterTabs
        options={DETAIL_TABS}
        value={tab}
        onChange={(t) => void navigate({ to: '/campaigns/$id', params: { id }, search: t === 'overview' ? {} : { tab: t }, replace: true })}
        label={(t) => LL.campaigns.detail.tabs[t]()}
        testId={(t) => `campaign-tab-${t}`}
        variant="border"
        className="mb-6 flex-nowrap overflow-x-auto"
      />
      <div role="tabpanel">
        {tab === 'overview' && <OverviewTab campaign={c} />}
        {tab === 'videos' && <VideosTab campaign={c} />}
        {tab === 'analytics' && (
          <Suspense fallback={<FullPageSpinner />}>
            <AnalyticsTab campaign={c} />
          </Suspense>
        )}
        {tab === 'settings' && <SettingsTab campaign={c} />}
      </div>
    </div>
  );
}
