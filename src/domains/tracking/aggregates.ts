import { and, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { campaigns, type CampaignStatus } from '../campaigns/tables';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';
import { campaignStats, templateUses, trackingEvents, videoStats } from './tables';

// Every figure the campaign screens and the dashboard show, computed in SQL with a
// fixed number of queries whatever the number of campaigns (the dashboard from counters kept by
// triggers, docs/decisions/180). Definitions:
// docs/decisions/035-metrics.md. A campaign's figures are those of the videos it holds.

const round1 = (n: number) => Math.round(n * 10) / 10;

/** Average share of the video watched per view, in % (a view that never reported progress counts 0). */
export const engagementRate = (watchedSum: number, views: number) => (views > 0 ? round1(watchedSum / views) : 0);
/** Call-to-action clicks per view, in %. */
export const clickThroughRate = (ctaClicks: number, views: number) => (views > 0 ? round1((ctaClicks / views) * 100) : 0);

export type Figures = { views: number; watchedSum: number; ctaClicks: number };
export const rates = (f: Figures) => ({ engagementRate: engagementRate(f.watchedSum, f.views), ctr: clickThroughRate(f.ctaClicks, f.views) });

/**
 * The dashboard's counters and top campaigns in one statement, from campaign_stats (the sums of
 * video_stats per campaign, kept by a trigger: decision 180), so that it reads one row per campaign
 * and not one per video; videos are counted for the campaigns shown only.
 */
export async function dashboardFigures(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; limit: number }) {
  const { db, limit } = opts;
  const ws = opts.scope.workspaceId;
  const rows = rowsOf<{
    id: string | null;
    name: string;
    status: CampaignStatus;
    start_date: string | null;
    end_date: string | null;
    views: number;
    watched_sum: number;
    cta_clicks: number;
    video_count: number;
  }>(
    await db.execute(sql`
      with top as (
        select c.id, c.name, c.status, c.start_date::text as start_date, c.end_date::text as end_date, c.created_at,
          coalesce(s.views, 0) as views, coalesce(s.watched_sum, 0) as watched_sum, coalesce(s.cta_clicks, 0) as cta_clicks
        from ${campaigns} c left join ${campaignStats} s on s.workspace_id = ${ws} and s.campaign_key = c.id
        where c.workspace_id = ${ws}
        order by views desc, c.created_at desc, c.id
        limit ${limit}
      )
      select id, name, status, start_date, end_date, views::int as views, watched_sum::float8 as watched_sum, cta_clicks::int as cta_clicks,
        (select count(*) from ${videos} v where v.workspace_id = ${ws} and v.campaign_id = top.id)::int as video_count
      from (select * from top order by views desc, created_at desc, id) top
      union all
      select null, '', 'draft', null, null, coalesce(sum(views), 0)::int, coalesce(sum(watched_sum), 0)::float8, coalesce(sum(cta_clicks), 0)::int, 0
      from ${campaignStats} where workspace_id = ${ws}`),
  );
  const totalRow = rows.find((r) => r.id === null);
  const num = (r: (typeof rows)[number]) => ({ views: Number(r.views), watchedSum: Number(r.watched_sum), ctaClicks: Number(r.cta_clicks) });
  return {
    totals: totalRow ? num(totalRow) : { views: 0, watchedSum: 0, ctaClicks: 0 },
    top: rows
      .filter((r) => r.id !== null)
      .map((r) => ({ id: r.id!, name: r.name, status: r.status, startDate: r.start_date, endDate: r.end_date, videoCount: Number(r.video_count), ...num(r) })),
  };
}

/** postgres-js returns an array, PGlite an object with rows. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The events of one campaign's videos, workspace-scoped on both tables. */
const campaignEvents = (workspaceId: string, campaignId: string) => sql`
  from ${trackingEvents} e join ${videos} v on v.id = e.video_id
  where e.workspace_id = ${workspaceId} and v.workspace_id = ${workspaceId} and v.campaign_id = ${campaignId}`;

/**
 * Per channel and in total (one query with grouping sets): views, unique viewers,
 * watched sum and call-to-action clicks of a campaign's videos.
 */
export async function campaignChannels(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; campaignId: string }) {
  const { db, scope, campaignId } = opts;
  const rows = rowsOf<{ channel: string; total: number; views: number; viewers: number; watched_sum: number; cta_clicks: number }>(
    await db.execute(sql`
      select e.channel, grouping(e.channel)::int as total,
        (count(*) filter (where e.event = 'view'))::int as views,
        (count(distinct e.viewer) filter (where e.event = 'view'))::int as viewers,
        coalesce(sum(e.percent) filter (where e.event = 'progress'), 0)::float8 as watched_sum,
        (count(*) filter (where e.event = 'cta'))::int as cta_clicks
      ${campaignEvents(scope.workspaceId, campaignId)}
      group by grouping sets ((e.channel), ())`),
  );
  const norm = (r: (typeof rows)[number]) => ({
    views: Number(r.views),
    uniqueViewers: Number(r.viewers),
    watchedSum: Number(r.watched_sum),
    ctaClicks: Number(r.cta_clicks),
  });
  const total = rows.find((r) => Number(r.total) === 1);
  return {
    total: total ? norm(total) : { views: 0, uniqueViewers: 0, watchedSum: 0, ctaClicks: 0 },
    byChannel: rows.filter((r) => Number(r.total) === 0).map((r) => ({ channel: r.channel, ...norm(r) })),
  };
}

const DAY_MS = 86_400_000;
const MAX_DAYS = 366;

/** Views, unique viewers and clicks per UTC day, zero-filled between the first and the last day with data. */
export async function campaignDays(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; campaignId: string }) {
  const { db, scope, campaignId } = opts;
  const rows = rowsOf<{ day: string; views: number; viewers: number; cta_clicks: number }>(
    await db.execute(sql`
      select to_char((e.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day,
        (count(*) filter (where e.event = 'view'))::int as views,
        (count(distinct e.viewer) filter (where e.event = 'view'))::int as viewers,
        (count(*) filter (where e.event = 'cta'))::int as cta_clicks
      ${campaignEvents(scope.workspaceId, campaignId)}
      group by 1 order by 1`),
  );
  if (rows.length === 0) return [];
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const last = Date.parse(`${rows[rows.length - 1].day}T00:00:00Z`);
  const first = Math.max(Date.parse(`${rows[0].day}T00:00:00Z`), last - (MAX_DAYS - 1) * DAY_MS);
  const out: { date: string; views: number; uniqueViewers: number; ctaClicks: number }[] = [];
  for (let t = first; t <= last; t += DAY_MS) {
    const date = new Date(t).toISOString().slice(0, 10);
    const r = byDay.get(date);
    out.push({ date, views: Number(r?.views ?? 0), uniqueViewers: Number(r?.viewers ?? 0), ctaClicks: Number(r?.cta_clicks ?? 0) });
  }
  return out;
}

/** How many videos the workspace has and how often each template is used: template_uses, kept by a trigger on videos. */
export async function videoTemplateCounts(opts: { db: Db; scope: Pick<Scope, 'workspaceId'> }) {
  const { db, scope } = opts;
  const rows = await db.select({ templateKey: templateUses.templateKey, uses: templateUses.uses }).from(templateUses).where(inWorkspace(templateUses, scope));
  const used = rows
    .filter((r) => r.templateKey !== '' && r.uses > 0)
    .map((r) => ({ templateId: r.templateKey, uses: Number(r.uses) }))
    .sort((a, b) => b.uses - a.uses || a.templateId.localeCompare(b.templateId));
  return { videoCount: rows.reduce((n, r) => n + Number(r.uses), 0), used };
}

/**
 * Recomputes every counter of the workspace's videos from the raw events. The beacon keeps
 * them current transactionally; this is for bulk imports and repairs.
 */
export async function rebuildVideoStats(opts: { db: Db; scope: Pick<Scope, 'workspaceId'> }) {
  const { db, scope } = opts;
  const ws = scope.workspaceId;
  await db.transaction(async (tx) => {
    await tx.delete(videoStats).where(inWorkspace(videoStats, scope));
    await tx.execute(sql`
      insert into ${videoStats} (video_id, workspace_id, campaign_id, views, watched_sum, cta_clicks, last_event_at)
      select e.video_id, ${ws}, v.campaign_id,
        (count(*) filter (where e.event = 'view'))::int,
        coalesce(sum(e.percent) filter (where e.event = 'progress'), 0),
        (count(*) filter (where e.event = 'cta'))::int,
        max(e.updated_at)
      from ${trackingEvents} e join ${videos} v on v.id = e.video_id
      where e.workspace_id = ${ws} and v.workspace_id = ${ws}
      group by e.video_id, v.campaign_id`);
  });
}

/** Keeps video_stats.campaign_id equal to videos.campaign_id when videos move between campaigns. */
export async function moveVideoStats(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; videoIds: string[]; campaignId: string | null }) {
  const { db, scope, videoIds, campaignId } = opts;
  if (videoIds.length === 0) return;
  await db
    .update(videoStats)
    .set({ campaignId })
    .where(and(inWorkspace(videoStats, scope), inArray(videoStats.videoId, videoIds)));
}
type Channels = Awaited<ReturnType<typeof campaignChannels>>;

/**
 * One row per platform: the campaign's own platforms first (zeros included, so the
 * panel never hides a chosen platform), then any other channel that brought views or deliveries.
 */
export function platformTable(campaignPlatforms: string[], channels: Channels, deliveries: { byPlatform: Record<string, number> } | null) {
  const names = [...campaignPlatforms];
  for (const c of [...channels.byChannel].sort((a, b) => b.views - a.views)) if (!names.includes(c.channel)) names.push(c.channel);
  for (const p of Object.keys(deliveries?.byPlatform ?? {})) if (!names.includes(p)) names.push(p);
  return names.map((platform) => {
    const c = channels.byChannel.find((x) => x.channel === platform);
    const f = { views: c?.views ?? 0, watchedSum: c?.watchedSum ?? 0, ctaClicks: c?.ctaClicks ?? 0 };
    return {
      platform,
      deliveries: deliveries?.byPlatform[platform] ?? 0,
      views: f.views,
      uniqueViewers: c?.uniqueViewers ?? 0,
      ctaClicks: f.ctaClicks,
      ...rates(f),
    };
  });
}
