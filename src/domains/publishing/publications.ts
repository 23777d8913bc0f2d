import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import { inWorkspace, type Scope } from '../../server/scope';
import { assertOwnCampaign } from '../campaigns/owned';
import { trackingEvents } from '../tracking/tables';
import { videos } from '../videos/tables';
import { PUBLISHING_MESSAGES as M } from './messages';
import type { Publication } from './schemas';
import { publications, type PublicationRow } from './tables';

// Reading publications back with what their tracked link brought (docs/decisions/229): clicks are
// the landing page's opens through `?via=<id>`, plays its plays.

/** Per publication id: opens (clicks on the post's link) and plays of the landing page it brought. */
export async function linkFigures(db: Db, workspaceId: string, ids: string[]) {
  const out = new Map<string, { clicks: number; plays: number }>();
  if (!ids.length) return out;
  const rows = await db
    .select({
      via: trackingEvents.via,
      clicks: sql<number>`count(*) filter (where ${trackingEvents.event} = 'open')::int`,
      plays: sql<number>`count(*) filter (where ${trackingEvents.event} = 'view')::int`,
    })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.workspaceId, workspaceId), inArray(trackingEvents.via, ids)))
    .groupBy(trackingEvents.via);
  for (const r of rows) if (r.via) out.set(r.via, { clicks: Number(r.clicks), plays: Number(r.plays) });
  return out;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPublication(r: PublicationRow, f: { clicks: number; plays: number } = { clicks: 0, plays: 0 }): Publication {
  return {
    id: r.id,
    videoId: r.videoId,
    campaignId: r.campaignId,
    platform: r.platform,
    targetName: r.targetName,
    title: r.title,
    status: r.status,
    note: r.note,
    url: r.url,
    error: r.error,
    needsReconnect: r.needsReconnect,
    views: r.views,
    viewsSource: r.viewsSource,
    insightsAt: iso(r.insightsAt),
    clicks: f.clicks,
    plays: f.plays,
    publishAt: iso(r.publishAt),
    createdAt: r.createdAt.toISOString(),
    publishedAt: iso(r.publishedAt),
  };
}

export async function withFigures(db: Db, workspaceId: string, rows: PublicationRow[]) {
  const figures = await linkFigures(
    db,
    workspaceId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPublication(r, figures.get(r.id)));
}

/** The workspace's publication, else 404 (another workspace's id reads like a missing one). */
export async function ownPublication(db: Db, scope: Pick<Scope, 'workspaceId'>, id: string) {
  const [row] = await db
    .select()
    .from(publications)
    .where(and(eq(publications.id, id), inWorkspace(publications, scope)));
  if (!row) throw notFound(M.publicationNotFound);
  return row;
}

export async function readPublication(db: Db, scope: Pick<Scope, 'workspaceId'>, id: string) {
  const [one] = await withFigures(db, scope.workspaceId, [await ownPublication(db, scope, id)]);
  return one!;
}

/** The workspace's publications, newest first: of one video, of one campaign, or all (the latest 200). */
export async function listPublications(opts: { db: Db; scope: Scope; videoId?: string; campaignId?: string }) {
  const { db, scope } = opts;
  // Another workspace's video or campaign reads like a missing one.
  if (opts.videoId) {
    const [video] = await db
      .select({ id: videos.id })
      .from(videos)
      .where(and(eq(videos.id, opts.videoId), inWorkspace(videos, scope)));
    if (!video) throw notFound(M.videoNotFound);
  }
  if (opts.campaignId) await assertOwnCampaign({ db, scope, campaignId: opts.campaignId });
  const rows = await db
    .select()
    .from(publications)
    .where(
      and(
        inWorkspace(publications, scope),
        opts.videoId ? eq(publications.videoId, opts.videoId) : undefined,
        opts.campaignId ? eq(publications.campaignId, opts.campaignId) : undefined,
      ),
    )
    .orderBy(desc(publications.createdAt), desc(publications.id))
    .limit(200);
  return withFigures(db, scope.workspaceId, rows);
}
