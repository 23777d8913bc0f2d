import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { releaseRender } from '../billing/limits';
import { videos } from '../videos/tables';
import { kickRenderSweep, RENDER_SWEEP_JOB, STALE_AFTER_MS, STOPPED_MESSAGE } from './service';
import { renderIsLost } from './status';
import { renderTasks } from './tables';

const BATCH = 200;

/**
 * Records renders that were lost (their queue job ended without finishing the row) as failed: the
 * status routes already show them failed without writing, lists and counts catch up here.
 * Kicked when a render starts; runs again each minute while anything is still processing.
 */
export function renderSweepJob(deps: Pick<AppDeps, 'db' | 'queue' | 'log' | 'emit'>): JobDefinition<object> {
  const { db, queue, log } = deps;
  return {
    name: RENDER_SWEEP_JOB,
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
            userId: video.userId,
            type: 'video.failed',
            data: { videoId: video.id, title: video.title, campaignId: video.campaignId, error: STOPPED_MESSAGE },
          });
        failed += done.length;
      }
      if (failed) log.warn('lost renders recorded as failed', { count: failed });
      const [still] = await db.select({ id: videos.id }).from(videos).where(eq(videos.status, 'processing')).limit(1);
      if (still) await kickRenderSweep(queue, 60);
    },
  };
}
