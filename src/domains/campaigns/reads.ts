import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { rowsOf } from '../tracking/aggregates';
import { videoStats } from '../tracking/tables';
import { videos } from '../videos/tables';
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
  video_count: number;
  published_videos: number;
  views: number;
  watched_sum: number;
  cta_clicks: number;
};

/**
 * The user's campaigns with their figures, newest first (or one campaign by id), in one
 * statement: video counts from an index-only scan of videos, counters from video_stats
 * (which carries the campaign, so no join). Written as SQL and mapped by hand: the list
 * can hold thousands of rows and the query builder's mapping doubled its cost.
 */
export async function campaignsWithFigures(opts: { db: Db; userId: string; campaignId?: string }) {
  const { db, userId } = opts;
  const one = opts.campaignId;
  const rows = rowsOf<CampaignFigureRow>(
    await db.execute(sql`
      select c.id, c.name, c.description, c.status, c.sector, c.start_date::text as start_date, c.end_date::text as end_date,
        c.platforms, c.total_budget::float8 as total_budget, c.spent_budget::float8 as spent_budget,
        c.cta_label, c.cta_url, c.sender_name, c.brand_color, ${isoOf('c.created_at')} as created_at, ${isoOf('c.updated_at')} as updated_at,
        coalesce(n.video_count, 0)::int as video_count, coalesce(n.published_videos, 0)::int as published_videos,
        coalesce(s.views, 0)::int as views, coalesce(s.watched_sum, 0)::float8 as watched_sum, coalesce(s.cta_clicks, 0)::int as cta_clicks
      from ${campaigns} c
      left join (
        select campaign_id, count(*) as video_count, count(*) filter (where status = 'published') as published_videos
        from ${videos} where user_id = ${userId} and ${one ? sql`campaign_id = ${one}` : sql`campaign_id is not null`}
        group by campaign_id
      ) n on n.campaign_id = c.id
      left join (
        select campaign_id, sum(views) as views, sum(watched_sum::float8) as watched_sum, sum(cta_clicks) as cta_clicks
        from ${videoStats} where user_id = ${userId} and ${one ? sql`campaign_id = ${one}` : sql`campaign_id is not null`}
        group by campaign_id
      ) s on s.campaign_id = c.id
      where c.user_id = ${userId} ${one ? sql`and c.id = ${one}` : sql``}
      order by c.created_at desc, c.id desc`),
  );
  return rows.map((r) => ({
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
  }));
}
export type CampaignWithFigures = Awaited<ReturnType<typeof campaignsWithFigures>>[number];
