import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { JobDefinition, JobQueue } from '../../server/jobs/queue';
import { releaseRender } from '../billing/limits';
import { videos, type VideoRow } from '../videos/tables';
import { RENDER_SWEEP_JOB, STALE_AFTER_MS, STOPPED_MESSAGE } from './service';
import { renderTasks, type RenderTaskRow } from './tables';

const BATCH = 200;

/** A processing row untouched for a while whose queue job has ended (failed after its retries, or lost). */
export async function renderIsLost(
  queue: JobQueue,
  video: Pick<VideoRow, 'status' | 'updatedAt'>,
  task: Pick<RenderTaskRow, 'queueJob'> | null,
): Promise<boolean> {
  if (video.status !== 'processing' || !task?.queueJob) return false;
  if (Date.now() - video.updatedAt.getTime() < STALE_AFTER_MS) return false;
  const [name, id] = task.queueJob.split(':') as [string, string];
  const job = await queue.getJob(name, id).catch(() => null);
  return !job || ['failed', 'cancelled', 'completed'].includes(job.state);
}

/**
 * Records renders that were lost (their worker died on the last attempt, or their queue job is
 * gone) as failed, so status reads, lists and counts all say so; reads never write (issue 9).
 * A pg-boss schedule: one run a minute across every process sharing the queue (docs/decisions/185).
 * Idempotent: the update only takes rows still processing and still stale.
 */
export function renderSweepJob(deps: Pick<AppDeps, 'db' | 'queue' | 'log' | 'emit'>): JobDefinition<object> {
  const { db, queue, log } = deps;
  return {
    name: RENDER_SWEEP_JOB,
    cron: '* * * * *',
    retryLimit: 1,
    expireInSeconds: 120,
    async handler() {
      const stale = await db
        .select({ video: videos, task: renderTasks })
        .from(videos)
        .innerJoin(renderTasks, eq(renderTasks.videoId, videos.id))
        .where(and(eq(videos.status, 'processing'), isNotNull(renderTasks.queueJob), lt(videos.updatedAt, new Date(Date.now() - STALE_AFTER_MS))))
        .limit(BATCH);
      let failed = 0;
      for (const { video, task } of stale) {
        if (!(await renderIsLost(queue, video, task))) continue;
        const done = await db
          .update(videos)
          .set({ status: 'failed', errorMessage: STOPPED_MESSAGE, updatedAt: new Date() })
          .where(and(eq(videos.id, video.id), eq(videos.status, 'processing'), lt(videos.updatedAt, new Date(Date.now() - STALE_AFTER_MS))))
          .returning({ id: videos.id });
        // A failed render does not count towards the month's videos.
        if (done.length) await releaseRender(db, video.id);
        if (done.length)
          await deps.emit({
            workspaceId: video.workspaceId,
            type: 'video.failed',
            data: { videoId: video.id, title: video.title, campaignId: video.campaignId, error: STOPPED_MESSAGE },
          });
        failed += done.length;
      }
      if (failed) log.warn('lost renders recorded as failed', { count: failed });
    },
  };
}
