import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { MediaError } from '../../media/errors';
import { probe } from '../../media/ffmpeg';
import { makeThumbnail } from '../../media/render';
import { findVoice as findMediaVoice } from '../../media/tts';
import { userFacingFailure, type Failure } from '../../media/user-message';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import type { JobDefinition } from '../../server/jobs/queue';
import { downloadResult } from '../../server/providers/video/download';
import { isCloudProvider } from '../../server/providers/video';
import type { LocalVideoProvider } from '../../server/providers/video/local';
import { ProviderError, type CloudVideoProvider, type ProviderAvatar, type ProviderVoice, type VideoJobInput } from '../../server/providers/video/types';
import { TEMPLATES_BY_ID } from '../../shared/templates';
import { releaseRender } from '../billing/limits';
import { deleteFiles, storePath } from '../files/service';
import { videos, type VideoRow } from '../videos/tables';
import { engineLook } from './look';
import { previewScript } from './variables';
import { stableJobId } from '../../server/jobs/job-ids';
import { renderSweepJob } from './sweep';
import { POLL_JOB, queueJobRef, RENDER_JOB } from './service';
import { backgrounds, renderTasks, type RenderSpec, type RenderTaskRow } from './tables';

/** Cloud results are held in memory for a moment before storage; a talking-head video is far below this. */
const MAX_CLOUD_VIDEO_BYTES = 1024 * 1024 * 1024;
/** A cloud job that has not finished after this long is given up. */
const CLOUD_DEADLINE_MS = 2 * 60 * 60 * 1000;

/** Seconds before the n-th status poll: 1, 1, 2, 2, 3, 5, 8, 11, then every 15 s. */
export function pollDelaySeconds(n: number): number {
  return Math.min(15, Math.max(1, Math.round(1.5 ** Math.max(0, n - 2))));
}

/** A message a person can act on, whatever failed; the tool output behind it goes to the log. */
export function renderFailure(e: unknown): Failure {
  if (e instanceof ProviderError || e instanceof AppError) return { message: e.message, log: { error: e.message } };
  return userFacingFailure(e, 'render');
}

/** Failures that will not change on a retry end the video at once. */
function isFinal(e: unknown): boolean {
  if (e instanceof MediaError) return e.code === 'INVALID_INPUT' || e.code === 'BINARY_NOT_FOUND';
  if (e instanceof ProviderError) return !e.retryable;
  return e instanceof AppError;
}

type RenderData = { videoId: string };
type PollData = { videoId: string; n: number };

export function generationJobs(deps: AppDeps): JobDefinition<any>[] {
  const { db, queue, log, env } = deps;
  const storage = deps.providers.storage;
  const provider = deps.providers.video;

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
      .returning({ id: videos.id, userId: videos.userId, title: videos.title, campaignId: videos.campaignId });
    // A failed render does not count towards the month's videos.
    if (failed.length) await releaseRender(db, videoId);
    for (const v of failed)
      await deps.emit({ userId: v.userId, type: 'video.failed', data: { videoId, title: v.title, campaignId: v.campaignId, error: failure.message } });
  };

  /** Stores the finished MP4 and JPEG, then completes the row in one update. */
  const finish = async (video: VideoRow, files: { videoPath: string; thumbnailPath: string; durationSec: number }) => {
    const mp4 = await storePath({ db, storage, userId: video.userId, path: files.videoPath, contentType: 'video/mp4', kind: 'render' });
    const jpg = await storePath({ db, storage, userId: video.userId, path: files.thumbnailPath, contentType: 'image/jpeg', kind: 'render' });
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
      await deleteFiles({ db, storage, userId: video.userId, keys: [mp4.key, jpg.key] });
      await releaseRender(db, video.id);
      return;
    }
    await db.update(renderTasks).set({ completedAt: new Date() }).where(eq(renderTasks.videoId, video.id));
    await deps.emit({
      userId: video.userId,
      type: 'video.ready',
      data: { videoId: video.id, title: video.title, campaignId: video.campaignId, duration: files.durationSec, videoUrl: absolute(mp4.url) ?? mp4.url },
    });
  };

  /** Runs one attempt; a final failure (last retry, or one a retry cannot fix) ends the video as failed. */
  const guarded = async (videoId: string, job: { retryCount: number; retryLimit: number }, work: () => Promise<void>) => {
    try {
      await work();
    } catch (e) {
      if (!isFinal(e) && job.retryCount < job.retryLimit) {
        log.warn('render attempt failed, will retry', { videoId, attempt: job.retryCount + 1, ...renderFailure(e).log });
        await db.update(videos).set({ updatedAt: new Date() }).where(eq(videos.id, videoId));
        throw e;
      }
      await failVideo(videoId, renderFailure(e));
    }
  };

  // -------------------------------------------------------------------------
  // Local engine

  const renderLocal = async (engine: LocalVideoProvider, video: VideoRow, task: RenderTaskRow) => {
    // A fresh directory per attempt: a retry never reads or overwrites a half-written file.
    const workDir = await mkdtemp(join(tmpdir(), `render-${video.id}-`));
    try {
      const spec = task.spec;
      const resolution = (video.resolution ?? '720p') as VideoJobInput['resolution'];
      const look = await engineLook({ db, storage, spec, userId: task.userId, resolution, workDir, speech: deps.providers.tts });
      let written = 1;
      let lastWrite = 0;
      let chain: Promise<unknown> = Promise.resolve();
      const result = await engine.render({
        ...look,
        // The preview: its values, never a placeholder (per-recipient videos come from distribution).
        script: previewScript(video),
        workDir: join(workDir, 'out'),
        onProgress: (p) => {
          const value = Math.min(95, 2 + Math.round(p * 0.93));
          // A write every half second at most; writes stay in order.
          if (value <= written || (Date.now() - lastWrite < 500 && value < 95)) return;
          written = value;
          lastWrite = Date.now();
          chain = chain.then(() => setProgress(video.id, value)).catch(() => undefined);
        },
      });
      await chain;
      await finish(video, result);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };

  // -------------------------------------------------------------------------
  // Cloud providers: submit, then a chain of poll jobs (never a sleeping loop)

  let catalogue: { at: number; avatars: ProviderAvatar[]; voices: ProviderVoice[] } | undefined;
  const providerCatalogue = async (cloud: CloudVideoProvider) => {
    if (!catalogue || Date.now() - catalogue.at > 10 * 60_000) {
      const [avatars, voices] = await Promise.all([cloud.listAvatars(), cloud.listVoices()]);
      catalogue = { at: Date.now(), avatars, voices };
    }
    return catalogue;
  };

  const absolute = (url: string) => (env.APP_URL ? new URL(url, env.APP_URL).toString() : null);

  /** Our avatar and voice choices mapped onto the provider's catalogue (same gender, same language). */
  const cloudInput = async (cloud: CloudVideoProvider, video: VideoRow, spec: RenderSpec): Promise<VideoJobInput> => {
    if (spec.avatar.kind === 'custom')
      throw new AppError('BAD_REQUEST', `Custom avatars are rendered by the local engine only; choose a stock avatar to render with ${cloud.name}`);
    const { avatars, voices } = await providerCatalogue(cloud);
    const gender = spec.avatar.gender;
    const avatar = avatars.find((a) => a.gender === gender) ?? avatars[0];
    if (!avatar) throw new ProviderError(`${cloud.name}: no avatar is available on this account`);
    const local = spec.voiceId.startsWith('local-')
      ? findMediaVoice(spec.voiceId)
      : ((await deps.providers.tts.voices()).find((v) => v.id === spec.voiceId) ?? findMediaVoice('local-en-female'));
    const sameGender = voices.filter((v) => !v.gender || v.gender.toLowerCase() === local.gender);
    const speaks = (v: ProviderVoice) => {
      const l = (v.language ?? '').toLowerCase();
      return !!l && (l.startsWith(local.language) || l.startsWith(local.languageName.toLowerCase()));
    };
    const voice = sameGender.find(speaks) ?? sameGender[0] ?? voices[0];
    let background: VideoJobInput['background'];
    const bg = spec.background;
    if (bg.kind === 'color') background = { kind: 'color', color: bg.color };
    else if (bg.kind === 'template') {
      const t = TEMPLATES_BY_ID.get(bg.templateId);
      const url = t?.background.type === 'image' ? absolute(t.background.url) : null;
      background = url ? { kind: 'image', url } : { kind: 'color', color: t?.background.type === 'color' ? t.background.value : '#e2e8f0' };
    } else {
      const [row] = await db.select().from(backgrounds).where(eq(backgrounds.id, bg.id));
      const url = row ? absolute(row.url) : null;
      // The vendor must fetch the image itself: without a public APP_URL it gets a plain colour.
      background = url ? { kind: 'image', url } : { kind: 'color', color: '#e2e8f0' };
    }
    return {
      script: previewScript(video),
      avatarId: avatar.id,
      voiceId: voice?.id,
      background,
      resolution: (video.resolution ?? '720p') as VideoJobInput['resolution'],
      aspectRatio: spec.aspectRatio,
      title: video.title,
    };
  };

  const schedulePoll = async (videoId: string, n: number) => {
    const id = stableJobId(POLL_JOB, videoId, n);
    await queue.send(POLL_JOB, { videoId, n } satisfies PollData, { id, startAfter: pollDelaySeconds(n) });
    await db
      .update(renderTasks)
      .set({ queueJob: queueJobRef(POLL_JOB, id) })
      .where(eq(renderTasks.videoId, videoId));
  };

  const submitCloud = async (cloud: CloudVideoProvider, video: VideoRow, task: RenderTaskRow) => {
    if (!video.providerJobId) {
      const { jobId } = await cloud.submit(await cloudInput(cloud, video, task.spec));
      await db.update(videos).set({ providerJobId: jobId, progress: 5, updatedAt: new Date() }).where(eq(videos.id, video.id));
    }
    await schedulePoll(video.id, 1);
  };

  const copyCloudResult = async (video: VideoRow, url: string) => {
    const workDir = await mkdtemp(join(tmpdir(), `cloud-${video.id}-`));
    try {
      // Vendor links expire: the bytes are copied into our storage as soon as the job is done.
      const bytes = await downloadResult(url, { maxBytes: MAX_CLOUD_VIDEO_BYTES });
      const videoPath = join(workDir, 'video.mp4');
      await Bun.write(videoPath, bytes);
      const info = await probe(videoPath);
      if (!info.video) throw new ProviderError('The provider returned a file without a video track');
      const thumbnailPath = await makeThumbnail(videoPath, info.durationSec, join(workDir, 'thumbnail.jpg'));
      await finish(video, { videoPath, thumbnailPath, durationSec: info.durationSec });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };

  const poll = async (cloud: CloudVideoProvider, video: VideoRow, n: number) => {
    if (!video.providerJobId) throw new AppError('INTERNAL', 'The provider job was never submitted');
    if (Date.now() - video.createdAt.getTime() > CLOUD_DEADLINE_MS) throw new AppError('INTERNAL', `${cloud.name} did not finish the video within 2 hours`);
    const st = await cloud.status(video.providerJobId);
    if (st.state === 'failed') throw new ProviderError(st.message || `${cloud.name} could not render the video`);
    if (st.state === 'completed') return copyCloudResult(video, st.videoUrl);
    // The vendor's own figure when it gives one, else a slow creep that never claims to be done.
    const estimate = st.state === 'queued' ? 5 : Math.min(90, 10 + n * 5);
    await setProgress(video.id, Math.max(5, Math.min(95, st.progress ?? estimate)));
    await schedulePoll(video.id, n + 1);
  };

  // -------------------------------------------------------------------------

  const render: JobDefinition<RenderData> = {
    name: RENDER_JOB,
    retryLimit: 2,
    retryDelay: 5,
    // Heartbeats while rendering: a killed worker's render is picked up again within ~15 s.
    heartbeatSeconds: 15,
    concurrency: env.RENDER_CONCURRENCY,
    async handler({ videoId }, job) {
      const row = await load(videoId);
      if (row?.video.status !== 'processing') return; // deleted, done or failed: nothing to do
      await db
        .update(renderTasks)
        .set({ startedAt: new Date() })
        .where(and(eq(renderTasks.videoId, videoId), isNull(renderTasks.startedAt)));
      await db
        .update(videos)
        .set({ progress: sql`greatest(${videos.progress}, 1)`, updatedAt: new Date() })
        .where(eq(videos.id, videoId));
      await guarded(videoId, job, () => (isCloudProvider(provider) ? submitCloud(provider, row.video, row.task) : renderLocal(provider, row.video, row.task)));
    },
  };

  const pollJob: JobDefinition<PollData> = {
    name: POLL_JOB,
    retryLimit: 3,
    retryDelay: 2,
    expireInSeconds: 300,
    concurrency: 2,
    async handler({ videoId, n }, job) {
      if (!isCloudProvider(provider)) return;
      const row = await load(videoId);
      if (row?.video.status !== 'processing') return;
      await guarded(videoId, job, () => poll(provider, row.video, n));
    },
  };

  return [render, pollJob, renderSweepJob(deps)];
}
