import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { stableJobId } from '../../server/jobs/job-ids';
import type { JobQueue } from '../../server/jobs/queue';
import type { Logger } from '../../server/log';
import { newId } from '../../shared/ids';
import { NOTICE_TOPIC, type NoticeData, type NoticeEvent, type NoticeKind, type Notify } from '../../shared/notices';
import type { WebhookEvent } from '../../shared/webhook-events';
import { deliveries, distributions } from '../distribution/tables';
import { renderTasks } from '../generation/tables';
import { DEFAULT_SETTINGS, ZUserSettings } from '../settings/schemas';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { workspaceMembers } from '../workspaces/tables';
import { NOTICE_EMAIL_JOB } from './constants';
import { notices } from './tables';

type NotifierDeps = { db: Db; queue: Pick<JobQueue, 'send'>; log: Logger };

/**
 * Where a user reaches the app, when what a notice reports on has no request behind it (a share link's
 * viewer, the daily digest): the origin of their latest notice that had one (a render or a send they
 * started), else of their latest send. Null when none is known (then APP_URL, else localhost).
 */
async function lastKnownOrigin(db: Db, userId: string): Promise<string | null> {
  const [n] = await db
    .select({ origin: notices.linkOrigin })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNotNull(notices.linkOrigin)))
    .orderBy(desc(notices.createdAt))
    .limit(1);
  if (n?.origin) return n.origin;
  const [d] = await db
    .select({ origin: distributions.baseUrl })
    .from(distributions)
    .where(eq(distributions.createdBy, userId))
    .orderBy(desc(distributions.createdAt))
    .limit(1);
  return d?.origin ?? null;
}

/** Records one notice for a user, as their Settings → Notifications say (decision 225); none when both switches of its topic are off. */
export async function recordNotice(
  deps: NotifierDeps,
  n: {
    userId: string;
    workspaceId: string;
    kind: NoticeKind;
    dedupeKey: string;
    videoId?: string | null;
    distributionId?: string | null;
    /** Where its e-mail's link points (the origin of the send it reports on), when known. */
    linkOrigin?: string | null;
    data: NoticeData;
  },
) {
  const [user] = await deps.db
    .select({ settings: users.settings })
    .from(users)
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.userId, users.id), eq(workspaceMembers.workspaceId, n.workspaceId)))
    .where(eq(users.id, n.userId));
  // Not (or no longer) a member of the workspace: told nothing about it.
  if (!user) return null;
  const parsed = ZUserSettings.safeParse(user.settings);
  const prefs = (parsed.success ? parsed.data : DEFAULT_SETTINGS).notifications;
  const topic = NOTICE_TOPIC[n.kind];
  const inFeed = prefs.push[topic];
  const email = prefs.email[topic];
  if (!inFeed && !email) return null;
  const [row] = await deps.db
    .insert(notices)
    .values({
      id: newId(),
      workspaceId: n.workspaceId,
      userId: n.userId,
      kind: n.kind,
      videoId: n.videoId ?? null,
      distributionId: n.distributionId ?? null,
      linkOrigin: n.linkOrigin || (await lastKnownOrigin(deps.db, n.userId)),
      data: n.data,
      dedupeKey: n.dedupeKey,
      inFeed,
      emailState: email ? 'pending' : 'none',
    })
    .onConflictDoNothing()
    .returning({ id: notices.id });
  // The job's id is the notice's: a second queueing of the same notice is one job.
  if (row && email) await deps.queue.send(NOTICE_EMAIL_JOB, { noticeId: row.id }, { id: stableJobId(NOTICE_EMAIL_JOB, row.id) });
  return row?.id ?? null;
}

/** Who sent the landing page behind a link token, and to whom: a delivery's sender, else (a share link) the video's creator. */
async function senderOfToken(db: Db, token: string, videoId: string) {
  const [d] = await db
    .select({
      userId: distributions.createdBy,
      viewer: sql<string>`coalesce(${deliveries.recipientName}, ${deliveries.address})`,
      linkOrigin: distributions.baseUrl,
    })
    .from(deliveries)
    .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
    .where(eq(deliveries.token, token));
  if (d) return d;
  const [v] = await db.select({ userId: videos.createdBy }).from(videos).where(eq(videos.id, videoId));
  return v ? { userId: v.userId, viewer: null, linkOrigin: null } : null;
}

const titleOf = async (db: Db, videoId: string) => {
  const [v] = await db.select({ title: videos.title, createdBy: videos.createdBy, error: videos.errorMessage }).from(videos).where(eq(videos.id, videoId));
  return v ?? null;
};

/** A send's outcome once nothing of it is left to send now: sent, failed (with the reasons), deferred to a later day. */
async function sendOutcome(db: Db, distributionId: string) {
  const rows = await db
    .select({ status: deliveries.status, error: deliveries.error, n: count() })
    .from(deliveries)
    .where(eq(deliveries.distributionId, distributionId))
    .groupBy(deliveries.status, deliveries.error);
  const by = { sent: 0, failed: 0, deferred: 0, open: 0 };
  const reasons = new Map<string, number>();
  for (const r of rows) {
    const n = Number(r.n);
    if (r.status === 'sent') by.sent += n;
    else if (r.status === 'failed') {
      by.failed += n;
      const reason = r.error ?? '';
      reasons.set(reason, (reasons.get(reason) ?? 0) + n);
    } else if (r.status === 'deferred') by.deferred += n;
    else by.open += n;
  }
  return { ...by, reasons: [...reasons].map(([reason, count]) => ({ reason, count })) };
}

/** The notifier passed in the deps: finds whom an event concerns and records their notice. Never throws. */
export function createNotifier(deps: NotifierDeps): Notify {
  const { db } = deps;
  return async (event: NoticeEvent) => {
    try {
      if (event.kind === 'send.finished') {
        const [d] = await db
          .select({ userId: distributions.createdBy, videoId: distributions.videoId, title: videos.title, linkOrigin: distributions.baseUrl })
          .from(distributions)
          .innerJoin(videos, eq(videos.id, distributions.videoId))
          .where(eq(distributions.id, event.distributionId));
        if (!d?.userId) return;
        const outcome = await sendOutcome(db, event.distributionId);
        if (outcome.open > 0) return;
        await recordNotice(deps, {
          userId: d.userId,
          workspaceId: event.workspaceId,
          kind: 'send.finished',
          dedupeKey: `send:${event.distributionId}`,
          videoId: d.videoId,
          distributionId: event.distributionId,
          linkOrigin: d.linkOrigin,
          data: { videoTitle: d.title, sent: outcome.sent, failed: outcome.failed, deferred: outcome.deferred, reasons: outcome.reasons },
        });
        return;
      }
      const video = await titleOf(db, event.videoId);
      if (!video) return;
      if (event.kind === 'video.ready' || event.kind === 'video.failed') {
        if (!video.createdBy) return;
        const [task] = await db.select({ linkOrigin: renderTasks.linkOrigin }).from(renderTasks).where(eq(renderTasks.videoId, event.videoId));
        await recordNotice(deps, {
          userId: video.createdBy,
          workspaceId: event.workspaceId,
          kind: event.kind,
          dedupeKey: `${event.kind}:${event.videoId}`,
          videoId: event.videoId,
          linkOrigin: task?.linkOrigin,
          data: { videoTitle: video.title, error: event.kind === 'video.failed' ? video.error : null },
        });
        return;
      }
      if (!('token' in event)) return;
      const sender = await senderOfToken(db, event.token, event.videoId);
      if (!sender?.userId) return;
      await recordNotice(deps, {
        userId: sender.userId,
        workspaceId: event.workspaceId,
        kind: event.kind,
        dedupeKey: `${event.kind}:${event.videoId}:${event.viewer}`,
        videoId: event.videoId,
        linkOrigin: sender.linkOrigin,
        data: { videoTitle: video.title, viewer: sender.viewer },
      });
    } catch (e) {
      deps.log.error('notice not recorded', { kind: event.kind, error: String((e as Error)?.message ?? e) });
    }
  };
}

/**
 * The webhook events that are notices too (the emitter of createDeps hands each to both): a render's
 * outcome, a play, a view watched to the end, a click, and each settled delivery (the send's
 * notice once none is left to send).
 */
export function noticeOfEvent(event: WebhookEvent): NoticeEvent | null {
  const d = event.data as Record<string, unknown>;
  const ws = event.workspaceId;
  switch (event.type) {
    case 'video.ready':
    case 'video.failed':
      return { kind: event.type, workspaceId: ws, videoId: String(d.videoId) };
    case 'delivery.sent':
    case 'delivery.failed':
      return { kind: 'send.finished', workspaceId: ws, distributionId: String(d.distributionId) };
    default:
      return null;
  }
}
