import { and, count, eq, sql } from 'drizzle-orm';
import { registerDeliveryStats, registerTokenResolver, type DeliveryStats, type TokenResolver } from '../tracking/hooks';
import { shareByToken } from './shares';
import { deliveries } from './tables';

/** Views through a video's share link come under this channel. */
export const SHARE_CHANNEL = 'share';

/**
 * A landing page token: a delivery's (its video, owner, campaign, channel and recipient: unique
 * viewers count recipients), else a share link's (anonymous viewers, the video's campaign now).
 */
export const resolveDeliveryToken: TokenResolver = async (db, token) => {
  const [row] = await db
    .select({ videoId: deliveries.videoId, userId: deliveries.userId, campaignId: deliveries.campaignId, channel: deliveries.platform, contactId: deliveries.recipientKey })
    .from(deliveries)
    .where(eq(deliveries.token, token));
  if (row) return row;
  const share = await shareByToken(db, token);
  return share ? { ...share, channel: SHARE_CHANNEL, contactId: null, anonymous: true } : null;
};

/** Reach: distinct recipients with a sent delivery in the campaign; deliveries per platform: the sent ones. */
export const campaignDeliveryStats: DeliveryStats = async (db, userId, campaignId) => {
  const where = and(eq(deliveries.userId, userId), eq(deliveries.campaignId, campaignId), eq(deliveries.status, 'sent'));
  const [rows, [reach]] = await Promise.all([
    db.select({ platform: deliveries.platform, n: count() }).from(deliveries).where(where).groupBy(deliveries.platform),
    db.select({ n: sql<number>`count(distinct ${deliveries.recipientKey})::int` }).from(deliveries).where(where),
  ]);
  if (!rows.length) return null;
  return { reach: Number(reach?.n ?? 0), byPlatform: Object.fromEntries(rows.map((r) => [r.platform, Number(r.n)])) };
};

/** Plugs deliveries into tracking (landing-page tokens, reach): called once by createDeps. */
export function registerDistributionHooks() {
  registerTokenResolver(resolveDeliveryToken);
  registerDeliveryStats(campaignDeliveryStats);
}
