import { Link } from '@tanstack/react-router';
import { Eye, MousePointerClick, Send, TrendingUp, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { VideoCard } from '@/web/components/videos/video-card';
import type { CampaignDetail } from '@/web/lib/campaigns-api';
import { sectorLabel } from '@/web/lib/campaign-labels';
import { channelLabel } from '@/web/lib/platforms';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { PlatformName } from './platform-icon';
import { StatusBadge } from '@/web/components/campaign-status-badge';
import { Panel } from '@/web/components/panel';
import { PublishingFigures } from '@/web/components/publishing/publishing-figures';

export function OverviewTab({ campaign: c }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  const O = LL.campaigns.overview;
  const metrics = [
    // Defined once in README's Metrics section: recipients reached vs people who watched.
    { key: 'delivered', icon: Send, label: O.deliveredTo(), hint: O.deliveredToHint(), value: f.number(c.deliveredTo) },
    { key: 'watched', icon: Users, label: O.watchedBy(), hint: O.watchedByHint(), value: f.number(c.watchedBy) },
    { key: 'views', icon: Eye, label: O.views(), hint: O.viewsHint(), value: f.number(c.views) },
    { key: 'engagement', icon: TrendingUp, label: O.engagement(), hint: O.engagementHint(), value: f.percent(c.engagementRate) },
    { key: 'ctr', icon: MousePointerClick, label: O.ctr(), hint: O.ctrHint(), value: f.percent(c.ctr) },
  ];
  const notSet = <span className="text-base-content/60">{O.notSet()}</span>;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    { key: 'sector', label: O.sector(), value: c.sector ? sectorLabel(LL, c.sector) : notSet },
    { key: 'status', label: O.status(), value: <StatusBadge status={c.status} className="badge-sm" /> },
    { key: 'start', label: O.startDate(), value: c.startDate ? f.day(c.startDate) : notSet },
    { key: 'end', label: O.endDate(), value: c.endDate ? f.day(c.endDate) : notSet },
    { key: 'duration', label: O.duration(), value: c.durationDays === null ? notSet : O.days({ count: c.durationDays }) },
    { key: 'total-videos', label: O.totalVideos(), value: f.number(c.totalVideos) },
    { key: 'published-videos', label: O.publishedVideos(), value: f.number(c.publishedVideos) },
    { key: 'pending-videos', label: O.pendingVideos(), value: f.number(c.pendingVideos) },
  ];
  const maxViews = Math.max(1, ...c.platformStats.map((p) => p.views));

  return (
    <div className="space-y-6" data-testid="overview-tab">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {metrics.map(({ key, icon: Icon, label, hint, value }) => (
          <div key={key} className="rounded-box border border-base-300 bg-base-100 p-4" data-testid={`metric-${key}`}>
            <div className="flex items-center justify-between gap-2 text-sm text-base-content/70">
              <span className="font-medium">{label}</span>
              <Icon className="size-4 text-primary" aria-hidden />
            </div>
            <p className="mt-2 text-2xl font-bold tabular-nums" data-testid="metric-value">
              {value}
            </p>
            <p className="mt-1 text-xs text-base-content/60">{hint}</p>
          </div>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Panel title={O.details()} testId="details-panel">
          <dl className="divide-y divide-base-200 text-sm">
            {rows.map((r) => (
              <div key={r.key} className="flex items-center justify-between gap-4 py-2" data-testid={`detail-${r.key}`}>
                <dt className="text-base-content/70">{r.label}</dt>
                <dd className="text-right font-medium">{r.value}</dd>
              </div>
            ))}
            <div className="py-2" data-testid="detail-budget">
              <div className="flex items-center justify-between gap-4">
                <dt className="text-base-content/70">{O.budgetUsed()}</dt>
                <dd className="text-right font-medium">
                  {O.spentOf({ spent: f.money(c.spentBudget), total: f.money(c.totalBudget) })}
                  <span className="ml-2 text-base-content/70" data-testid="budget-percent">
                    {f.percent(c.budgetPercent)}
                  </span>
                </dd>
              </div>
              <progress className="progress progress-primary mt-2 w-full" value={Math.min(100, c.budgetPercent)} max={100} aria-label={O.budgetUsed()} />
            </div>
          </dl>
        </Panel>

        <Panel title={O.platformDistribution()} hint={O.platformHint()} testId="platform-panel">
          <ul className="space-y-3">
            {c.platformStats.map((p) => (
              <li key={p.platform} data-testid="platform-row" data-platform={p.platform}>
                <div className="mb-1 flex items-center justify-between gap-2 text-sm">
                  <PlatformName platform={p.platform} />
                  <span className="text-base-content/70 tabular-nums" data-testid="platform-views">
                    {f.number(p.views)}
                  </span>
                </div>
                <progress
                  className="progress progress-secondary h-2 w-full"
                  value={p.views}
                  max={maxViews}
                  aria-label={channelLabel(LL, p.platform, 'campaign')}
                />
              </li>
            ))}
          </ul>
        </Panel>
      </div>

      <PublishingFigures figures={c.publishing} />

      <Panel
        title={O.recentVideos()}
        testId="recent-videos"
        action={
          c.totalVideos > 0 ? (
            <Link to="/campaigns/$id" params={{ id: c.id }} search={{ tab: 'videos' }} className="btn btn-ghost btn-sm">
              {O.allVideos()}
            </Link>
          ) : undefined
        }
      >
        {c.recentVideos.length === 0 ? (
          <p className="text-sm text-base-content/70">{O.noVideos()}</p>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {c.recentVideos.map((v) => (
              <VideoCard key={v.id} video={v} />
            ))}
          </div>
        )}
      </Panel>
    </div>
  );
}
