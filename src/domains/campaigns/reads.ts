import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { afterCursor, type Cursor, decodeCursor, fetchSize, timestampKey, toPage } from '../../server/db/keyset';
import { likePattern } from '../../server/db/like';
import type { TListCampaigns } from './schemas';
import { rowsOf } from '../tracking/aggregates';
import { videoStats } from '../tracking/tables';
import { videos } from '../videos/tables';
import type { Scope } from '../../server/scope';
import { currentPlatforms } from './constants';
import { campaigns, type CampaignStatus } from './tables';

// Reading campaigns back with their figures (the list, the detail): docs/decisions/035-metrics.md.
// A campaign's figures are those of the videos it holds.

/** A timestamp as the API writes it (ISO 8601, UTC), formatted by the database. */
const isoOf = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

type CampaignFigureRow = {
  id: string;
  name: string;
  description: string | null;
  status: CampaignStatus;
  sector: string | null;
  start_date: string | null;
  end_date: string | null;
  platforms: string[] | string;
  total_budget: number;
  spent_budget: number;
  cta_label: string | null;
  cta_url: string | null;
  sender_name: string | null;
  brand_color: string | null;
  created_at: string;
  updated_at: string;
  cursor_key: string;
  video_count: number;
  published_videos: number;
  views: number;
  watched_sum: number;
  cta_clicks: number;
};

/** What to read: one campaign by id, or one page of the list with its filters. */
export type CampaignQuery = { campaignId: string } | { page: TListCampaigns; today: string };

/** The status a campaign shows today (service.effectiveStatus, in SQL, so the list can filter on it). */
const effectiveStatusSql = (today: string) => sql`(case
  when c.status = 'scheduled' then (case when c.start_date is not null and ${today}::date < c.start_date then 'scheduled'
    when c.end_date is not null and ${today}::date > c.end_date then 'completed' else 'active' end)
  when c.status = 'active' and c.end_date is not null and ${today}::date > c.end_date then 'completed'
  else c.status end)`;

function queryWhere(workspaceId: string, what: CampaignQuery, cursor: Cursor | null) {
  if ('campaignId' in what) return sql`c.workspace_id = ${workspaceId} and c.id = ${what.campaignId}`;
  const { q, sector, status } = what.page;
  const where = [sql`c.workspace_id = ${workspaceId}`];
  if (q) where.push(sql`c.name ilike ${likePattern(q)}`);
  if (sector) where.push(sql`c.sector = ${sector}`);
  if (status) where.push(sql`${effectiveStatusSql(what.today)} = ${status}`);
  const after = afterCursor(sql`c.created_at`, sql`c.id`, cursor, 'desc');
  if (after) where.push(after);
  return sql.join(where, sql` and `);
}

/**
 * The workspace's campaigns with their figures, newest first: one campaign by id, or one page of the
 * list (keyset on (created_at, id), docs/decisions/180). One statement: the page is chosen first
 * (index range on campaigns (workspace_id, created_at, id)), then video counts and counters are
 * summed for that page's campaigns only, whatever the workspace's other campaigns hold. Written as SQL
 * and mapped by hand: the query builder's mapping doubled its cost.
 */
export async function campaignsWithFigures(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; what: CampaignQuery }) {
  const { db, what } = opts;
  const { workspaceId } = opts.scope;
  const cursor = 'page' in what ? decodeCursor(what.page.cursor) : null;
  const size = 'page' in what ? fetchSize(what.page) : 1;
  const rows = rowsOf<CampaignFigureRow>(
    await db.execute(sql`
      with c as (
        select c.* from ${campaigns} c where ${queryWhere(workspaceId, what, cursor)}
        order by c.created_at desc, c.id desc limit ${size}
      )
      select c.id, c.name, c.description, c.status, c.sector, c.start_date::text as start_date, c.end_date::text as end_date,
        c.platforms, c.total_budget::float8 as total_budget, c.spent_budget::float8 as spent_budget,
        c.cta_label, c.cta_url, c.sender_name, c.brand_color, ${isoOf('c.created_at')} as created_at, ${isoOf('c.updated_at')} as updated_at,
        ${timestampKey(sql`c.created_at`)} as cursor_key,
        coalesce(n.video_count, 0)::int as video_count, coalesce(n.published_videos, 0)::int as published_videos,
        coalesce(s.views, 0)::int as views, coalesce(s.watched_sum, 0)::float8 as watched_sum, coalesce(s.cta_clicks, 0)::int as cta_clicks
      from c
      left join (
        select campaign_id, count(*) as video_count, count(*) filter (where status = 'published') as published_videos
        from ${videos} where workspace_id = ${workspaceId} and campaign_id in (select id from c)
        group by campaign_id
      ) n on n.campaign_id = c.id
      left join (
        select campaign_id, sum(views) as views, sum(watched_sum::float8) as watched_sum, sum(cta_clicks) as cta_clicks
        from ${videoStats} where workspace_id = ${workspaceId} and campaign_id in (select id from c)
        group by campaign_id
      ) s on s.campaign_id = c.id
      order by c.created_at desc, c.id desc`),
  );
  return toPage(
    rows,
    'page' in what ? what.page : { limit: 1 },
    (r) => ({ key: r.cursor_key, id: r.id }),
    (r) => ({
      id: r.id,
      name: r.name,
      description: r.description,
      status: r.status,
      sector: r.sector,
      startDate: r.start_date,
      endDate: r.end_date,
      platforms: currentPlatforms((typeof r.platforms === 'string' ? JSON.parse(r.platforms) : r.platforms) as string[]),
      totalBudget: Number(r.total_budget),
      spentBudget: Number(r.spent_budget),
      ctaLabel: r.cta_label,
      ctaUrl: r.cta_url,
      senderName: r.sender_name,
      brandColor: r.brand_color,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      videoCount: Number(r.video_count),
      publishedVideos: Number(r.published_videos),
      views: Number(r.views),
      watchedSum: Number(r.watched_sum),
      ctaClicks: Number(r.cta_clicks),
    }),
  );
}
export type CampaignWithFigures = Awaited<ReturnType<typeof campaignsWithFigures>>['items'][number];
