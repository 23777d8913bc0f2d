import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { probe } from '../../media/ffmpeg';
import { makeThumbnail } from '../../media/render';
import { findVoice as findMediaVoice } from '../../media/voice-catalogue';
import { userFacingFailure, type Failure } from '../../media/user-message';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { shouldRetry } from '../../server/jobs/failures';
import type { JobDefinition } from '../../server/jobs/queue';
import { isCloudProvider } from '../../server/providers/video';
import { downloadResult } from '../../server/providers/video/download';
import type { LocalVideoProvider } from '../../server/providers/video/local';
import { ProviderError, type CloudVideoProvider, type VideoJobInput } from '../../server/providers/video/types';
import type { VideoProvider } from '../../server/providers/video';
import type { TtsProvider } from '../../server/providers/tts/types';
import type { WorkspaceProviders } from '../../server/providers/workspace';
import { VIDEO_VENDOR_NAMES, type VideoVendor } from '../../shared/integrations';
import { TEMPLATES_BY_ID } from '../../shared/templates';
import { videos, type VideoRow } from '../videos/tables';
import { engineLook } from './look';
import { type CloudBackground, planCloudInput, planPoll, planRender, pollTarget, stockGender, templateBackground } from './render-plan';
import { type PollData, renderStore } from './render-store';
import { POLL_JOB, RENDER_JOB } from './service';
import { renderSweepJob } from './sweep';
import { backgrounds, renderTasks, type RenderSpec, type RenderTaskRow } from './tables';
import { previewScript } from './variables';

export { pollDelaySeconds } from './render-plan';

/** Cloud results are held in memory for a moment before storage; a talking-head video is far below this. */
const MAX_CLOUD_VIDEO_BYTES = 1024 * 1024 * 1024;

/** A message a person can act on, whatever failed; the tool output behind it goes to the log. */
export function renderFailure(e: unknown): Failure {
  if (e instanceof ProviderError || e instanceof AppError) return { message: e.message, log: { error: e.message } };
  return userFacingFailure(e, 'render');
}

type RenderData = { videoId: string };

/** The render and poll jobs: each decides its step with render-plan.ts and writes through render-store.ts. */
export function generationJobs(deps: AppDeps): JobDefinition<any>[] {
  const { db, log, env } = deps;
  const storage = deps.providers.storage;
  const store = renderStore(deps);

  /** Whether the row's engine is a cloud vendor (the `provider` column: the local engine when empty). */
  const byCloud = (video: VideoRow) => !!video.provider && video.provider !== 'local';
  /** The engine a video's row names, as its workspace reaches it now (its own key, else env's): docs/decisions/220. */
  const engineFor = async (video: VideoRow): Promise<{ wp: WorkspaceProviders; engine: VideoProvider }> => {
    const wp = await deps.workspaceProviders(video.workspaceId);
    if (!byCloud(video)) return { wp, engine: wp.local };
    const vendor = video.provider as VideoVendor;
    const cloud = wp.cloud(vendor);
    if (!cloud) throw new AppError('INVALID_INPUT', `${VIDEO_VENDOR_NAMES[vendor] ?? vendor} is no longer connected in this workspace`);
    return { wp, engine: cloud };
  };

  /** Runs one attempt; a final failure (last retry, or one a retry cannot fix) ends the video as failed. */
  const guarded = async (videoId: string, job: { retryCount: number; retryLimit: number }, work: () => Promise<void>) => {
    try {
      await work();
    } catch (e) {
      if (shouldRetry(e, job)) {
        log.warn('render attempt failed, will retry', { videoId, attempt: job.retryCount + 1, ...renderFailure(e).log });
        await store.touch(videoId);
        throw e;
      }
      await store.failVideo(videoId, renderFailure(e));
    }
  };

  const renderLocal = async (engine: LocalVideoProvider, speech: TtsProvider, video: VideoRow, task: RenderTaskRow) => {
    // A fresh directory per attempt: a retry never reads or overwrites a half-written file.
    const workDir = await mkdtemp(join(tmpdir(), `render-${video.id}-`));
    try {
      const resolution = (video.resolution ?? '720p') as VideoJobInput['resolution'];
      const look = await engineLook({ db, storage, spec: task.spec, scope: task, resolution, workDir, speech });
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
          chain = chain.then(() => store.setProgress(video.id, value)).catch(() => undefined);
        },
      });
      await chain;
      await store.finish(video, result);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };

  // Cloud providers: submit, then a chain of poll jobs (never a sleeping loop). Their catalogues are
  // cached by the adapters (src/server/providers/video/cached.ts), one per account.
  const providerCatalogue = async (cloud: CloudVideoProvider, spec: RenderSpec) => ({
    // The vendor's own avatar needs no search in its list.
    avatars: spec.avatar.kind === 'provider' ? [] : await cloud.listAvatars(),
    voices: await cloud.listVoices(),
  });

  /** The vendor must fetch an image itself: without a public APP_URL it gets a plain colour. */
  const cloudBackground = async (bg: RenderSpec['background']): Promise<CloudBackground> => {
    if (bg.kind === 'color') return { kind: 'color', color: bg.color };
    if (bg.kind === 'template') return templateBackground(TEMPLATES_BY_ID.get(bg.templateId), store.absolute);
    const [row] = await db.select().from(backgrounds).where(eq(backgrounds.id, bg.id));
    const url = row ? store.absolute(row.url) : null;
    return url ? { kind: 'image', url } : { kind: 'color', color: '#e2e8f0' };
  };

  const cloudInput = async (cloud: CloudVideoProvider, tts: TtsProvider, video: VideoRow, spec: RenderSpec) => {
    stockGender(spec, cloud.name);
    const voice = spec.voiceId.startsWith('local-')
      ? findMediaVoice(spec.voiceId)
      : ((await tts.voices()).find((v) => v.id === spec.voiceId) ?? findMediaVoice('local-en-female'));
    const [known, background] = [await providerCatalogue(cloud, spec), await cloudBackground(spec.background)];
    return planCloudInput({ vendor: cloud.name, spec, video, script: previewScript(video), catalogue: known, voice, background });
  };

  const submitCloud = async (cloud: CloudVideoProvider, tts: TtsProvider, video: VideoRow, task: RenderTaskRow) => {
    const { jobId } = await cloud.submit(await cloudInput(cloud, tts, video, task.spec));
    await db.update(videos).set({ providerJobId: jobId, progress: 5, updatedAt: new Date() }).where(eq(videos.id, video.id));
    await store.schedulePoll(video.id, 1);
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
      await store.finish(video, { videoPath, thumbnailPath, durationSec: info.durationSec });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };

  const poll = async (cloud: CloudVideoProvider, video: VideoRow, n: number) => {
    const jobId = pollTarget(video, cloud.name, Date.now());
    const next = planPoll(await cloud.status(jobId), { n, vendor: cloud.name });
    if (next.kind === 'copy') return copyCloudResult(video, next.url);
    await store.setProgress(video.id, next.progress);
    await store.schedulePoll(video.id, next.next);
  };

  const render: JobDefinition<RenderData> = {
    name: RENDER_JOB,
    retryLimit: 2,
    retryDelay: 5,
    // Heartbeats while rendering: a killed worker's render is picked up again within ~15 s.
    heartbeatSeconds: 15,
    concurrency: env.RENDER_CONCURRENCY,
    async handler({ videoId }, job) {
      const row = await store.load(videoId);
      const step = planRender(row?.video ?? null, !!row && byCloud(row.video));
      if (!row || step === 'skip') return; // deleted, done or failed: nothing to do
      await db
        .update(renderTasks)
        .set({ startedAt: new Date() })
        .where(and(eq(renderTasks.videoId, videoId), isNull(renderTasks.startedAt)));
      await db
        .update(videos)
        .set({ progress: sql`greatest(${videos.progress}, 1)`, updatedAt: new Date() })
        .where(eq(videos.id, videoId));
      await guarded(videoId, job, async () => {
        if (step === 'poll') return store.schedulePoll(videoId, 1);
        const { wp, engine } = await engineFor(row.video);
        if (isCloudProvider(engine)) return submitCloud(engine, wp.tts, row.video, row.task);
        return renderLocal(engine, wp.tts, row.video, row.task);
      });
    },
  };

  const pollJob: JobDefinition<PollData> = {
    name: POLL_JOB,
    retryLimit: 3,
    retryDelay: 2,
    expireInSeconds: 300,
    concurrency: 2,
    async handler({ videoId, n }, job) {
      const row = await store.load(videoId);
      if (row?.video.status !== 'processing' || !byCloud(row.video)) return;
      await guarded(videoId, job, async () => {
        const { engine } = await engineFor(row.video);
        if (isCloudProvider(engine)) await poll(engine, row.video, n);
      });
    },
  };

  return [render, pollJob, renderSweepJob(deps)];
}
