import { stableJobId } from '../../server/jobs/job-ids';
import type { JobQueue } from '../../server/jobs/queue';
import { DELIVER_JOB, PERSONALISE_JOB, SWEEP_EVERY_SECONDS, SWEEP_JOB } from './limits';

const CHUNK = 500;

/** First jobs of new deliveries, in bulk: the delivery id is the job id, so a repeat is a no-op. */
export async function enqueueDeliveries(queue: JobQueue, ids: string[]) {
  for (let i = 0; i < ids.length; i += CHUNK)
    await queue.boss.insert(
      DELIVER_JOB,
      ids.slice(i, i + CHUNK).map((id) => ({ id, data: { deliveryId: id } })),
    );
}

export const renderJobId = (distributionId: string, batch: number, generation = 0) => stableJobId(PERSONALISE_JOB, distributionId, batch, generation);

export async function enqueueRenders(queue: JobQueue, distributionId: string, batches: number) {
  for (let b = 0; b < batches; b++) await queue.send(PERSONALISE_JOB, { distributionId, batch: b }, { id: renderJobId(distributionId, b) });
}

/** One sweep per minute at most, whoever asks (the id is the minute's). */
export async function kickSweeper(queue: JobQueue, afterSeconds = SWEEP_EVERY_SECONDS) {
  const at = Date.now() + afterSeconds * 1000;
  await queue.send(SWEEP_JOB, {}, { id: stableJobId(SWEEP_JOB, Math.floor(at / 60_000)), startAfter: new Date(at) });
}
