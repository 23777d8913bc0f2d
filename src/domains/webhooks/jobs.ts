import { and, eq, inArray, isNull, lt, min, or, sql } from 'drizzle-orm';
import type { JobDefinition } from '../../server/jobs/queue';
import { attemptDelivery, attemptJobId, type WebhookDeps } from './deliver';
import { kickWebhookSweep } from './emit';
import { WEBHOOK_JOB, WEBHOOK_SWEEP_JOB } from './limits';
import { webhookDeliveries } from './tables';

/** A pending delivery this long past its due time (or a lease this long expired) has lost its job. */
const OVERDUE_SECONDS = 120;

export function webhookJobs(deps: WebhookDeps): JobDefinition<any>[] {
  const { db, queue, log } = deps;

  const deliver: JobDefinition<{ deliveryId: string }> = {
    name: WEBHOOK_JOB,
    // Retries of a delivery are new delayed jobs (attemptDelivery); these cover a crash of the handler itself.
    retryLimit: 5,
    retryDelay: 2,
    // An attempt lasts 10 s at most; a dead worker's job comes back within a minute, claims make a repeat harmless.
    expireInSeconds: 60,
    concurrency: 4,
    batchSize: 10,
    handler: async ({ deliveryId }) => {
      await attemptDelivery(deps, deliveryId);
    },
  };

  /**
   * The outbox relay's safety net: a delivery whose job never existed (a crash between the row and
   * the job) or was lost gets a new one. Runs while anything is open, at least a minute apart.
   */
  const sweep: JobDefinition<object> = {
    name: WEBHOOK_SWEEP_JOB,
    retryLimit: 1,
    expireInSeconds: 120,
    handler: async () => {
      const overdue = sql.raw(`now() - interval '${OVERDUE_SECONDS} seconds'`);
      const stale = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          or(
            and(
              eq(webhookDeliveries.status, 'pending'),
              or(isNull(webhookDeliveries.nextAttemptAt), lt(webhookDeliveries.nextAttemptAt, overdue)),
              lt(webhookDeliveries.updatedAt, overdue),
            ),
            and(eq(webhookDeliveries.status, 'sending'), lt(webhookDeliveries.leaseUntil, overdue)),
          ),
        )
        .limit(500);
      const minute = Math.floor(Date.now() / 60_000);
      for (const d of stale) await queue.send(WEBHOOK_JOB, { deliveryId: d.id }, { id: attemptJobId(d.id, `sweep-${minute}`) });
      if (stale.length) log.warn('webhook sweeper re-queued deliveries', { count: stale.length });
      const [open] = await db
        .select({ next: min(webhookDeliveries.nextAttemptAt), n: sql<number>`count(*)::int` })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.status, ['pending', 'sending']));
      if (Number(open?.n ?? 0) === 0) return;
      // Next look: a minute from now, or just after the earliest retry is due.
      const dueIn = open?.next ? (new Date(open.next).getTime() - Date.now()) / 1000 + OVERDUE_SECONDS : 60;
      await kickWebhookSweep(deps, Math.max(60, Math.round(dueIn)));
    },
  };

  return [deliver, sweep];
}
