import { and, eq, isNull, notInArray, sql, sum } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound, limitExceeded } from '../../server/http/app-error';
import {
  endedMessage,
  entitlements,
  estimateRenderBytes,
  renderResolution,
  speechSeconds,
  subscriptionEnded,
  upgradeFor,
  type Entitlements,
} from '../../shared/limits';
import { PLANS, RENDER_TIERS, TRIAL_DAYS, type PlanId, type Resolution } from '../../shared/plans';
import { PRIVATE_KINDS } from '../files/service';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import type { Scope } from '../../server/scope';
import { renderUsage, subscriptions } from './tables';

// Every plan limit is checked here, by the services that start work (docs/decisions/120). Renders
// reserve their slot in the transaction that locks the subscription row: concurrent requests
// queue on that lock, so exactly the remaining number get through.

type SubscriptionRow = typeof subscriptions.$inferSelect;
export type LimitReason = 'trial' | 'videos' | 'storage' | 'length' | 'socialProfiles';
/** Why new work is refused, for the screens (they word it in the user's language). */
export type Block = { reason: LimitReason; planId: PlanId; limit: number | null; upgradeTo: PlanId | null };

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

const GB = 1024 ** 3;
export const formatGb = (bytes: number) => `${Number((bytes / GB).toFixed(bytes >= 10 * GB ? 0 : 1))} GB`;

/** English messages for API clients: the limit, and the plan that lifts it. */
export function limitMessage(reason: LimitReason, e: Entitlements, extra: { usedBytes?: number; seconds?: number } = {}): string {
  const plan = e.plan.name;
  switch (reason) {
    case 'videos': {
      const up = upgradeFor(e.plan.id, (p) => p.videosPerMonth === null || (e.videosPerMonth !== null && p.videosPerMonth > e.videosPerMonth));
      const withTier = e.paidRenderTier ? ` (with the ${RENDER_TIERS[e.paidRenderTier].id} render tier)` : '';
      const lift = up ? ` Upgrade to ${up.name} for ${up.videosPerMonth === null ? 'unlimited videos' : `${up.videosPerMonth} a month`}.` : '';
      return `You have used the ${e.videosPerMonth} videos of your ${plan} plan${withTier} this month.${lift}`;
    }
    case 'storage': {
      const up = upgradeFor(e.plan.id, (p) => p.storageBytes > e.storageBytes);
      const used = extra.usedBytes !== undefined ? ` (${formatGb(extra.usedBytes)} used)` : '';
      const lift = up ? ` Delete some videos or upgrade to ${up.name} for ${formatGb(up.storageBytes)}.` : ' Delete some videos to make room.';
      return `This would take your storage past the ${formatGb(e.storageBytes)} of your ${plan} plan${used}.${lift}`;
    }
    case 'length': {
      const up = upgradeFor(e.plan.id, (p) => p.maxVideoMinutes > e.maxVideoMinutes);
      const minutes = Math.ceil((extra.seconds ?? 0) / 60);
      const lift = up ? ` Shorten the script or upgrade to ${up.name} for videos up to ${up.maxVideoMinutes} minutes.` : ' Shorten the script.';
      return `This script makes a video of about ${minutes} minutes; your ${plan} plan allows videos up to ${e.maxVideoMinutes} minutes.${lift}`;
    }
    case 'socialProfiles': {
      const up = upgradeFor(e.plan.id, (p) => p.socialProfiles === null || (e.socialProfiles !== null && p.socialProfiles > e.socialProfiles));
      const lift = up
        ? ` Disconnect one or upgrade to ${up.name} for ${up.socialProfiles === null ? 'unlimited profiles' : up.socialProfiles}.`
        : ' Disconnect one to connect another.';
      return `Your ${plan} plan allows ${e.socialProfiles} social profiles.${lift}`;
    }
    case 'trial':
      return 'Your subscription has ended. Choose a plan on the Subscription page to keep creating videos.';
  }
}

export async function loadSubscriptionRow(opts: { db: Db; userId: string; lock?: boolean }) {
  const { db, userId, lock = false } = opts;
  const q = db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const [sub] = lock ? await q.for('update') : await q;
  if (!sub) throw notFound('Subscription not found');
  return sub;
}

/** Who pays for a workspace: its owner (a personal workspace's owner is its user). */
export async function workspaceOwnerId(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db.select({ ownerId: workspaces.ownerId }).from(workspaces).where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound('Workspace not found');
  return row.ownerId;
}

/** A workspace's plan is its owner's subscription (docs/decisions/200-workspaces.md). */
export async function loadWorkspaceSubscription(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; lock?: boolean }) {
  const userId = await workspaceOwnerId(opts.db, opts.scope.workspaceId);
  return loadSubscriptionRow({ db: opts.db, userId, lock: opts.lock });
}

/** Renders counted this month in the workspace: every render started, minus the failed ones. */
export async function rendersThisMonth(opts: { db: Db; workspaceId: string; now?: Date }): Promise<number> {
  const { db, workspaceId, now = new Date() } = opts;
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(renderUsage)
    .where(and(eq(renderUsage.workspaceId, workspaceId), eq(renderUsage.periodStart, startOfMonthUtc(now)), isNull(renderUsage.releasedAt)));
  return Number(row?.n ?? 0);
}

/** Bytes of the workspace's stored files (data exports aside: the app makes those, for 7 days). */
export async function storedBytes(opts: { db: Db; workspaceId: string }): Promise<number> {
  const { db, workspaceId } = opts;
  const [row] = await db
    .select({ bytes: sum(files.size) })
    .from(files)
    .where(and(eq(files.workspaceId, workspaceId), notInArray(files.kind, [...PRIVATE_KINDS])));
  return Number(row?.bytes ?? 0);
}

/** Stored files plus the storage held for renders still running. */
async function committedBytes(db: Db, workspaceId: string): Promise<number> {
  const [held] = await db
    .select({ bytes: sql<number>`coalesce(sum(${renderUsage.reservedBytes}), 0)::float8` })
    .from(renderUsage)
    .innerJoin(videos, eq(videos.id, renderUsage.videoId))
    .where(and(eq(renderUsage.workspaceId, workspaceId), isNull(renderUsage.releasedAt), eq(videos.status, 'processing')));
  return (await storedBytes({ db, workspaceId })) + Number(held?.bytes ?? 0);
}

/** What stops a new render now, if anything (the screens disable Generate with this). */
export function renderBlock(sub: SubscriptionRow, used: { videos: number; bytes: number }, now = new Date()): Block | null {
  const e = entitlements(sub, now);
  const block = (reason: LimitReason, limit: number | null, better: ((p: (typeof PLANS)[PlanId]) => boolean) | null): Block => ({
    reason,
    planId: sub.planId,
    limit,
    upgradeTo: better ? (upgradeFor(sub.planId, better)?.id ?? null) : null,
  });
  if (subscriptionEnded(sub, now)) return block('trial', null, null);
  if (e.videosPerMonth !== null && used.videos >= e.videosPerMonth)
    return block('videos', e.videosPerMonth, (p) => p.videosPerMonth === null || p.videosPerMonth > e.videosPerMonth!);
  if (used.bytes >= e.storageBytes) return block('storage', e.storageBytes, (p) => p.storageBytes > e.storageBytes);
  return null;
}

/** Storage is full: uploads are refused (the upload dialogs are disabled with this). */
export function storageBlock(sub: SubscriptionRow, bytes: number, now = new Date()): Block | null {
  const e = entitlements(sub, now);
  if (bytes < e.storageBytes) return null;
  return {
    reason: 'storage',
    planId: sub.planId,
    limit: e.storageBytes,
    upgradeTo: upgradeFor(sub.planId, (p) => p.storageBytes > e.storageBytes)?.id ?? null,
  };
}

/**
 * Reserves one render for the workspace inside the caller's transaction: refuses (402) past the
 * trial, the plan's video length, the month's videos or the storage; otherwise records the
 * render and returns the resolution it may use. The plan is the workspace owner's subscription,
 * whose row is locked: renders of the same plan queue on it.
 */
export async function reserveRender(
  tx: Db,
  opts: { scope: Pick<Scope, 'workspaceId'>; videoId: string; script: string; now?: Date },
): Promise<{ resolution: Resolution }> {
  const { scope, now = new Date() } = opts;
  const { workspaceId } = scope;
  const sub = await loadWorkspaceSubscription({ db: tx, scope, lock: true });
  if (subscriptionEnded(sub, now)) throw limitExceeded(endedMessage(sub), { limit: 'trial' });
  const e = entitlements(sub, now);
  const seconds = speechSeconds(opts.script);
  if (seconds > e.maxVideoMinutes * 60) throw limitExceeded(limitMessage('length', e, { seconds }), { limit: 'length' });
  if (e.videosPerMonth !== null && (await rendersThisMonth({ db: tx, workspaceId, now })) >= e.videosPerMonth)
    throw limitExceeded(limitMessage('videos', e), { limit: 'videos' });
  const resolution = renderResolution(e, sub.renderTier);
  const bytes = estimateRenderBytes(opts.script, resolution);
  const usedBytes = await committedBytes(tx, workspaceId);
  if (usedBytes + bytes > e.storageBytes) throw limitExceeded(limitMessage('storage', e, { usedBytes }), { limit: 'storage' });
  await tx.insert(renderUsage).values({ videoId: opts.videoId, workspaceId, periodStart: startOfMonthUtc(now), reservedBytes: bytes, createdAt: now });
  return { resolution };
}

/** A render that failed (or was given up) no longer counts: the user would not expect it to. Idempotent. */
export async function releaseRender(db: Db, videoId: string, now = new Date()) {
  await db
    .update(renderUsage)
    .set({ releasedAt: now })
    .where(and(eq(renderUsage.videoId, videoId), isNull(renderUsage.releasedAt)));
}

/**
 * Refuses (402) work that would store `bytes` more than the plan's storage allows: uploads and
 * per-recipient renders. Checked against the workspace's stored files plus renders still running.
 */
export async function assertStorageRoom(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; bytes: number; now?: Date }) {
  const { db, scope, bytes, now = new Date() } = opts;
  const sub = await loadWorkspaceSubscription({ db, scope });
  const e = entitlements(sub, now);
  const usedBytes = await committedBytes(db, scope.workspaceId);
  if (usedBytes + bytes > e.storageBytes) throw limitExceeded(limitMessage('storage', e, { usedBytes }), { limit: 'storage' });
}

/** Webhooks need a plan that includes them, trial or paid, still running. */
export async function webhooksAllowed(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; now?: Date }): Promise<boolean> {
  const { db, scope, now = new Date() } = opts;
  const sub = await loadWorkspaceSubscription({ db, scope });
  return PLANS[sub.planId].webhooks && !subscriptionEnded(sub, now);
}

/** Refuses (402, naming the plan and the one that lifts it) adding, enabling or testing an endpoint. */
export async function assertWebhooksAllowed(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; now?: Date }) {
  const { db, scope, now = new Date() } = opts;
  const sub = await loadWorkspaceSubscription({ db, scope });
  if (subscriptionEnded(sub, now)) throw limitExceeded(endedMessage(sub, 'use webhooks'), { limit: 'trial' });
  const plan = PLANS[sub.planId];
  if (plan.webhooks) return;
  const up = upgradeFor(plan.id, (p) => p.webhooks);
  throw limitExceeded(`Webhooks are not included in your ${plan.name} plan.${up ? ` Upgrade to ${up.name} to send events to your endpoints.` : ''}`, {
    limit: 'webhooks',
  });
}
