import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { invalidInput } from '../../server/http/app-error';
import { PublishError } from '../../server/providers/publishing/types';
import type { Scope } from '../../server/scope';
import { connectionOf, markExpired } from './connections';
import { PUBLISHING_MESSAGES as M } from './messages';
import { ownPublication, readPublication } from './publications';
import { publications, type PublicationRow } from './tables';
import { freshToken, type UploadDeps } from './upload';

// A post's views, as its platform reports them (docs/decisions/229): pulled every 30 minutes and on
// demand, stored with the field they come from, so the figures can say so.

/** Pulls one post's views; a refused grant marks the connection expired and is thrown to the caller. */
export async function pullInsights(deps: UploadDeps, row: PublicationRow) {
  if (!row.postId) throw invalidInput(M.noPost);
  const connection = await connectionOf(deps.db, row.workspaceId, row.platform);
  try {
    const token = await freshToken(deps, row, connection);
    const target = connection!.targets.find((t) => t.id === row.targetId) ?? { id: row.targetId, name: row.targetName };
    const got = await deps.providers.publishing[row.platform].insights({ platform: row.platform, token, target, postId: row.postId });
    const now = new Date();
    await deps.db
      .update(publications)
      .set({ views: Math.max(0, Math.round(got.views)), viewsSource: got.source, insightsAt: now, updatedAt: now })
      .where(eq(publications.id, row.id));
  } catch (e) {
    if (e instanceof PublishError && e.kind === 'reauth') {
      if (connection) await markExpired(deps.db, connection.id);
      await deps.db.update(publications).set({ needsReconnect: true, updatedAt: new Date() }).where(eq(publications.id, row.id));
    }
    throw e;
  }
}

/** The refreshInsights mutation: the workspace's publication, its views now. */
export async function refreshInsights(deps: UploadDeps & { scope: Scope; id: string }) {
  const row = await ownPublication(deps.db, deps.scope, deps.id);
  try {
    await pullInsights(deps, row);
  } catch (e) {
    if (e instanceof PublishError) throw invalidInput(e.kind === 'reauth' ? M.expired : e.message);
    throw e;
  }
  return readPublication(deps.db, deps.scope, deps.id);
}

/** The cron's run: scheduled posts whose time came are published; then the stalest posts' views. */
export async function refreshAllInsights(deps: UploadDeps, limit = 200) {
  const now = new Date();
  await deps.db
    .update(publications)
    .set({ status: 'published', updatedAt: now })
    .where(and(eq(publications.status, 'scheduled'), lte(publications.publishAt, now)));
  const rows = await deps.db
    .select()
    .from(publications)
    .where(and(inArray(publications.status, ['published', 'scheduled']), isNotNull(publications.postId)))
    .orderBy(sql`${publications.insightsAt} asc nulls first`, asc(publications.id))
    .limit(limit);
  let pulled = 0;
  for (const row of rows) {
    try {
      await pullInsights(deps, row);
      pulled++;
    } catch (e) {
      deps.log.warn('publishing insights failed', { publicationId: row.id, error: String((e as Error)?.message ?? e) });
    }
  }
  return { pulled };
}
