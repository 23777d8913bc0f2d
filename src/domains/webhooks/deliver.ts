import { and, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import { FetchRefused, type PinOptions, pinnedFetch } from '../../server/http/guarded-fetch';
import { newToken } from '../../shared/ids';
import { stableJobId } from '../../server/jobs/job-ids';
import { EXCERPT_CHARS, LEASE_SECONDS, MAX_ATTEMPTS, READ_BYTES, retryDelaySeconds, TIMEOUT_MS, WEBHOOK_JOB } from './limits';
import { signedHeaders } from './sign';
import { webhookDeliveries, webhookEndpoints } from './tables';

// One attempt of the webhook outbox, claimed like a distribution delivery (decision 070): one
// UPDATE takes the row with a fresh attempt id and a lease, so two workers (or a job repeated after
// a crash) never post it at once; at-least-once, the receiver de-duplicates on webhook-id.

export type WebhookDeps = Pick<AppDeps, 'db' | 'queue' | 'env' | 'log' | 'box'>;
export type AttemptOutcome = 'succeeded' | 'retry' | 'failed' | 'skipped' | 'busy';

export const DISABLED_ERROR = 'The endpoint is disabled';
const leaseSql = sql.raw(`now() + interval '${LEASE_SECONDS} seconds'`);

/** Reads at most READ_BYTES of the answer; a short excerpt is all that is kept. */
async function excerptOf(res: Response): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const parts: Uint8Array[] = [];
  let total = 0;
  while (total < READ_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    total += value.length;
  }
  await reader.cancel().catch(() => undefined);
  const text = new TextDecoder().decode(Buffer.concat(parts).subarray(0, READ_BYTES));
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '').slice(0, EXCERPT_CHARS);
}

/**
 * POSTs a signed body: never to an internal address unless allowed (checked at each attempt: a
 * name may resolve elsewhere later), no redirects followed (a 3xx is a failure, as Standard
 * Webhooks says), the whole exchange within TIMEOUT_MS.
 */
export async function postSigned(
  opts: { url: string; headers: Record<string, string>; body: string; allowPrivate: boolean; timeoutMs?: number } & Omit<PinOptions, 'allowPrivate'>,
) {
  const url = new URL(opts.url);
  const signal = AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS);
  try {
    // To the address that was checked (no second resolution a rebinding DNS answer could turn inward).
    const res = await pinnedFetch(
      url,
      {
        method: 'POST',
        redirect: 'manual',
        signal,
        headers: { 'content-type': 'application/json', 'user-agent': 'AvatarStudio-Webhooks/1', ...opts.headers },
        body: opts.body,
      },
      opts,
    );
    return { status: res.status, excerpt: await excerptOf(res) };
  } catch (e) {
    if (e instanceof FetchRefused) throw e;
    if (signal.aborted) throw new FetchRefused(`No answer within ${Math.round((opts.timeoutMs ?? TIMEOUT_MS) / 1000)} s`);
    throw new FetchRefused(`The request failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const attemptJobId = (deliveryId: string, attempt: number | string) => stableJobId(WEBHOOK_JOB, deliveryId, attempt);

/** One attempt of one delivery. Never throws for the endpoint's failure: a retry is a new delayed job. */
export async function attemptDelivery(deps: WebhookDeps, deliveryId: string, now = new Date()): Promise<AttemptOutcome> {
  const { db, queue, log } = deps;
  const attemptId = newToken();
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ status: 'sending', attemptId, attempts: sql`${webhookDeliveries.attempts} + 1`, leaseUntil: leaseSql, updatedAt: sql`now()` })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        or(
          and(eq(webhookDeliveries.status, 'pending'), or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, sql`now()`))),
          and(eq(webhookDeliveries.status, 'sending'), lt(webhookDeliveries.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .returning();
  if (!claimed) {
    const [cur] = await db
      .select({ status: webhookDeliveries.status, leaseUntil: webhookDeliveries.leaseUntil, attemptId: webhookDeliveries.attemptId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId));
    if (cur?.status !== 'sending' || !cur.leaseUntil) return 'skipped'; // done, not yet due, or deleted
    // Another attempt holds the lease (alive, or dead and not yet expired): look again when it ends.
    await queue.send(
      WEBHOOK_JOB,
      { deliveryId },
      { id: attemptJobId(deliveryId, `lease-${cur.attemptId}`), startAfter: new Date(cur.leaseUntil.getTime() + 1000) },
    );
    return 'busy';
  }
  const mine = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attemptId, attemptId));
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, claimed.endpointId));
  if (!endpoint?.enabled) {
    await db.update(webhookDeliveries).set({ status: 'failed', error: DISABLED_ERROR, leaseUntil: null, updatedAt: sql`now()` }).where(mine);
    return 'failed';
  }

  const started = performance.now();
  let status: number | null = null;
  let excerpt: string | null = null;
  let error: string | null = null;
  try {
    const secret = await deps.box.decrypt(endpoint.secretEncrypted, endpoint.id);
    const res = await postSigned({
      url: endpoint.url,
      headers: signedHeaders(secret, claimed.eventId, claimed.body, now),
      body: claimed.body,
      allowPrivate: deps.env.FETCH_ALLOW_PRIVATE === 'true',
    });
    status = res.status;
    excerpt = res.excerpt;
    if (status < 200 || status > 299) error = `The endpoint answered HTTP ${status}`;
  } catch (e) {
    error = e instanceof FetchRefused ? e.message : 'The request could not be made';
    if (!(e instanceof FetchRefused)) log.warn('webhook attempt error', { deliveryId, error: String((e as Error)?.message ?? e) });
  }
  const result = {
    responseStatus: status,
    responseExcerpt: excerpt,
    durationMs: Math.round(performance.now() - started),
    leaseUntil: null,
    updatedAt: sql`now()`,
  };
  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({ ...result, status: 'succeeded', error: null, nextAttemptAt: null, deliveredAt: sql`now()` })
      .where(mine);
    return 'succeeded';
  }
  if (claimed.attempts < MAX_ATTEMPTS) {
    const nextAttemptAt = new Date(Date.now() + retryDelaySeconds(claimed.attempts) * 1000);
    const jobId = attemptJobId(deliveryId, claimed.attempts + 1);
    // The job first: a crash after it leaves a `sending` row the job claims once the lease ends.
    await queue.send(WEBHOOK_JOB, { deliveryId }, { id: jobId, startAfter: nextAttemptAt });
    await db
      .update(webhookDeliveries)
      .set({ ...result, status: 'pending', error, nextAttemptAt, jobId, attemptId: null })
      .where(mine);
    log.info('webhook attempt failed, will retry', { deliveryId, attempt: claimed.attempts, at: nextAttemptAt.toISOString(), error });
    return 'retry';
  }
  await db
    .update(webhookDeliveries)
    .set({ ...result, status: 'failed', error, nextAttemptAt: null })
    .where(mine);
  log.warn('webhook delivery failed', { deliveryId, attempts: claimed.attempts, error });
  return 'failed';
}
