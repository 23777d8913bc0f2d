import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { publications } from '../publishing/tables';
import { trackingEvents } from '../tracking/tables';

// The campaign's posts on Facebook, Instagram and YouTube (docs/decisions/229), per platform: the
// views the platform reports (with where they come from) beside what their tracked links brought to
// the landing page (opens: clicks; plays). Read from the tables alone (the data layer).

export type PublishingFigure = { platform: string; posts: number; views: number; viewsSource: string | null; clicks: number; plays: number };

export async function campaignPublishingFigures(db: Db, workspaceId: string, campaignId: string): Promise<PublishingFigure[]> {
  const linked = db
    .select({
      via: trackingEvents.via,
      clicks: sql<number>`count(*) filter (where ${trackingEvents.event} = 'open')`.as('clicks'),
      plays: sql<number>`count(*) filter (where ${trackingEvents.event} = 'view')`.as('plays'),
    })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.workspaceId, workspaceId), isNotNull(trackingEvents.via)))
    .groupBy(trackingEvents.via)
    .as('linked');
  const rows = await db
    .select({
      platform: publications.platform,
      posts: sql<number>`count(*)::int`,
      views: sql<number>`coalesce(sum(${publications.views}), 0)::int`,
      viewsSource: sql<string | null>`string_agg(distinct ${publications.viewsSource}, ', ')`,
      clicks: sql<number>`coalesce(sum(${linked.clicks}), 0)::int`,
      plays: sql<number>`coalesce(sum(${linked.plays}), 0)::int`,
    })
    .from(publications)
    .leftJoin(linked, eq(linked.via, publications.id))
    .where(and(eq(publications.workspaceId, workspaceId), eq(publications.campaignId, campaignId), inArray(publications.status, ['published', 'scheduled'])))
    .groupBy(publications.platform)
    .orderBy(publications.platform);
  return rows.map((r) => ({
    platform: r.platform,
    posts: Number(r.posts),
    views: Number(r.views),
    viewsSource: r.viewsSource ?? null,
    clicks: Number(r.clicks),
    plays: Number(r.plays),
  }));
}
