import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../components/route-error';
import { Spinner } from '../../components/spinner';
import type { CampaignDetail } from '@/web/lib/campaigns-api';
import { useCampaignFormat } from '@/web/lib/campaign-format';
import { useThemeColors } from './theme-colors';
import { PAGE_MAX } from '@/shared/paging';
import { useTrpc } from '@/web/lib/trpc';
import { Panel } from '@/web/components/panel';

/**
 * Audience retention of one of the campaign's videos: at each 5 % of the video, the share of
 * views still watching (computed by the server from each view's highest progress).
 */
export function RetentionCard({ campaign }: { campaign: CampaignDetail }) {
  const { LL } = useI18nContext();
  const A = LL.campaigns.analytics;
  const trpc = useTrpc();
  // The select offers the campaign's newest 200 videos (one page at the largest size).
  const videos = useQuery(trpc.videos.list.queryOptions({ campaignId: campaign.id, limit: PAGE_MAX }));
  const [chosen, setChosen] = useState<string | null>(null);
  const list = videos.data?.items ?? [];
  // The most watched video first: the one a user most likely wants to read.
  const videoId = chosen && list.some((v) => v.id === chosen) ? chosen : ([...list].sort((a, b) => b.views - a.views)[0]?.id ?? null);

  return (
    <Panel
      title={A.retention()}
      hint={A.retentionHint()}
      testId="retention-card"
      action={
        list.length > 0 && (
          <select
            className="select select-sm w-full sm:w-64"
            value={videoId ?? ''}
            onChange={(e) => setChosen(e.target.value)}
            aria-label={A.retentionVideo()}
            data-testid="retention-video"
          >
            {list.map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </select>
        )
      }
    >
      {videos.isPending && <Spinner className="loading-md mx-auto text-primary" />}
      {videos.isError && <QueryError error={videos.error} onRetry={() => void videos.refetch()} />}
      {videos.isSuccess && !videoId && <p className="py-6 text-center text-sm text-base-content/70">{A.retentionNoVideo()}</p>}
      {videoId && <RetentionChart campaignId={campaign.id} videoId={videoId} />}
    </Panel>
  );
}

function RetentionChart({ campaignId, videoId }: { campaignId: string; videoId: string }) {
  const { LL } = useI18nContext();
  const A = LL.campaigns.analytics;
  const trpc = useTrpc();
  const f = useCampaignFormat();
  const c = useThemeColors();
  const curve = useQuery({ ...trpc.analytics.retention.queryOptions({ campaignId, videoId }), refetchOnMount: 'always' });
  if (curve.isPending) return <div className="h-64" aria-busy="true" />;
  if (curve.isError) return <QueryError error={curve.error} onRetry={() => void curve.refetch()} />;
  if (curve.data.views === 0)
    return (
      <p className="py-6 text-center text-sm text-base-content/70" data-testid="retention-empty">
        {A.retentionEmpty()}
      </p>
    );
  const axis = { fill: c.text, fontSize: 12, opacity: 0.7 };
  return (
    <div className="h-64 w-full" data-testid="retention-chart" data-views={curve.data.views}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={curve.data.points} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid stroke={c.grid} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="percent"
            type="number"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tickFormatter={(p: number) => f.percent(p)}
            tick={axis}
            stroke={c.grid}
          />
          <YAxis domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} tickFormatter={(p: number) => f.percent(p)} tick={axis} stroke={c.grid} />
          <Tooltip
            labelFormatter={(p) => A.retentionAt({ percent: f.percent(Number(p)) })}
            formatter={(share, _name, item) => [
              A.retentionValue({ share: f.percent(Number(share)), viewers: f.number((item.payload as { viewers: number }).viewers) }),
              A.retentionStill(),
            ]}
            contentStyle={{ background: c.surface, borderColor: c.grid, borderRadius: 8, color: c.text }}
          />
          <Area type="stepAfter" dataKey="share" stroke={c.primary} fill={c.primary} fillOpacity={0.2} strokeWidth={2} isAnimationActive={false} />
        </AreaChart>
      </ResponsiveContainer>
      <p className="sr-only">{A.retentionSummary({ views: curve.data.views, end: f.percent(curve.data.points[curve.data.points.length - 1]!.share) })}</p>
    </div>
  );
}
