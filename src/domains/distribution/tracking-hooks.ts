import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { DeliveredTo, DeliveryStats, TokenResolver, TrackingHooks } from '../tracking/hooks';
import { videos } from '../videos/tables';
import { shareByToken } from './shares';
import { deliveries } from './tables';

/** Views through a video's share link come under this channel. */
export const SHARE_CHANNEL = 'share';

/**
 * A landing page token: a delivery's (its video, workspace, campaign, channel and recipient: unique
 * viewers count recipients), else a share link's (anonymous viewers, the video's campaign now).
 */
export const resolveDeliveryToken: TokenResolver = async (db, token) => {
  const [row] = await db
    .select({
      videoId: deliveries.videoId,
      workspaceId: deliveries.workspaceId,
      // The video's campaign now: the views count where its deliveries do (decision 121).
      campaignId: videos.campaignId,
      channel: deliveries.platform,
      contactId: deliveries.recipientKey,
    })
    .from(deliveries)
    .innerJoin(videos, eq(videos.id, deliveries.videoId))
    .where(eq(deliveries.token, token));
  if (row) return row;
  const share = await shareByToken(db, token);
  return share ? { ...share, channel: SHARE_CHANNEL, contactId: null, anonymous: true } : null;
};

/**
 * Figures follow the videos (docs/decisions/121): a campaign's deliveries are the sent deliveries of
 * the videos it holds now, like its views. "Delivered to": distinct recipients among them.
 */
const sentOfCampaignVideos = (workspaceId: string, campaignId: string) =>
  and(eq(deliveries.workspaceId, workspaceId), eq(deliveries.status, 'sent'), eq(videos.workspaceId, workspaceId), eq(videos.campaignId, campaignId));

export const campaignDeliveryStats: DeliveryStats = async (db, workspaceId, campaignId) => {
  const where = sentOfCampaignVideos(workspaceId, campaignId);
  const [rows, [reach]] = await Promise.all([
    db
      .select({ platform: deliveries.platform, n: count() })
      .from(deliveries)
      .innerJoin(videos, eq(videos.id, deliveries.videoId))
      .where(where)
      .groupBy(deliveries.platform),
    db
      .select({ n: sql<number>`count(distinct ${deliveries.recipientKey})::int` })
      .from(deliveries)
      .innerJoin(videos, eq(videos.id, deliveries.videoId))
      .where(where),
  ]);
  if (!rows.length) return null;
  return { reach: Number(reach?.n ?? 0), byPlatform: Object.fromEntries(rows.map((r) => [r.platform, Number(r.n)])) };
};

/** "Delivered to" of the workspace's campaigns (or of the given ones) in one grouped query. */
export const deliveredToByCampaign: DeliveredTo = async (db, workspaceId, campaignIds) => {
  if (campaignIds && campaignIds.length === 0) return new Map();
  const rows = await db
    .select({ campaignId: videos.campaignId, n: sql<number>`count(distinct ${deliveries.recipientKey})::int` })
    .from(deliveries)
    .innerJoin(videos, eq(videos.id, deliveries.videoId))
    .where(
      and(
        eq(deliveries.workspaceId, workspaceId),
        eq(deliveries.status, 'sent'),
        eq(videos.workspaceId, workspaceId),
        campaignIds ? inArray(videos.campaignId, campaignIds) : isNotNull(videos.campaignId),
      ),
    )
    .groupBy(videos.campaignId);
  return new Map(rows.map((r) => [r.campaignId!, Number(r.n)]));
};

/** Deliveries as tracking and the figures screens read them: built into the deps by createDeps. */
export function distributionHooks(): TrackingHooks {
  return { resolveToken: resolveDeliveryToken, deliveryStats: campaignDeliveryStats, deliveredTo: deliveredToByCampaign };
}
