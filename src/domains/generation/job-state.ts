import type { Db } from '../../server/db/client';
import type { JobQueue } from '../../server/jobs/queue';
import type { Scope } from '../../server/scope';
import { getVideoStatus } from './status';
import { renderTasks } from './tables';
import { eq } from 'drizzle-orm';

/**
 * Developer mode on My Videos (decision 225): the video's id, its render task, and the state of the
 * queue job now in charge of it (pg-boss: created, active, retry, completed, failed), as the worker sees it.
 */
export async function renderJobState(opts: { db: Db; queue: Pick<JobQueue, 'getJob'>; scope: Scope; videoId: string }) {
  const status = await getVideoStatus({ db: opts.db, scope: opts.scope, id: opts.videoId });
  const [task] = await opts.db.select({ queueJob: renderTasks.queueJob }).from(renderTasks).where(eq(renderTasks.videoId, status.videoId));
  const [queue, jobId] = task?.queueJob?.split(':') ?? [];
  const job = queue && jobId ? await opts.queue.getJob(queue, jobId).catch(() => null) : null;
  return {
    videoId: status.videoId,
    taskId: status.taskId,
    status: status.status,
    progress: status.progress,
    queue: queue ?? null,
    jobId: jobId ?? null,
    /** null: no render job (a video saved from a link) or the queue no longer keeps it. */
    jobState: job?.state ?? null,
    retryCount: job?.retryCount ?? null,
    error: status.error,
    /** The REST call that answers the same status. */
    api: `GET /api/videos/${status.videoId}/status`,
  };
}
