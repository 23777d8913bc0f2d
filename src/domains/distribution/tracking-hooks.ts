import { and, count, eq, sql } from 'drizzle-orm';
import { registerDeliveryStats, registerTokenResolver, type DeliveryStats, type TokenResolver } from '../tracking/hooks';
import { deliveries } from './tables';

/** A landing page token: its video, owner, campaign, channel and recipient (unique viewers count recipients). */
export const resolveDeliveryToken: TokenResolver = async (db, token) => {
  const [row] = await db
    .select({ videoId: deliveries.videoId, userId: deliveries.userId, campaignId: deliveries.campaignId, channel: deliveries.platform, contactId: deliveries.recipientKey })
    .from(deliveries)
    .where(eq(deliveries.token, token));
  return row ?? null;
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
