import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { assertOwnCampaign } from '../campaigns/owned';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';
import { campaignChannels, campaignDays, platformTable, rowsOf } from './aggregates';
import type { TrackingHooks } from './hooks';
import { trackingEvents } from './tables';

/** Views per day of a campaign's videos (the analytics tab's chart); empty before any view. */
export async function viewsPerDay(opts: { db: Db; scope: Scope; campaignId: string }) {
  await assertOwnCampaign({ db: opts.db, scope: opts.scope, campaignId: opts.campaignId });
  return campaignDays({ db: opts.db, scope: opts.scope, campaignId: opts.campaignId });
}

/** One row per platform: deliveries (once distribution exists), views, unique viewers, engagement, CTR. */
export async function perPlatform(opts: { db: Db; scope: Scope; campaignId: string; hooks: Pick<TrackingHooks, 'deliveryStats'> }) {
  const { db, scope, campaignId } = opts;
  const campaign = await assertOwnCampaign({ db, scope, campaignId });
  const [channels, deliveries] = await Promise.all([campaignChannels({ db, scope, campaignId }), opts.hooks.deliveryStats(db, scope.workspaceId, campaignId)]);
  return platformTable(campaign.platforms, channels, deliveries);
}

/** Both tables of the analytics tab in one answer (REST). */
export async function campaignAnalytics(opts: { db: Db; scope: Scope; campaignId: string; hooks: Pick<TrackingHooks, 'deliveryStats'> }) {
  const [days, platforms] = await Promise.all([viewsPerDay(opts), perPlatform(opts)]);
  return { viewsPerDay: days, platforms };
}

/** The retention curve's marks: every 5 % of the video. */
export const RETENTION_STEP = 5;

/**
 * Audience retention of one of the campaign's videos: at each 5 % mark, the share of views
 * whose highest reported progress reached it (a view that never reported progress stopped at 0).
 * Computed from each view's maximum, which the beacon keeps (one progress row per view).
 */
export async function videoRetention(opts: { db: Db; scope: Scope; campaignId: string; videoId: string }) {
  const { db, scope, campaignId, videoId } = opts;
  await assertOwnCampaign({ db, scope, campaignId });
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope), eq(videos.campaignId, campaignId)));
  if (!video) throw notFound('Video not found');
  // One pass over the video's view and progress rows: views, and how many views stopped at each percent.
  const rows = rowsOf<{ event: string; percent: number | null; n: number | string }>(
    await db.execute(sql`
      select event, percent, count(*) as n from ${trackingEvents}
      where video_id = ${videoId} and workspace_id = ${scope.workspaceId} and event in ('view', 'progress')
      group by event, percent`),
  );
  const views = Number(rows.find((r) => r.event === 'view')?.n ?? 0);
  const progress = rows.filter((r) => r.event === 'progress').map((r) => ({ percent: Number(r.percent ?? 0), n: Number(r.n) }));
  const share = (n: number) => (views > 0 ? Math.round((n / views) * 1000) / 10 : 0);
  const points = [{ percent: 0, viewers: views, share: share(views) }];
  for (let p = RETENTION_STEP; p <= 100; p += RETENTION_STEP) {
    const viewers = progress.reduce((sum, r) => (r.percent >= p ? sum + r.n : sum), 0);
    points.push({ percent: p, viewers, share: share(viewers) });
  }
  return { videoId, views, points };
}
