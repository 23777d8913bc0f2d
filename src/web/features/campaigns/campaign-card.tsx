import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarDays, Eye, Send, Tag, TrendingUp, Video } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import type { CampaignListItem } from '@/web/lib/campaigns-api';
import { sectorLabel } from '@/web/lib/campaign-labels';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { PlatformIcons } from './platform-icon';
import { StatusBadge } from '@/web/components/campaign-status-badge';

/** "Mar 1, 2026 – Apr 30, 2026", or one side only, or "No dates set". */
export function useDateRange() {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  return (start: string | null, end: string | null) => {
    if (start && end) return `${f.day(start)} – ${f.day(end)}`;
    if (start) return LL.campaigns.from({ date: f.day(start) });
    if (end) return LL.campaigns.until({ date: f.day(end) });
    return LL.campaigns.noDates();
  };
}

export function CampaignCard({ campaign: c }: { campaign: CampaignListItem }) {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  const range = useDateRange();
  const figures = [
    { icon: Video, label: LL.campaigns.videos(), value: f.number(c.videoCount), testId: 'card-videos' },
    { icon: Send, label: LL.campaigns.deliveredTo(), value: f.compact(c.deliveredTo), testId: 'card-delivered' },
    { icon: Eye, label: LL.campaigns.views(), value: f.compact(c.views), testId: 'card-views' },
    { icon: TrendingUp, label: LL.campaigns.engagement(), value: f.percent(c.engagementRate), testId: 'card-engagement' },
  ];
  return (
    <article
      className="card border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      data-testid="campaign-card"
      data-campaign-id={c.id}
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 className="card-title min-w-0 text-lg leading-snug break-words">{c.name}</h2>
          <StatusBadge status={c.status} />
        </div>
        <div className="flex flex-col gap-1.5 text-sm text-base-content/70">
          <span className="flex items-center gap-2">
            <Tag className="size-4 shrink-0" aria-hidden />
            {sectorLabel(LL, c.sector)}
          </span>
          <span className="flex items-center gap-2">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            {range(c.startDate, c.endDate)}
          </span>
        </div>
        <PlatformIcons platforms={c.platforms} />
        <dl className="grid grid-cols-2 gap-2 rounded-box bg-base-200 p-3 text-center sm:grid-cols-4">
          {figures.map(({ icon: Icon, label, value, testId }) => (
            <div key={testId} className="min-w-0">
              <dt className="flex items-center justify-center gap-1 text-xs text-base-content/70">
                <Icon className="size-3.5 shrink-0" aria-hidden />
                <span className="truncate">{label}</span>
              </dt>
              <dd className="mt-0.5 text-lg font-semibold tabular-nums" data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <div className="card-actions justify-end">
          <Link to="/campaigns/$id" params={{ id: c.id }} className="btn btn-outline btn-primary btn-sm">
            {LL.campaigns.viewCampaign()} <ArrowRight className="size-4" aria-hidden />
          </Link>
        </div>
      </div>
    </article>
  );
}
