import { and, eq, lt } from 'drizzle-orm';
import type { Failure } from '../../media/user-message';
import type { AppDeps } from '../../server/context';
import { stableJobId } from '../../server/jobs/job-ids';
import { releaseRender } from '../billing/limits';
import { deleteFiles, storePath } from '../files/service';
import { videos, type VideoRow } from '../videos/tables';
import { pollDelaySeconds } from './render-plan';
import { POLL_JOB, queueJobRef } from './service';
import { renderTasks } from './tables';

export type PollData = { videoId: string; n: number };

/**
 * The render jobs' writes: progress, the finished files, a failure, the next poll. Each only
 * touches a row still processing, so a deleted or already-ended video is never revived.
 */
export function renderStore(deps: AppDeps) {
  const { db, queue, log, env } = deps;
  const storage = deps.providers.storage;
  const absolute = (url: string) => (env.APP_URL ? new URL(url, env.APP_URL).toString() : null);

  const load = async (videoId: string) => {
    const [row] = await db
      .select({ video: videos, task: renderTasks })
      .from(videos)
      .innerJoin(renderTasks, eq(renderTasks.videoId, videos.id))
      .where(eq(videos.id, videoId));
    return row ?? null;
  };

  const setProgress = (videoId: string, progress: number) =>
    db
      .update(videos)
      .set({ progress, updatedAt: new Date() })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'processing'), lt(videos.progress, progress)));

  /** Marks the row failed unless it already ended (a finished video is never turned into a failure). */
  const failVideo = async (videoId: string, failure: Failure) => {
    log.warn('render failed', { videoId, ...failure.log });
    const failed = await db
      .update(videos)
      .set({ status: 'failed', errorMessage: failure.message, updatedAt: new Date() })
      .where(and(eq(videos.id, videoId), eq(videos.status, 'processing')))
      .returning({ id: videos.id, workspaceId: videos.workspaceId, title: videos.title, campaignId: videos.campaignId });
    // A failed render does not count towards the month's videos.
    if (failed.length) await releaseRender(db, videoId);
    for (const v of failed)
      await deps.emit({
        workspaceId: v.workspaceId,
        type: 'video.failed',
        data: { videoId, title: v.title, campaignId: v.campaignId, error: failure.message },
      });
  };

  /** Stores the finished MP4 and JPEG, then completes the row in one update. */
  const finish = async (video: VideoRow, files: { videoPath: string; thumbnailPath: string; durationSec: number }) => {
    // The files belong to the video's workspace, uploaded by the member who started the render.
    const scope = { workspaceId: video.workspaceId, userId: video.createdBy };
    const mp4 = await storePath({ db, storage, scope, path: files.videoPath, contentType: 'video/mp4', kind: 'render' });
    const jpg = await storePath({ db, storage, scope, path: files.thumbnailPath, contentType: 'image/jpeg', kind: 'render' });
    const done = await db
      .update(videos)
      .set({
        status: 'completed',
        progress: 100,
        videoUrl: mp4.url,
        thumbnail: jpg.url,
        duration: Math.round(files.durationSec * 1000) / 1000,
        errorMessage: null,
        updatedAt: new Date(),
      })
      .where(and(eq(videos.id, video.id), eq(videos.status, 'processing')))
      .returning({ id: videos.id });
    if (!done.length) {
      // Deleted (or given up on) while rendering: keep nothing.
      await deleteFiles({ db, storage, scope, keys: [mp4.key, jpg.key] });
      await releaseRender(db, video.id);
      return;
    }
    await db.update(renderTasks).set({ completedAt: new Date() }).where(eq(renderTasks.videoId, video.id));
    await deps.emit({
      workspaceId: video.workspaceId,
      type: 'video.ready',
      data: { videoId: video.id, title: video.title, campaignId: video.campaignId, duration: files.durationSec, videoUrl: absolute(mp4.url) ?? mp4.url },
    });
  };

  const schedulePoll = async (videoId: string, n: number) => {
    const id = stableJobId(POLL_JOB, videoId, n);
    await queue.send(POLL_JOB, { videoId, n } satisfies PollData, { id, startAfter: pollDelaySeconds(n) });
    await db
      .update(renderTasks)
      .set({ queueJob: queueJobRef(POLL_JOB, id) })
      .where(eq(renderTasks.videoId, videoId));
  };

  /** Touches the row so the lost-render check sees the job is alive between attempts. */
  const touch = (videoId: string) => db.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, videoId));

  return { load, setProgress, failVideo, finish, schedulePoll, touch, absolute };
}
