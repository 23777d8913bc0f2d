import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { Scope } from '../../server/scope';
import { campaigns } from './tables';

// The campaign owner check, the one place every domain asks "is this the workspace's campaign?".
// Part of the data layer with tables.ts (docs/decisions/140-domain-graph.md): any domain may import it.
// So it imports no behaviour: the condition is inWorkspace's (src/server/scope.ts), written out.

export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

/** The workspace's campaign (its id and platforms), else 404: another workspace's campaign answers like a missing one. */
export async function assertOwnCampaign(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; campaignId: string }) {
  const { db, scope, campaignId } = opts;
  const [row] = await db
    .select({ id: campaigns.id, platforms: campaigns.platforms })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), eq(campaigns.workspaceId, scope.workspaceId)));
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}
