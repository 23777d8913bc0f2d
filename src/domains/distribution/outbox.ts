import { and, eq, lt, lte, or, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../server/http/app-error';
import { isFinalFailure } from '../../server/jobs/failures';
import { domainOf } from '../../server/providers/email/types';
import type { MessagingPlatform } from '../../server/providers/messaging/types';
import { newToken } from '../../shared/ids';
import { campaigns } from '../campaigns/tables';
import { contacts } from '../contacts/tables';
import { stableJobId } from '../../server/jobs/job-ids';
import { sendSocialMessage } from '../social/send';
import { socialDepsOf } from '../social/profiles';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import { DAILY_LIMITS, DELIVER_JOB, LEASE_RENEW_MS, LEASE_SECONDS, MAX_ATTEMPTS, nextUtcDay, retryDelaySeconds, utcDay } from './limits';
import { fillText, recipientLanguage } from '../../shared/variables';
import { publishSentVideo } from '../videos/service';
import { emailHtml, emailText, socialText, type MessageParts } from './messages';
import type { DistDeps } from './service';
import { emailOptOutKey } from './public';
import { senderIdSql, senderScope } from './sender';
import { campaignOfVideo, defaultsOfVideo, LANDING_VIEW_COLUMNS } from './landing-settings';
import { deliveries, deliveryQuotas, distributionOptOuts, distributions, personalRenders, sendDefaults, type DeliveryRow } from './tables';

// The outbox worker. Exactly-once as far as the app can make it (docs/decisions/070-distribution.md):
// 1. claim: one UPDATE moves the row to `sending` with a fresh attempt id and a lease, only from
//    pending / due deferred / sending-with-an-expired-lease; a second worker's claim finds nothing;
// 2. the provider call, the lease renewed while it runs;
// 3. `sent` is written by the same attempt id before the job is acknowledged; the next delivery
//    is only claimed after that write. A crash before step 3 leaves `sending`: the row is claimed
//    again once the lease expires and sent again with the same Message-ID.

export type DeliverOutcome = 'sent' | 'failed' | 'retry' | 'deferred' | 'skipped' | 'busy';

const leaseSql = sql.raw(`now() + interval '${LEASE_SECONDS} seconds'`);

/** The sending account whose daily limit applies: e-mail counts per workspace, a social channel per connected account. */
const accountKeyOf = (d: DeliveryRow) => (d.platform === 'email' ? `email:${d.workspaceId}` : `profile:${d.profileId ?? d.workspaceId}`);

/** Context of a send: the distribution's link base, the video (or the personal render), the sender (the member who sent it). */
async function contextOf(deps: DistDeps, d: DeliveryRow) {
  const [row] = await deps.db
    .select({
      baseUrl: distributions.baseUrl,
      title: videos.title,
      thumbnail: videos.thumbnail,
      videoUrl: videos.videoUrl,
      renderStatus: personalRenders.status,
      renderThumbnail: personalRenders.thumbnail,
      senderName: LANDING_VIEW_COLUMNS.senderName,
      fullName: users.fullName,
      companyName: users.companyName,
      email: users.email,
      senderId: users.id,
      // Unsubscribed since the distribution was created (a deferred or retried delivery).
      optedOut: sql<boolean>`(
        exists (select 1 from ${contacts} c where c.id = ${d.contactId} and c.unsubscribed_at is not null)
        or exists (select 1 from ${distributionOptOuts} o where o.workspace_id = ${d.workspaceId} and o.recipient_key in (${d.recipientKey}, ${emailOptOutKey(d.address)})))`,
    })
    .from(distributions)
    .innerJoin(videos, eq(videos.id, distributions.videoId))
    .innerJoin(workspaces, eq(workspaces.id, distributions.workspaceId))
    .innerJoin(users, eq(users.id, senderIdSql))
    .leftJoin(campaigns, campaignOfVideo)
    .leftJoin(sendDefaults, defaultsOfVideo)
    .leftJoin(personalRenders, eq(personalRenders.id, sql`${d.renderId}`))
    .where(eq(distributions.id, d.distributionId));
  if (!row) throw notFound('The distribution no longer exists');
  const sender = row.senderName || row.fullName || row.companyName || 'Someone';
  const absolute = (u: string | null) => (!u ? null : /^https?:\/\//i.test(u) ? u : `${row.baseUrl}${u.startsWith('/') ? '' : '/'}${u}`);
  // The recipient's own poster and GIF (their personal render's, or made from a video stored here on
  // first request); an external video keeps its own poster.
  const ownImages = (row.renderStatus === 'completed' && !!row.renderThumbnail) || !!row.videoUrl?.startsWith('/files/');
  const parts: MessageParts = {
    message: d.message,
    title: fillText(row.title, d.values ?? {}),
    sender,
    landingUrl: `${row.baseUrl}/v/${d.token}`,
    unsubscribeUrl: `${row.baseUrl}/unsubscribe/${d.token}`,
    thumbnailUrl: ownImages ? `${row.baseUrl}/v/${d.token}/poster.jpg` : absolute(row.thumbnail),
    gifUrl: ownImages ? `${row.baseUrl}/v/${d.token}/preview.gif` : null,
    language: d.language ? recipientLanguage(d.language) : null,
  };
  return { parts, replyTo: row.email as string | null, optedOut: !!row.optedOut, scope: senderScope(d.workspaceId, row.senderId) };
}

/** delivery.sent / delivery.failed for the workspace's webhooks: what was sent to whom, never the token. */
export async function deliveryEvent(deps: Pick<DistDeps, 'emit' | 'db'>, d: DeliveryRow, type: 'delivery.sent' | 'delivery.failed', error?: string) {
  // The campaign the video is in now, as the campaign's figures count it (decision 121), not the one it was in when sent.
  const [video] = await deps.db.select({ campaignId: videos.campaignId }).from(videos).where(eq(videos.id, d.videoId));
  return deps.emit({
    workspaceId: d.workspaceId,
    type,
    data: {
      deliveryId: d.id,
      distributionId: d.distributionId,
      videoId: d.videoId,
      campaignId: video ? video.campaignId : d.campaignId,
      contactId: d.contactId,
      channel: d.platform,
      recipient: d.recipientName,
      ...(error ? { error } : {}),
    },
  });
}

export const UNSUBSCRIBED_ERROR = 'Unsubscribed before it was sent';

async function send(deps: DistDeps, d: DeliveryRow, ctx: Awaited<ReturnType<typeof contextOf>>): Promise<string> {
  const { parts, replyTo, scope } = ctx;
  if (d.platform === 'email') {
    const email = deps.providers.email;
    const r = await email.send({
      fromName: parts.sender,
      to: { name: d.recipientName, address: d.address },
      replyTo,
      subject: d.subject ?? `A video for you: ${parts.title}`,
      text: emailText(parts),
      html: emailHtml(parts),
      // Deterministic: a message sent again after a crash is recognisably the same message.
      messageId: `<${d.id}@${domainOf(email.from.address)}>`,
      headers: { 'List-Unsubscribe': `<${parts.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      // The sandbox files it in the workspace's inbox, as sent by the member.
      workspaceId: d.workspaceId,
      userId: scope.userId,
      reference: d.id,
    });
    return r.messageId;
  }
  const to =
    d.platform === 'whatsapp'
      ? /^[+0-9()\s.\-/]+$/.test(d.address)
        ? { phone: d.address }
        : { providerId: d.address }
      : /^https?:\/\//i.test(d.address)
        ? { profileUrl: d.address }
        : { providerId: d.address };
  const r = await sendSocialMessage({
    ...socialDepsOf(deps),
    scope,
    platform: d.platform as MessagingPlatform,
    to,
    text: socialText(parts),
    profileId: d.profileId ?? undefined,
    reference: d.id,
  });
  return r.messageId;
}

const failureOf = (e: unknown) => ({ message: e instanceof Error ? e.message : String(e), retryable: !isFinalFailure(e) });

/**
 * One delivery, from claim to sent (or deferred, retried, failed). Never throws for a delivery's
 * own failure: retries are new delayed jobs, so one bad address never fails a batch.
 */
export async function deliverOne(deps: DistDeps, deliveryId: string): Promise<DeliverOutcome> {
  const { db, queue, log } = deps;
  const attemptId = newToken();
  const [claimed] = await db
    .update(deliveries)
    .set({ status: 'sending', attemptId, attempts: sql`${deliveries.attempts} + 1`, leaseUntil: leaseSql, updatedAt: sql`now()` })
    .where(
      and(
        eq(deliveries.id, deliveryId),
        or(
          eq(deliveries.status, 'pending'),
          and(eq(deliveries.status, 'deferred'), lte(deliveries.notBefore, sql`now()`)),
          and(eq(deliveries.status, 'sending'), lt(deliveries.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [cur] = await db
      .select({ status: deliveries.status, leaseUntil: deliveries.leaseUntil, attemptId: deliveries.attemptId })
      .from(deliveries)
      .where(eq(deliveries.id, deliveryId));
    if (cur?.status === 'sending' && cur.leaseUntil) {
      // Another attempt holds the lease (alive, or dead and not yet expired): look again when it ends.
      const at = new Date(cur.leaseUntil.getTime() + 1000);
      await queue.send(DELIVER_JOB, { deliveryId }, { id: stableJobId(DELIVER_JOB, deliveryId, 'lease', cur.attemptId ?? ''), startAfter: at });
      return 'busy';
    }
    return 'skipped'; // sent, failed, waiting for its render, deferred to later, or deleted
  }
  const mine = and(eq(deliveries.id, deliveryId), eq(deliveries.attemptId, attemptId));
  let ctx: Awaited<ReturnType<typeof contextOf>>;
  try {
    ctx = await contextOf(deps, claimed);
  } catch (e) {
    if (!(e instanceof AppError)) throw e; // the database: the job is retried, the lease keeps the row
    const failed = await db.update(deliveries).set({ status: 'failed', error: e.message, leaseUntil: null, updatedAt: sql`now()` }).where(mine).returning();
    if (failed.length) await deliveryEvent(deps, claimed, 'delivery.failed', e.message);
    return 'failed';
  }
  if (ctx.optedOut) {
    const failed = await db
      .update(deliveries)
      .set({ status: 'failed', error: UNSUBSCRIBED_ERROR, leaseUntil: null, updatedAt: sql`now()` })
      .where(mine)
      .returning();
    if (failed.length) await deliveryEvent(deps, claimed, 'delivery.failed', UNSUBSCRIBED_ERROR);
    return 'failed';
  }

  // Daily limit of the sending account, consumed once per delivery and day.
  const limit = DAILY_LIMITS[claimed.platform];
  const day = utcDay(new Date());
  if (limit && claimed.quotaDay !== day) {
    const allowed = await db.transaction(async (tx) => {
      const got = await tx
        .insert(deliveryQuotas)
        .values({ accountKey: accountKeyOf(claimed), day, used: 1 })
        .onConflictDoUpdate({
          target: [deliveryQuotas.accountKey, deliveryQuotas.day],
          set: { used: sql`${deliveryQuotas.used} + 1` },
          setWhere: sql`${deliveryQuotas.used} < ${limit}`,
        })
        .returning({ used: deliveryQuotas.used });
      if (got.length) await tx.update(deliveries).set({ quotaDay: day }).where(mine);
      return got.length > 0;
    });
    if (!allowed) {
      const notBefore = nextUtcDay(new Date());
      const jobId = stableJobId(DELIVER_JOB, deliveryId, 'deferred', day);
      // The job first: a crash after it leaves a `sending` row the job claims once the lease ends.
      await queue.send(DELIVER_JOB, { deliveryId }, { id: jobId, startAfter: notBefore });
      await db
        .update(deliveries)
        .set({ status: 'deferred', notBefore, jobId, attemptId: null, leaseUntil: null, attempts: sql`${deliveries.attempts} - 1`, updatedAt: sql`now()` })
        .where(mine);
      log.info('delivery deferred by the daily limit', { deliveryId, platform: claimed.platform, limit, until: notBefore.toISOString() });
      return 'deferred';
    }
  }

  const renew = setInterval(() => {
    db.update(deliveries)
      .set({ leaseUntil: leaseSql })
      .where(mine)
      .catch(() => undefined);
  }, LEASE_RENEW_MS);
  let providerMessageId: string;
  try {
    providerMessageId = await send(deps, claimed, ctx);
  } catch (e) {
    clearInterval(renew);
    const f = failureOf(e);
    if (f.retryable && claimed.attempts < MAX_ATTEMPTS) {
      const delay = retryDelaySeconds(claimed.attempts);
      const jobId = stableJobId(DELIVER_JOB, deliveryId, 'retry', claimed.attempts);
      await queue.send(DELIVER_JOB, { deliveryId }, { id: jobId, startAfter: delay });
      await db.update(deliveries).set({ status: 'pending', error: f.message, jobId, attemptId: null, leaseUntil: null, updatedAt: sql`now()` }).where(mine);
      log.warn('delivery failed, will retry', { deliveryId, attempt: claimed.attempts, inSeconds: delay, error: f.message });
      return 'retry';
    }
    const failed = await db.update(deliveries).set({ status: 'failed', error: f.message, leaseUntil: null, updatedAt: sql`now()` }).where(mine).returning();
    log.warn('delivery failed', { deliveryId, attempt: claimed.attempts, error: f.message });
    if (failed.length) await deliveryEvent(deps, claimed, 'delivery.failed', f.message);
    return 'failed';
  }
  clearInterval(renew);
  const done = await db
    .update(deliveries)
    .set({ status: 'sent', sentAt: sql`now()`, providerMessageId, error: null, leaseUntil: null, updatedAt: sql`now()` })
    .where(mine)
    .returning({ id: deliveries.id });
  if (!done.length) log.warn('delivery sent after its lease was taken over', { deliveryId });
  else {
    await publishSentVideo(db, claimed.workspaceId, claimed.videoId);
    await deliveryEvent(deps, claimed, 'delivery.sent');
  }
  return 'sent';
}
