import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { PROGRESS_MARKS, type EmitEvent } from '../../shared/webhook-events';
import type { NoticeEvent, Notify } from '../../shared/notices';
import { AppError, notFound } from '../../server/http/app-error';
import type { SecretBox } from '../../server/crypto';
import { readPageToken } from './page-token';
import { videos } from '../videos/tables';
import { workspaceMembers } from '../workspaces/tables';
import type { ResolvedToken, TrackingHooks } from './hooks';
import type { TTrackBeacon } from './schemas';
import { trackingEvents, videoStats, type TrackEvent } from './tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Target = ResolvedToken & { token: string; viewId: string; viewer: string; via: string | null };

export const BEACON_MESSAGES = {
  linkNotFound: 'Link not found',
  pageExpired: 'This page has expired: reload it',
} as const;

/**
 * The link must be live (a delivery, or a share link still on) and the page token one the server
 * issued with this link's page, unexpired: a beacon by a video's id, or after the link was turned
 * off, counts nothing.
 */
async function resolveTarget(db: Db, box: SecretBox, hooks: Pick<TrackingHooks, 'resolveToken'>, input: TTrackBeacon, now: Date): Promise<Target> {
  const t = await hooks.resolveToken(db, input.token);
  if (!t) throw notFound(BEACON_MESSAGES.linkNotFound);
  const load = await readPageToken(box, input.page, { linkToken: input.token, videoId: t.videoId, now });
  if (!load) throw new AppError('FORBIDDEN', BEACON_MESSAGES.pageExpired);
  return { ...t, token: input.token, viewId: load.viewId, viewer: load.viewer, via: load.via };
}

/**
 * Who watched, for unique viewers: the contact of a delivery, else the delivery, else (a share
 * link) the viewer sealed in the page token: one per client address the page was served to. The
 * User-Agent and the beacon's own address play no part, so neither can be varied to add viewers.
 */
function viewerKey(t: Target) {
  if (t.contactId) return `c:${t.contactId}`;
  if (!t.anonymous) return `d:${t.token}`;
  return `a:${t.viewer}`;
}

/** A signed-in viewer who is a member of the video's workspace is previewing it, not watching. */
async function isMember(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  return !!row;
}

/**
 * Records one beacon. Idempotent per (video, viewId, event): a repeated open, view or click
 * changes nothing; progress keeps the highest percent. A progress or click whose view
 * was never reported records that view too; an open is only an open (a page loaded, nothing
 * played). Previews by the members of the video's workspace are not recorded. Counters in video_stats change in the
 * same transaction.
 */
export async function recordBeacon(opts: {
  db: Db;
  hooks: Pick<TrackingHooks, 'resolveToken'>;
  /** Checks the page token (page-token.ts). */
  box: SecretBox;
  input: TTrackBeacon;
  /** The signed-in user sending the beacon, if any. */
  viewerUserId: string | null;
  now?: Date;
  /** The webhook hook (createDeps): view.started, view.progress at each mark passed, cta.clicked. */
  emit?: EmitEvent;
  /** The sender's notices (decision 225): opened, played, watched to the end, clicked; once per viewer. */
  notify?: Notify;
}): Promise<{ recorded: boolean }> {
  const { db, input, now = new Date() } = opts;
  const target = await resolveTarget(db, opts.box, opts.hooks, input, now);
  if (opts.viewerUserId && (await isMember(db, target.workspaceId, opts.viewerUserId))) return { recorded: false };

  const base = {
    workspaceId: target.workspaceId,
    videoId: target.videoId,
    campaignId: target.campaignId,
    deliveryToken: target.token,
    channel: target.channel || 'direct',
    viewId: target.viewId,
    viewer: viewerKey(target),
    // The post that brought the viewer (docs/decisions/229): publishing counts its opens and plays.
    via: target.via,
    createdAt: now,
    updatedAt: now,
  };
  const insertOnce = async (tx: Tx, event: TrackEvent, percent: number | null = null) => {
    const rows = await tx
      .insert(trackingEvents)
      .values({ ...base, event, percent })
      .onConflictDoNothing({ target: [trackingEvents.videoId, trackingEvents.viewId, trackingEvents.event] })
      .returning({ id: trackingEvents.id });
    return rows.length === 1;
  };

  const tell = async (kind: NoticeEvent['kind'] & `viewer.${string}`) =>
    opts.notify?.({ kind, workspaceId: target.workspaceId, videoId: target.videoId, token: target.token, viewer: base.viewer });
  if (input.event === 'open') {
    if (await db.transaction((tx) => insertOnce(tx, 'open'))) await tell('viewer.opened');
    return { recorded: true };
  }
  const counted = await db.transaction(async (tx) => {
    let views = 0;
    let watched = 0;
    let clicks = 0;
    if (input.event === 'view') views = (await insertOnce(tx, 'view')) ? 1 : 0;
    else {
      views = (await insertOnce(tx, 'view')) ? 1 : 0;
      if (input.event === 'cta') clicks = (await insertOnce(tx, 'cta')) ? 1 : 0;
      else watched = await raiseProgress(tx, base, Math.round(input.percent ?? 0), insertOnce, now);
    }
    if (views + watched + clicks > 0) {
      // The video's campaign now (a delivery's campaign may differ once the video moved).
      const currentCampaign = sql`(select ${videos.campaignId} from ${videos} where ${videos.id} = ${target.videoId})`;
      await tx
        .insert(videoStats)
        .values({
          videoId: target.videoId,
          workspaceId: target.workspaceId,
          campaignId: currentCampaign,
          views,
          watchedSum: watched,
          ctaClicks: clicks,
          lastEventAt: now,
        })
        .onConflictDoUpdate({
          target: videoStats.videoId,
          set: {
            campaignId: sql`excluded.campaign_id`,
            views: sql`${videoStats.views} + excluded.views`,
            watchedSum: sql`${videoStats.watchedSum} + excluded.watched_sum`,
            ctaClicks: sql`${videoStats.ctaClicks} + excluded.cta_clicks`,
            lastEventAt: sql`greatest(${videoStats.lastEventAt}, excluded.last_event_at)`,
          },
        });
    }
    return { views, watched, clicks };
  });
  if (opts.emit) await emitViewEvents(opts.emit, target, input, counted);
  if (counted.views) await tell('viewer.played');
  if (counted.watched && Math.round(input.percent ?? 0) >= 100) await tell('viewer.finished');
  if (counted.clicks) await tell('viewer.clicked');
  return { recorded: true };
}

/** After the commit: what this beacon changed, as webhook events (a repeated beacon changes nothing). */
async function emitViewEvents(emit: EmitEvent, t: Target, input: TTrackBeacon, c: { views: number; watched: number; clicks: number }) {
  const data = { videoId: t.videoId, campaignId: t.campaignId, channel: t.channel || 'direct', contactId: t.contactId ?? null, viewId: t.viewId };
  if (c.views) await emit({ workspaceId: t.workspaceId, type: 'view.started', data });
  if (c.watched) {
    const now = Math.round(input.percent ?? 0);
    const before = now - c.watched;
    for (const mark of PROGRESS_MARKS)
      if (before < mark && mark <= now) await emit({ workspaceId: t.workspaceId, type: 'view.progress', data: { ...data, percent: mark } });
  }
  if (c.clicks) await emit({ workspaceId: t.workspaceId, type: 'cta.clicked', data });
}

/** Keeps the highest percent of a view; returns how much the view's watched share grew. */
async function raiseProgress(
  tx: Tx,
  base: { videoId: string; viewId: string },
  percent: number,
  insertOnce: (tx: Tx, event: TrackEvent, percent: number | null) => Promise<boolean>,
  now: Date,
): Promise<number> {
  const where = and(eq(trackingEvents.videoId, base.videoId), eq(trackingEvents.viewId, base.viewId), eq(trackingEvents.event, 'progress'));
  for (let attempt = 0; attempt < 2; attempt++) {
    // The row lock orders concurrent beacons of one view, so the growth is counted once.
    const [prev] = await tx.select({ percent: trackingEvents.percent }).from(trackingEvents).where(where).for('update');
    if (prev) {
      const old = prev.percent ?? 0;
      if (percent <= old) return 0;
      await tx.update(trackingEvents).set({ percent, updatedAt: now }).where(where);
      return percent - old;
    }
    if (await insertOnce(tx, 'progress', percent)) return percent;
    // Another beacon of the same view inserted it meanwhile: read it again, now locked.
  }
  return 0;
}
