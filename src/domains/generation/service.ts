import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { badRequest, notFound } from '../../server/http/app-error';
import type { JobQueue } from '../../server/jobs/queue';
import type { Providers } from '../../server/providers';
import { newId, newToken } from '../../shared/ids';
import { cleanLine } from '../../shared/zod-text';
import { fillTemplate, TEMPLATE_CATALOGUE, type Template } from '../../shared/templates';
import { isStandardVariable, normaliseVariable } from '../../shared/variables';
import { resolveAvatar } from '../avatars/service';
import { assertStorageRoom, reserveRender } from '../billing/limits';
import { storeUpload } from '../files/service';
import type { Language } from '../settings/schemas';
import { templateBackgroundName } from '../templates/i18n';
import { getTemplate } from '../templates/service';
import { videos, type VideoRow } from '../videos/tables';
import { selectVideos, toVideo } from '../videos/service';
import { defaultVoiceId, findVoice } from '../voices/service';
import { stableJobId } from '../../server/jobs/job-ids';
import { GENERATION_MESSAGES, SCRIPT_MAX_CHARS, type TTalk, type TTemplateGenerate, type ZLook } from './schemas';
import { backgrounds, renderTasks, type RenderSpec, type RenderTaskRow } from './tables';
import { previewScript, videoVariables } from './variables';

export const RENDER_JOB = 'render-video';
export const POLL_JOB = 'poll-video';
export const DEFAULT_BACKGROUND = '#e2e8f0';
export const BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;
/** A processing video untouched this long is checked against its queue job (a worker may have died for good). */
export const STALE_AFTER_MS = 90_000;
export const STOPPED_MESSAGE = 'The render stopped unexpectedly. Please try again.';
export const RENDER_SWEEP_JOB = 'render-sweep';

type GenDeps = { db: Db; queue: JobQueue; providers: Pick<Providers, 'video' | 'tts' | 'storage'> };
type Look = Partial<ReturnType<typeof ZLook.parse>>;

export const queueJobRef = (name: string, id: string) => `${name}:${id}`;

function checkScript(script: string): string {
  const s = script.trim();
  if (!s) throw badRequest(GENERATION_MESSAGES.scriptEmpty);
  if (s.length > SCRIPT_MAX_CHARS) throw badRequest(GENERATION_MESSAGES.scriptTooLong);
  return s;
}

async function resolveBackground(db: Db, userId: string, id: string | undefined, template: Template | undefined): Promise<RenderSpec['background']> {
  if (!id) return template ? { kind: 'template', templateId: template.id } : { kind: 'color', color: DEFAULT_BACKGROUND };
  if (/^#[0-9a-f]{6}$/i.test(id)) return { kind: 'color', color: id };
  if (id.startsWith('template-')) {
    const t = TEMPLATE_CATALOGUE.find((x) => x.id === id.slice('template-'.length));
    if (!t) throw notFound(GENERATION_MESSAGES.backgroundNotFound);
    return { kind: 'template', templateId: t.id };
  }
  const [row] = await db
    .select({ id: backgrounds.id })
    .from(backgrounds)
    .where(and(eq(backgrounds.id, id), eq(backgrounds.userId, userId)));
  if (!row) throw notFound(GENERATION_MESSAGES.backgroundNotFound);
  return { kind: 'upload', id: row.id };
}

/** The script's first 40 characters for a default title, never cutting a placeholder in half. */
function shortScript(script: string): string {
  if (script.length <= 40) return script;
  let cut = script.slice(0, 40);
  const open = cut.lastIndexOf('{');
  if (open > cut.lastIndexOf('}')) cut = cut.slice(0, open);
  return `${cut.trimEnd()}…`;
}

type StartInput = {
  kind: 'talk' | 'template';
  /** With its recipient placeholders kept. */
  script: string;
  avatarId: string;
  template?: Template;
  look: Look;
  previewValues?: Record<string, string>;
  fallbacks?: Record<string, string | null>;
};

/** Validates everything a render needs, creates the video row and its task, and enqueues the render. */
async function startRender(deps: GenDeps, userId: string, input: StartInput) {
  const { db, queue, providers } = deps;
  const script = checkScript(input.script);
  const variables = videoVariables(script, { preview: input.previewValues, fallbacks: input.fallbacks });
  // What the preview speaks must hold something too (a script of placeholders with empty values).
  checkScript(previewScript({ script, ...variables }));
  const { look, template } = input;
  const avatar = await resolveAvatar({ db, userId, id: input.avatarId });
  const voiceId = look.voiceId ? (await findVoice(providers.tts, look.voiceId)).id : defaultVoiceId(await providers.tts.voices(), avatar.kind === 'custom');
  const background = await resolveBackground(db, userId, look.backgroundId, template);
  const spec: RenderSpec = {
    avatar,
    voiceId,
    background,
    aspectRatio: look.aspectRatio ?? template?.aspectRatio ?? 'landscape',
    captions: look.captions ?? 'burned',
    avatarStyle: look.avatarStyle ?? 'normal',
    offsetX: look.offsetX ?? 0,
    offsetY: look.offsetY ?? 0,
    matting: look.matting ?? false,
    circleBackgroundColor: look.circleBackgroundColor ?? '#ffffff',
  };
  const title = look.title || (template ? template.name : `Talking video: ${shortScript(script)}`);
  const videoId = newId();
  const taskId = `task-${newToken()}`;
  const jobId = stableJobId(RENDER_JOB, videoId);
  await db.transaction(async (tx) => {
    // Every plan limit is checked here, for every path that renders (docs/decisions/120).
    const { resolution } = await reserveRender(tx as unknown as Db, { userId, videoId, script });
    await tx.insert(videos).values({
      id: videoId,
      userId,
      title,
      script,
      ...variables,
      status: 'processing',
      progress: 0,
      avatarId: avatar.id,
      avatarType: avatar.kind,
      voiceId,
      backgroundId: look.backgroundId ?? (template ? `template-${template.id}` : null),
      templateId: template?.id ?? null,
      templateType: template?.type ?? null,
      resolution,
      provider: providers.video.name,
    });
    await tx.insert(renderTasks).values({ id: taskId, userId, videoId, kind: input.kind, name: title, spec, queueJob: queueJobRef(RENDER_JOB, jobId) });
  });
  await queue.send(RENDER_JOB, { videoId }, { id: jobId });
  await kickRenderSweep(queue);
  return { videoId, taskId, status: 'processing' as const };
}

export function startTalk(deps: GenDeps, userId: string, input: TTalk) {
  const template = input.templateId ? getTemplate(input.templateId) : undefined;
  return startRender(deps, userId, {
    kind: 'talk',
    script: input.script,
    avatarId: input.avatarId,
    template,
    look: input,
    previewValues: input.previewValues,
    fallbacks: input.fallbacks,
  });
}

/**
 * A template's values and its script with the content variables (`{call_to_action}`, `{product}`, …)
 * filled in: the given values over the template's defaults. Recipient variables (`{first_name}`,
 * `{company}`, any custom column) stay placeholders: the given values are their preview values,
 * the template's defaults their fallbacks unless `fallbacks` says otherwise. Maps and own
 * properties only, so a variable named __proto__ or constructor is only ever a declared one.
 */
export function fillTemplateInput(template: Template, input: Pick<TTemplateGenerate, 'variables' | 'text' | 'script' | 'fallbacks'>) {
  const values = new Map<string, string>();
  for (const [name, v] of Object.entries(template.variables)) values.set(name, v.defaultValue);
  for (const [name, v] of Object.entries(input.variables)) if (v.trim() !== '') values.set(name, v.trim());
  const content = new Map<string, string>();
  const preview = new Map<string, string>();
  for (const [name, v] of values) {
    const declared = Object.hasOwn(template.variables, name) ? template.variables[name] : undefined;
    const recipient = isStandardVariable(normaliseVariable(name)) || declared?.kind !== 'text';
    (recipient ? preview : content).set(name, v);
  }
  const fallbacks = new Map<string, string | null>();
  for (const [name, v] of Object.entries(template.variables))
    if (v.kind === 'text' && isStandardVariable(normaliseVariable(name))) fallbacks.set(name, v.defaultValue);
  for (const [name, v] of Object.entries(input.fallbacks ?? {})) fallbacks.set(name, v);
  const script = fillTemplate(input.text ?? input.script ?? template.script, content);
  return { values, script, previewValues: Object.fromEntries(preview), fallbacks: Object.fromEntries(fallbacks) };
}

/** Renders a template (see fillTemplateInput for what is filled and what stays a variable). */
export async function generateFromTemplate(deps: GenDeps, userId: string, templateId: string, input: TTemplateGenerate, lang: Language = 'en') {
  const template = getTemplate(templateId, lang);
  const { values, script, previewValues, fallbacks } = fillTemplateInput(template, input);
  const look: Look = {
    ...input.options,
    voiceId: input.voiceId ?? input.options.voiceId ?? values.get('voice'),
    backgroundId: input.backgroundId ?? input.options.backgroundId,
  };
  const started = await startRender(deps, userId, {
    kind: 'template',
    script,
    avatarId: input.avatarId ?? values.get('avatar') ?? 'stock-0',
    template,
    look,
    previewValues,
    fallbacks,
  });
  return { ...started, script };
}

// ---------------------------------------------------------------------------
// Status

async function findTask(db: Db, userId: string, by: { taskId?: string; videoId?: string }) {
  const where = by.taskId ? eq(renderTasks.id, by.taskId) : eq(renderTasks.videoId, by.videoId!);
  const [row] = await db
    .select()
    .from(renderTasks)
    .where(and(where, eq(renderTasks.userId, userId)));
  return row ?? null;
}

async function findOwnVideo(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), eq(videos.userId, userId)));
  return row ?? null;
}

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
 * No video reads as processing for ever: a lost render reads as failed here at once. Computed, not
 * written (a status read never writes): the render sweep job records it (see jobs' renderSweepJob).
 */
async function reconcile(deps: { db: Db; queue: JobQueue }, video: VideoRow, task: RenderTaskRow | null): Promise<VideoRow> {
  return (await renderIsLost(deps.queue, video, task)) ? { ...video, status: 'failed', errorMessage: STOPPED_MESSAGE } : video;
}

/** One sweep a minute at most, whoever asks (the job id is the minute's). */
export async function kickRenderSweep(queue: JobQueue, afterSeconds = STALE_AFTER_MS / 1000 + 30) {
  const at = Date.now() + afterSeconds * 1000;
  await queue.send(RENDER_SWEEP_JOB, {}, { id: stableJobId(RENDER_SWEEP_JOB, Math.floor(at / 60_000)), startAfter: new Date(at) });
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
export async function getVideoStatus(deps: { db: Db; queue: JobQueue }, userId: string, id: string) {
  const { db } = deps;
  let video = await findOwnVideo(db, userId, id);
  let task = video ? await findTask(db, userId, { videoId: video.id }) : await findTask(db, userId, { taskId: id });
  if (!video && task) video = await findOwnVideo(db, userId, task.videoId);
  if (!video) {
    // A cloud provider's own job id (HeyGen's video_id) finds the video too.
    const [byProvider] = await db
      .select()
      .from(videos)
      .where(and(eq(videos.providerJobId, id), eq(videos.userId, userId)));
    video = byProvider ?? null;
    if (video) task = await findTask(db, userId, { videoId: video.id });
  }
  if (!video) throw notFound(GENERATION_MESSAGES.videoNotFound);
  video = await reconcile(deps, video, task);
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
export async function getTalkStatus(deps: { db: Db; queue: JobQueue }, userId: string, taskId: string) {
  const { db } = deps;
  let task = await findTask(db, userId, { taskId });
  if (!task) task = await findTask(db, userId, { videoId: taskId });
  if (!task) throw notFound(GENERATION_MESSAGES.taskNotFound);
  let video = await findOwnVideo(db, userId, task.videoId);
  if (!video) throw notFound(GENERATION_MESSAGES.taskNotFound);
  video = await reconcile(deps, video, task);
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

/** GET /api/clips: one clip per talk render, newest first. */
export async function listClips(db: Db, userId: string) {
  const rows = await db
    .select({ task: renderTasks, video: videos })
    .from(renderTasks)
    .innerJoin(videos, eq(videos.id, renderTasks.videoId))
    .where(and(eq(renderTasks.userId, userId), eq(renderTasks.kind, 'talk')))
    .orderBy(desc(renderTasks.createdAt), desc(renderTasks.id));
  return {
    clips: rows.map(({ task, video }) => {
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
    }),
  };
}

/** GET /api/processed-videos: the user's finished renders (talks and templates), newest first. */
export async function listProcessedVideos(db: Db, userId: string) {
  const rows = await selectVideos(db)
    .where(and(eq(videos.userId, userId), inArray(videos.status, ['completed', 'published']), isNotNull(videos.provider), isNotNull(videos.videoUrl)))
    .orderBy(desc(videos.createdAt), desc(videos.id));
  return { videos: rows.map(({ views, ...row }) => toVideo(row, Number(views))) };
}

// ---------------------------------------------------------------------------
// Backgrounds

export async function uploadBackground(opts: { db: Db; storage: Providers['storage']; userId: string; file: unknown }) {
  const { db, storage, userId, file } = opts;
  if (!(file instanceof Blob)) throw badRequest(GENERATION_MESSAGES.backgroundMissing);
  if (file.size <= BACKGROUND_MAX_BYTES) await assertStorageRoom(db, userId, file.size);
  const stored = await storeUpload({
    db,
    storage,
    userId,
    file,
    kind: 'background',
    allowed: BACKGROUND_TYPES,
    maxBytes: BACKGROUND_MAX_BYTES,
    typeMessage: GENERATION_MESSAGES.backgroundType,
    sizeMessage: GENERATION_MESSAGES.backgroundSize,
  });
  const name = cleanLine(file instanceof File ? (file.name ?? '') : '', 120) || 'Background';
  const [row] = await db
    .insert(backgrounds)
    .values({ id: `bg-${newId()}`, userId, name, url: stored.url, contentType: stored.contentType })
    .returning();
  return { id: row.id, url: row.url, name: row.name, type: 'image' as const, mimeType: row.contentType };
}

/** GET /api/background-videos: the user's uploaded backgrounds, then the templates' backgrounds. */
export async function listBackgrounds(db: Db, userId: string, lang: Language = 'en') {
  const own = await db.select().from(backgrounds).where(eq(backgrounds.userId, userId)).orderBy(desc(backgrounds.createdAt), desc(backgrounds.id));
  return {
    backgrounds: [
      ...own.map((b) => ({
        id: b.id,
        name: b.name,
        type: 'image' as const,
        url: b.url,
        thumbnail: b.url,
        color: null,
        source: 'upload' as const,
        templateId: null,
        createdAt: b.createdAt.toISOString(),
      })),
      ...TEMPLATE_CATALOGUE.map((t) => ({
        id: `template-${t.id}`,
        name: templateBackgroundName(t, lang),
        type: t.background.type,
        url: t.background.type === 'image' ? t.background.url : null,
        thumbnail: t.thumbnailUrl,
        color: t.background.type === 'color' ? t.background.value : null,
        source: 'template' as const,
        templateId: t.id,
        createdAt: null,
      })),
    ],
  };
}
