import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { afterCursor, decodeCursor, fetchSize, timestampKey, toPage } from '../../server/db/keyset';
import type { TPage } from '../../shared/paging';
import { notFound } from '../../server/http/app-error';
import { videos, type VideoRow } from '../videos/tables';
import { pageOfVideos } from '../videos/service';
import { GENERATION_MESSAGES } from './schemas';
import { renderTasks, type RenderTaskRow } from './tables';
import { inWorkspace, type Scope } from '../../server/scope';

// What a render looks like from outside: its status, the clips and the finished videos. Reads
// only: a render whose worker died is recorded as failed by the render sweep (sweep.ts), a
// scheduled job, and reads as failed from then on.

async function findTask(db: Db, scope: Scope, by: { taskId?: string; videoId?: string }) {
  const where = by.taskId ? eq(renderTasks.id, by.taskId) : eq(renderTasks.videoId, by.videoId!);
  const [row] = await db
    .select()
    .from(renderTasks)
    .where(and(where, inWorkspace(renderTasks, scope)));
  return row ?? null;
}

async function findOwnVideo(db: Db, scope: Scope, id: string) {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), inWorkspace(videos, scope)));
  return row ?? null;
}

function statusWord(v: VideoRow): 'processing' | 'completed' | 'failed' | 'draft' {
  if (v.status === 'completed' || v.status === 'published') return 'completed';
  if (v.status === 'failed') return 'failed';
  if (v.status === 'draft') return 'draft';
  return 'processing';
}

function messageOf(v: VideoRow, started: boolean): string {
  const s = statusWord(v);
  if (s === 'completed') return 'Your video is ready';
  if (s === 'failed') return v.errorMessage ?? 'Video generation failed';
  if (s === 'draft') return 'This video has not been generated';
  return started ? `Rendering your video (${v.progress}%)` : 'Waiting for a free renderer';
}

/** GET /api/videos/{id}/status and /api/heygen/videos/{id}/status: a video id, a task id or the provider's job id. */
export async function getVideoStatus(deps: { db: Db } & { scope: Scope; id: string }) {
  const { scope, id } = deps;
  const { db } = deps;
  let video = await findOwnVideo(db, scope, id);
  let task = video ? await findTask(db, scope, { videoId: video.id }) : await findTask(db, scope, { taskId: id });
  if (!video && task) video = await findOwnVideo(db, scope, task.videoId);
  if (!video) {
    // A cloud provider's own job id (HeyGen's video_id) finds the video too.
    const [byProvider] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.providerJobId, id), inWorkspace(videos, scope)));
    video = byProvider ?? null;
    if (video) task = await findTask(db, scope, { videoId: video.id });
  }
  if (!video) throw notFound(GENERATION_MESSAGES.videoNotFound);
  const status = statusWord(video);
  return {
    id: video.id,
    videoId: video.id,
    taskId: task?.id ?? null,
    status,
    url: status === 'completed' ? video.videoUrl : null,
    videoUrl: status === 'completed' ? video.videoUrl : null,
    thumbnail: video.thumbnail,
    duration: video.duration,
    progress: status === 'completed' ? 100 : video.progress,
    message: messageOf(video, !!task?.startedAt),
    error: status === 'failed' ? (video.errorMessage ?? 'Video generation failed') : null,
  };
}

/** The spec's clip / talk words: created (queued), processing, done, error. */
function clipStatus(v: VideoRow, task: RenderTaskRow): 'created' | 'processing' | 'done' | 'error' {
  const s = statusWord(v);
  if (s === 'completed') return 'done';
  if (s === 'failed') return 'error';
  return task.startedAt ? 'processing' : 'created';
}

/** GET /api/avatars/talk/{taskId} (a video id is accepted too). */
export async function getTalkStatus(deps: { db: Db } & { scope: Scope; taskId: string }) {
  const { scope, taskId } = deps;
  const { db } = deps;
  let task = await findTask(db, scope, { taskId });
  if (!task) task = await findTask(db, scope, { videoId: taskId });
  if (!task) throw notFound(GENERATION_MESSAGES.taskNotFound);
  const video = await findOwnVideo(db, scope, task.videoId);
  if (!video) throw notFound(GENERATION_MESSAGES.taskNotFound);
  const status = clipStatus(video, task);
  const url = status === 'done' ? video.videoUrl : null;
  return {
    taskId: task.id,
    videoId: video.id,
    status,
    result_url: url,
    processed_url: url,
    thumbnail: video.thumbnail,
    duration: video.duration,
    progress: status === 'done' ? 100 : video.progress,
    message: messageOf(video, !!task.startedAt),
    ...(status === 'error' ? { error: video.errorMessage ?? 'Video generation failed' } : {}),
  };
}

/** GET /api/clips: one clip per talk render, newest first, one page at a time (keyset on (created_at, id)). */
export async function listClips(opts: { db: Db; scope: Scope; query?: TPage }) {
  const { db, scope, query = {} } = opts;
  const cursor = decodeCursor(query.cursor);
  const rows = await db
    .select({ task: renderTasks, video: videos, cursorKey: timestampKey(renderTasks.createdAt) })
    .from(renderTasks)
    .innerJoin(videos, eq(videos.id, renderTasks.videoId))
    .where(and(inWorkspace(renderTasks, scope), eq(renderTasks.kind, 'talk'), afterCursor(renderTasks.createdAt, renderTasks.id, cursor, 'desc')))
    .orderBy(desc(renderTasks.createdAt), desc(renderTasks.id))
    .limit(fetchSize(query));
  const page = toPage(
    rows,
    query,
    (r) => ({ key: r.cursorKey, id: r.task.id }),
    ({ task, video }) => {
      const status = clipStatus(video, task);
      return {
        id: task.id,
        videoId: video.id,
        name: task.name,
        status,
        result_url: status === 'done' ? video.videoUrl : null,
        thumbnail: video.thumbnail,
        duration: video.duration,
        error: status === 'error' ? video.errorMessage : null,
        createdAt: task.createdAt.toISOString(),
        completedAt: task.completedAt?.toISOString() ?? null,
      };
    },
  );
  return { clips: page.items, nextCursor: page.nextCursor };
}

/** GET /api/processed-videos: the workspace's finished renders (talks and templates), newest first, one page at a time. */
export async function listProcessedVideos(opts: { db: Db; scope: Scope; query?: TPage }) {
  const { db, scope, query = {} } = opts;
  const page = await pageOfVideos(db, scope, query, inArray(videos.status, ['completed', 'published']), isNotNull(videos.provider), isNotNull(videos.videoUrl));
  return { videos: page.items, nextCursor: page.nextCursor };
}
