import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { campaigns } from '../campaigns/tables';
import { campaignChannels, campaignDays, platformTable } from './aggregates';
import { deliveryFigures } from './hooks';

async function assertOwnCampaign(db: Db, userId: string, campaignId: string) {
  const [row] = await db
    .select({ platforms: campaigns.platforms })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!row) throw notFound('Campaign not found');
  return row;
}

/** Views per day of a campaign's videos (the analytics tab's chart); empty before any view. */
export async function viewsPerDay(opts: { db: Db; userId: string; campaignId: string }) {
  await assertOwnCampaign(opts.db, opts.userId, opts.campaignId);
  return campaignDays(opts.db, opts.userId, opts.campaignId);
}

/** One row per platform: deliveries (once distribution exists), views, unique viewers, engagement, CTR. */
export async function perPlatform(opts: { db: Db; userId: string; campaignId: string }) {
  const { db, userId, campaignId } = opts;
  const campaign = await assertOwnCampaign(db, userId, campaignId);
  const [channels, deliveries] = await Promise.all([campaignChannels(db, userId, campaignId), deliveryFigures(db, userId, campaignId)]);
  return platformTable(campaign.platforms, channels, deliveries);
}

/** Both tables of the analytics tab in one answer (REST). */
export async function campaignAnalytics(opts: { db: Db; userId: string; campaignId: string }) {
  const [days, platforms] = await Promise.all([viewsPerDay(opts), perPlatform(opts)]);
  return { viewsPerDay: days, platforms };
}
