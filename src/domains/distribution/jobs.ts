import { and, count, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { userFacingFailure } from '../../media/user-message';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import type { JobDefinition } from '../../server/jobs/queue';
import { stableJobId } from '../../server/jobs/job-ids';
import { shouldRetry } from '../../server/jobs/failures';
import { kickSweeper, renderJobId } from './enqueue';
import { DELIVER_BATCH, DELIVER_JOB, PERSONALISE_JOB, SWEEP_JOB, SWEEP_STALE_SECONDS } from './limits';
import { deliverOne } from './outbox';
import { failBatch, renderBatch } from './personalise';
import { deliveries, personalRenders } from './tables';
import './service'; // registers the landing-page token resolver and reach with tracking

const TERMINAL = new Set(['completed', 'failed', 'cancelled']);

export function distributionJobs(deps: AppDeps): JobDefinition<any>[] {
  const { db, queue, log } = deps;

  const deliver: JobDefinition<{ deliveryId: string }> = {
    name: DELIVER_JOB,
    // Retries of a delivery are new delayed jobs (deliverOne); these cover a crash of the handler itself.
    retryLimit: 10,
    retryDelay: 1,
    // Heartbeats: a killed worker's batch is offered again ~10 s later; claims make a repeat harmless.
    heartbeatSeconds: 10,
    // One batch at a time, sent one by one: `sent` is recorded before the next send starts.
    concurrency: 1,
    batchSize: DELIVER_BATCH,
    handler: async ({ deliveryId }) => {
      await deliverOne(deps, deliveryId);
    },
  };

  const personalise: JobDefinition<{ distributionId: string; batch: number }> = {
    name: PERSONALISE_JOB,
    retryLimit: 2,
    retryDelay: 5,
    heartbeatSeconds: 15,
    // Batches rendered at once in this process (RENDER_CONCURRENCY, like video renders).
    concurrency: deps.env.RENDER_CONCURRENCY,
    handler: async ({ distributionId, batch }, job) => {
      try {
        await renderBatch(deps, distributionId, batch);
      } catch (e) {
        if (shouldRetry(e, job)) throw e;
        const failure = e instanceof AppError ? { message: e.message, log: { error: e.message } } : userFacingFailure(e, 'render');
        await failBatch(deps, distributionId, batch, failure);
      }
    },
  };

  /**
   * The outbox relay's safety net, every minute while anything is unfinished: a delivery or a
   * render whose queue job is gone or finished (a crash between commit and enqueue, retries
   * exhausted by repeated crashes) gets a new job.
   */
  const sweep: JobDefinition<object> = {
    name: SWEEP_JOB,
    retryLimit: 1,
    expireInSeconds: 120,
    handler: async () => {
      const stale = await db
        .select({ id: deliveries.id, jobId: deliveries.jobId, status: deliveries.status, attempts: deliveries.attempts })
        .from(deliveries)
        .where(
          and(
            inArray(deliveries.status, ['pending', 'sending', 'deferred']),
            lt(deliveries.updatedAt, sql.raw(`now() - interval '${SWEEP_STALE_SECONDS} seconds'`)),
            or(eq(deliveries.status, 'pending'), lt(deliveries.leaseUntil, sql`now()`), lt(deliveries.notBefore, sql`now()`)),
          ),
        )
        .limit(500);
      let revived = 0;
      for (const d of stale) {
        const job = d.jobId ? await queue.getJob(DELIVER_JOB, d.jobId).catch(() => null) : null;
        if (job && !TERMINAL.has(job.state)) continue;
        const jobId = stableJobId(DELIVER_JOB, d.id, 'sweep', Math.floor(Date.now() / 60_000));
        await queue.send(DELIVER_JOB, { deliveryId: d.id }, { id: jobId });
        await db.update(deliveries).set({ jobId }).where(eq(deliveries.id, d.id));
        revived++;
      }
      const batches = await db
        .selectDistinct({ distributionId: personalRenders.distributionId, batch: personalRenders.batch })
        .from(personalRenders)
        .where(and(eq(personalRenders.status, 'pending'), lt(personalRenders.createdAt, sql.raw(`now() - interval '${SWEEP_STALE_SECONDS} seconds'`))))
        .limit(100);
      for (const b of batches) {
        const job = await queue.getJob(PERSONALISE_JOB, renderJobId(b.distributionId, b.batch)).catch(() => null);
        if (job && !TERMINAL.has(job.state)) continue;
        const id = job ? renderJobId(b.distributionId, b.batch, Math.floor(Date.now() / 60_000)) : renderJobId(b.distributionId, b.batch);
        await queue.send(PERSONALISE_JOB, b, { id });
        revived++;
      }
      if (revived) log.warn('distribution sweeper re-queued unfinished work', { count: revived });
      const [open] = await db
        .select({ n: count() })
        .from(deliveries)
        .where(inArray(deliveries.status, ['waiting', 'pending', 'sending', 'deferred']));
      if (Number(open?.n ?? 0) > 0) await kickSweeper(queue);
    },
  };

  return [deliver, personalise, sweep];
}
