import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { afterCursor, decodeCursor, fetchSize, timestampKey, toPage } from '../../server/db/keyset';
import type { TPage } from '../../shared/paging';
import { notFound } from '../../server/http/app-error';
import { trackingEvents } from '../tracking/tables';
import { videos } from '../videos/tables';
import { inWorkspace, ownRow, type Scope } from '../../server/scope';
import { DISTRIBUTION_NOT_FOUND } from './service';
import { deliveries, distributions, personalRenders, type DeliveryRow, type DeliveryStatus, type DistributionRow } from './tables';

// Reading distributions back: progress for the final screen, deliveries per contact.

const ownedDistribution = (db: Db, scope: Scope, id: string): Promise<DistributionRow> => ownRow(db, distributions, scope, id, DISTRIBUTION_NOT_FOUND);

async function countsOf(db: Db, distributionId: string) {
  const [d, r] = await Promise.all([
    db.select({ status: deliveries.status, n: count() }).from(deliveries).where(eq(deliveries.distributionId, distributionId)).groupBy(deliveries.status),
    db
      .select({
        status: personalRenders.status,
        n: count(),
        first: sql<string | null>`min(${personalRenders.completedAt})`,
        last: sql<string | null>`max(${personalRenders.completedAt})`,
      })
      .from(personalRenders)
      .where(eq(personalRenders.distributionId, distributionId))
      .groupBy(personalRenders.status),
  ]);
  const by: Record<DeliveryStatus, number> = { waiting: 0, pending: 0, sending: 0, sent: 0, deferred: 0, failed: 0 };
  for (const x of d) by[x.status] = Number(x.n);
  const renders = { total: 0, done: 0, failed: 0 };
  let completed: { first: Date; last: Date } | null = null;
  for (const x of r) {
    renders.total += Number(x.n);
    if (x.status === 'completed') renders.done += Number(x.n);
    if (x.status === 'completed' && x.first && x.last) completed = { first: new Date(x.first), last: new Date(x.last) };
    if (x.status === 'failed') renders.failed += Number(x.n);
  }
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  return { by, total, renders, completed };
}

/**
 * Seconds until every recipient's video is made, from the pace so far: the time between the first
 * and the last finished render per recipient, or (one finished) the time since the send started;
 * null before the first one (nothing to measure yet) and once none is left.
 */
export function secondsLeft(
  renders: { total: number; done: number; failed: number },
  completed: { first: Date; last: Date } | null,
  startedAt: Date,
  now = new Date(),
): number | null {
  const left = renders.total - renders.done - renders.failed;
  if (left <= 0 || !completed || renders.done < 1) return null;
  const each =
    renders.done >= 2 ? (completed.last.getTime() - completed.first.getTime()) / (renders.done - 1) : completed.first.getTime() - startedAt.getTime();
  return Math.max(1, Math.round((left * Math.max(each, 0)) / 1000 - (now.getTime() - completed.last.getTime()) / 1000));
}

/** GET /api/distributions/{id}/progress: the wizard's final screen (renders, then deliveries). */
export async function distributionProgress(opts: { db: Db; scope: Scope; id: string }) {
  const row = await ownedDistribution(opts.db, opts.scope, opts.id);
  const { by, total, renders, completed } = await countsOf(opts.db, row.id);
  const pending = by.waiting + by.pending + by.sending;
  return {
    distributionId: row.id,
    renders,
    /** Until every recipient's video is made, at the pace measured so far (null: not measurable yet, or done). */
    secondsLeft: secondsLeft(renders, completed, row.createdAt),
    deliveries: { total, sent: by.sent, failed: by.failed, deferred: by.deferred, pending },
    done: pending === 0 && renders.total === renders.done + renders.failed,
  };
}

/** Tokens of the video's deliveries that were watched (one query on the video's view index). */
async function viewedTokens(db: Db, videoId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ token: trackingEvents.deliveryToken })
    .from(trackingEvents)
    .where(and(eq(trackingEvents.videoId, videoId), eq(trackingEvents.event, 'view'), isNotNull(trackingEvents.deliveryToken)));
  return new Set(rows.map((r) => r.token!));
}

type RenderFacts = { personal: boolean; renderError: string | null; backgroundError: string | null };

function toDelivery(row: DeliveryRow & RenderFacts, baseUrl: string, viewed: Set<string>) {
  return {
    id: row.id,
    distributionId: row.distributionId,
    contactId: row.contactId,
    socialContactId: row.socialContactId,
    name: row.recipientName,
    address: row.address,
    platform: row.platform,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
    deferredUntil: row.status === 'deferred' ? (row.notBefore?.toISOString() ?? null) : null,
    viewed: viewed.has(row.token),
    landingUrl: `${baseUrl}/v/${row.token}`,
    /** Their own video (opening + shared part), served by their token. */
    personalVideoUrl: row.personal ? `${baseUrl}/v/${row.token}/video.mp4` : null,
    /** Why their personal video could not be made (the delivery then failed). */
    renderError: row.renderError,
    /** Why their own background was not used (they got the video's); the send went on. */
    backgroundError: row.backgroundError,
    createdAt: row.createdAt.toISOString(),
  };
}
export type Delivery = ReturnType<typeof toDelivery>;

const deliveryColumns = {
  d: deliveries,
  baseUrl: distributions.baseUrl,
  personal: sql<boolean>`coalesce(${personalRenders.status} = 'completed', false)`,
  renderError: personalRenders.error,
  backgroundError: personalRenders.backgroundError,
};
const withFacts = (r: { d: DeliveryRow; personal: boolean; renderError: string | null; backgroundError: string | null }) => ({
  ...r.d,
  personal: !!r.personal,
  renderError: r.renderError,
  backgroundError: r.backgroundError,
});

/** GET /api/distributions/{id}: what was asked, counts by status, and every delivery's state. */
export async function getDistribution(opts: { db: Db; scope: Scope; id: string }) {
  const { db, scope, id } = opts;
  const row = await ownedDistribution(db, scope, id);
  const [{ by, total, renders }, rows, viewed] = await Promise.all([
    countsOf(db, row.id),
    db
      .select(deliveryColumns)
      .from(deliveries)
      .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
      .leftJoin(personalRenders, eq(personalRenders.id, deliveries.renderId))
      .where(eq(deliveries.distributionId, row.id))
      .orderBy(asc(deliveries.createdAt), asc(deliveries.id)),
    viewedTokens(db, row.videoId),
  ]);
  return {
    id: row.id,
    videoId: row.videoId,
    campaignId: row.campaignId,
    platforms: row.platforms,
    message: row.message,
    personalizeVideo: row.personalizeVideo,
    createdAt: row.createdAt.toISOString(),
    counts: { total, ...by },
    renders,
    skipped: row.skipped,
    skippedCount: row.skippedCount,
    deliveries: rows.map((r) => toDelivery(withFacts(r), r.baseUrl, viewed)),
  };
}

/** GET /api/videos/{id}/deliveries: every delivery of the video, newest first. */
/** One page of a video's deliveries, newest first (keyset on (created_at, id)); `total` counts them all. */
export async function listVideoDeliveries(opts: { db: Db; scope: Scope; videoId: string } & TPage) {
  const { db, scope, videoId } = opts;
  const cursor = decodeCursor(opts.cursor);
  const [video] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), inWorkspace(videos, scope)));
  if (!video) throw notFound('Video not found');
  const [rows, viewed, [total]] = await Promise.all([
    db
      .select({ ...deliveryColumns, cursorKey: timestampKey(deliveries.createdAt) })
      .from(deliveries)
      .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
      .leftJoin(personalRenders, eq(personalRenders.id, deliveries.renderId))
      .where(and(eq(deliveries.videoId, videoId), afterCursor(deliveries.createdAt, deliveries.id, cursor, 'desc')))
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(fetchSize(opts)),
    viewedTokens(db, videoId),
    db.select({ n: count() }).from(deliveries).where(eq(deliveries.videoId, videoId)),
  ]);
  const page = toPage(
    rows,
    opts,
    (r) => ({ key: r.cursorKey, id: r.d.id }),
    ({ cursorKey: _k, ...r }) => toDelivery(withFacts(r), r.baseUrl, viewed),
  );
  return { total: Number(total?.n ?? 0), deliveries: page.items, nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------
// Tracking: landing page tokens resolve through deliveries; reach counts delivered contacts.
