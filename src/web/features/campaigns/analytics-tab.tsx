import { useQuery } from '@tanstack/react-query';
import { ChartNoAxesColumn } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../components/route-error';
import { LoadingBlock } from '../../components/spinner';
import { Panel } from '@/web/components/panel';
import { EmptyState } from '@/web/components/query-state';
import type { CampaignDetail, DayRow } from '@/web/lib/campaigns-api';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { PlatformName } from './platform-icon';
import { RecipientsCard } from './recipients-table';
import { RetentionCard } from './retention-chart';
import { useThemeColors } from './theme-colors';
import { useTrpc } from '@/web/lib/trpc';
import { Table } from '@/web/components/table';
import { PublishingFigures } from '@/web/components/publishing/publishing-figures';

export function AnalyticsTab({ campaign }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const f = useCampaignFormat();
  const A = LL.campaigns.analytics;
  const input = { campaignId: campaign.id };
  // Views arrive from outside (landing pages): each visit of the tab reads them afresh.
  const days = useQuery({ ...trpc.analytics.viewsPerDay.queryOptions(input), refetchOnMount: 'always' });
  const platforms = useQuery({ ...trpc.analytics.perPlatform.queryOptions(input), refetchOnMount: 'always' });
  // Whether anyone was sent a video: the per-contact table shows even before any view.
  const recipients = useQuery({ ...trpc.distribution.campaignRecipients.queryOptions({ ...input, limit: 1 }), refetchOnMount: 'always' });

  if (days.isPending || platforms.isPending || recipients.isPending) return <LoadingBlock className="py-16" />;
  if (days.isError) return <QueryError error={days.error} onRetry={() => void days.refetch()} />;
  if (platforms.isError) return <QueryError error={platforms.error} onRetry={() => void platforms.refetch()} />;
  if (recipients.isError) return <QueryError error={recipients.error} onRetry={() => void recipients.refetch()} />;

  const sent = recipients.data.total > 0;
  if (days.data.length === 0 && !sent)
    return (
      <div className="space-y-6">
        <EmptyState icon={ChartNoAxesColumn} title={A.noData()} text={A.noDataText()} testId="analytics-empty" />
        {campaign.publishing.length > 0 && <PublishingFigures figures={campaign.publishing} />}
      </div>
    );

  return (
    <div className="space-y-6" data-testid="analytics-tab">
      <Panel title={A.viewsPerDay()}>
        <ViewsChart days={days.data} />
      </Panel>
      <RetentionCard campaign={campaign} />
      {sent && <RecipientsCard campaign={campaign} multipleVideos={campaign.videoCount > 1} />}
      <Panel title={A.perPlatform()}>
        <Table
          columns={[A.platform(), A.deliveries(), A.views(), A.uniqueViewers(), A.engagement(), A.clicks(), A.ctr()]}
          figuresFrom={1}
          testId="platform-table"
        >
          {platforms.data.map((p) => (
            <tr key={p.platform} data-platform={p.platform}>
              <td>
                <PlatformName platform={p.platform} />
              </td>
              <td className="text-right">{f.number(p.deliveries)}</td>
              <td className="text-right" data-testid="platform-table-views">
                {f.number(p.views)}
              </td>
              <td className="text-right">{f.number(p.uniqueViewers)}</td>
              <td className="text-right">{f.percent(p.engagementRate)}</td>
              <td className="text-right">{f.number(p.ctaClicks)}</td>
              <td className="text-right">{f.percent(p.ctr)}</td>
            </tr>
          ))}
        </Table>
      </Panel>
      <PublishingFigures figures={campaign.publishing} />
    </div>
  );
}

const DAY_MS = 86_400_000;
const MIN_DAYS = 7;
const MAX_DAYS = 366;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * The server sends the days from the first to the last with data; the chart runs on to
 * today (UTC) and shows at least a week, the added days at zero — which they are.
 */
export function chartDays(days: DayRow[], today = iso(Date.now())): DayRow[] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const lastDay = days.length && days[days.length - 1].date > today ? days[days.length - 1].date : today;
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  const first = Math.max(
    Math.min(days.length ? Date.parse(`${days[0].date}T00:00:00Z`) : last, last - (MIN_DAYS - 1) * DAY_MS),
    last - (MAX_DAYS - 1) * DAY_MS,
  );
  const out: DayRow[] = [];
  for (let t = first; t <= last; t += DAY_MS) out.push(byDate.get(iso(t)) ?? { date: iso(t), views: 0, uniqueViewers: 0, ctaClicks: 0 });
  return out;
}

function ViewsChart({ days }: { days: DayRow[] }) {
  const { LL } = useI18nContext();
  const f = useCampaignFormat();
  const c = useThemeColors();
  return (
    <div className="h-72 w-full" data-testid="views-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={chartDays(days)} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="date" tickFormatter={f.shortDay} tick={{ fill: c.text, fontSize: 12, opacity: 0.7 }} stroke={c.grid} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fill: c.text, fontSize: 12, opacity: 0.7 }} stroke={c.grid} />
          <Tooltip
            cursor={{ fill: c.grid, opacity: 0.4 }}
            labelFormatter={(d) => f.day(String(d))}
            formatter={(value) => [f.number(Number(value)), LL.campaigns.analytics.views()]}
            contentStyle={{ background: c.surface, borderColor: c.grid, borderRadius: 8, color: c.text }}
          />
          <Bar dataKey="views" fill={c.primary} radius={[4, 4, 0, 0]} maxBarSize={48} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
