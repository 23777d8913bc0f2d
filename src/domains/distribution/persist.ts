import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { JobQueue } from '../../server/jobs/queue';
import { enqueueDeliveries, enqueueRenders, kickSweeper } from './enqueue';
import { PERSONALISE_BATCH } from './limits';
import type { DistributionPlan } from './plan';
import { deliveries, distributions, personalRenders, type Channel, type SkippedRecipient } from './tables';

const SKIPPED_KEPT = 1000;
const INSERT_CHUNK = 500;

export type Created = { id: string; recipientKey: string; platform: Channel };

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await insert(rows.slice(i, i + INSERT_CHUNK));
}

/**
 * Writes a plan in one transaction. A concurrent distribution of the same video may have taken a
 * (recipient, channel) meanwhile: the unique index decides, the loser is skipped as "already sent" and
 * renders nobody waits for any more are dropped (the rest renumbered into batches).
 * Returns the deliveries made and the renders kept.
 */
export async function persistDistribution(db: Db, plan: DistributionPlan, skipped: SkippedRecipient[]): Promise<{ created: Created[]; renders: number }> {
  const created: Created[] = [];
  let renders = plan.renders;
  await db.transaction(async (tx) => {
    await tx.insert(distributions).values(plan.distribution);
    await insertChunks(renders, (chunk) => tx.insert(personalRenders).values(chunk));
    await insertChunks(plan.deliveries, async (chunk) => {
      const got = await tx
        .insert(deliveries)
        .values(chunk)
        .onConflictDoNothing({ target: [deliveries.videoId, deliveries.recipientKey, deliveries.platform] })
        .returning({ id: deliveries.id, recipientKey: deliveries.recipientKey, platform: deliveries.platform });
      created.push(...(got as Created[]));
    });
    if (created.length < plan.deliveries.length) {
      const made = new Set(created.map((r) => r.id));
      for (const r of plan.deliveries)
        if (!made.has(r.id))
          skipped.push({
            contactId: r.contactId ?? null,
            socialContactId: r.socialContactId ?? null,
            name: r.recipientName ?? null,
            platform: r.platform,
            reason: 'already sent',
          });
      const needed = new Set(created.map((r) => r.recipientKey));
      const orphans = renders.filter((r) => !needed.has(r.recipientKey));
      if (orphans.length) {
        renders = renders.filter((r) => needed.has(r.recipientKey));
        await insertChunks(
          orphans.map((r) => r.id),
          (ids) => tx.delete(personalRenders).where(inArray(personalRenders.id, ids)),
        );
        // Batches renumbered over the renders kept, in the same order.
        for (let b = 0; b * PERSONALISE_BATCH < renders.length; b++) {
          const ids = renders.slice(b * PERSONALISE_BATCH, (b + 1) * PERSONALISE_BATCH).map((r) => r.id);
          await tx.update(personalRenders).set({ batch: b }).where(inArray(personalRenders.id, ids));
        }
      }
    }
    await tx
      .update(distributions)
      .set({ skipped: skipped.slice(0, SKIPPED_KEPT), skippedCount: skipped.length })
      .where(eq(distributions.id, plan.distribution.id));
  });
  return { created, renders: renders.length };
}

/** After the commit: the jobs. A crash in between leaves rows the sweeper enqueues. */
export async function enqueueDistribution(queue: JobQueue, plan: DistributionPlan, written: { created: Created[]; renders: number }) {
  if (plan.distribution.personalizeVideo) await enqueueRenders(queue, plan.distribution.id, Math.ceil(written.renders / PERSONALISE_BATCH));
  else
    await enqueueDeliveries(
      queue,
      written.created.map((r) => r.id),
    );
  if (written.created.length) await kickSweeper(queue);
}
