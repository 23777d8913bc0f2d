import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { campaigns } from './tables';

// The campaign owner check, the one place every domain asks "is this the user's campaign?".
// Part of the data layer with tables.ts (docs/decisions/140-domain-graph.md): any domain may import it.

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** The user's campaign (its id and platforms), else 404: another user's campaign answers like a missing one. */
export async function assertOwnCampaign(opts: { db: Db; userId: string; campaignId: string }) {
  const { db, userId, campaignId } = opts;
  const [row] = await db
    .select({ id: campaigns.id, platforms: campaigns.platforms })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.userId, userId)));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}
