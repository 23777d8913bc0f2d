import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { publications } from '../publishing/tables';

// The views the platforms report for the workspace's posts (docs/decisions/229), per platform, with
// the field they come from: the dashboard adds them to the landing page's views and says which is which.

export async function publishedViews(db: Db, workspaceId: string) {
  const rows = await db
    .select({
      platform: publications.platform,
      views: sql<number>`coalesce(sum(${publications.views}), 0)::int`,
      viewsSource: sql<string | null>`string_agg(distinct ${publications.viewsSource}, ', ')`,
    })
    .from(publications)
    .where(and(eq(publications.workspaceId, workspaceId), inArray(publications.status, ['published', 'scheduled']), isNotNull(publications.views)))
    .groupBy(publications.platform)
    .orderBy(publications.platform);
  return rows.map((r) => ({ source: r.platform as string, views: Number(r.views), viewsSource: r.viewsSource ?? null }));
}
