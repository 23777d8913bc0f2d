import type { Resolution } from '../../shared/plans';
import { and, desc, eq } from 'drizzle-orm';
import { frameSize } from '../../media/layout';
import { photoTooSmall } from '../../media/photo-frame';
import type { Db } from '../../server/db/client';
import { invalidInput, notFound } from '../../server/http/app-error';
import type { JobQueue } from '../../server/jobs/queue';
import type { Providers } from '../../server/providers';
import type { WorkspaceProviderSource } from '../../server/providers/workspace';
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
import { videos } from '../videos/tables';
import { defaultVoiceId, findVoice } from '../voices/service';
import { stableJobId } from '../../server/jobs/job-ids';
import { isCloudProvider } from '../../server/providers/video';
import { recordingFor } from './recordings';
import { GENERATION_MESSAGES, RECORDING_MESSAGES, SCRIPT_MAX_CHARS, type TTalk, type TTemplateGenerate, type ZLook } from './schemas';
import { backgrounds, renderTasks, type RenderSpec } from './tables';
import { previewScript, videoVariables } from './variables';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';

export const RENDER_JOB = 'render-video';
export const POLL_JOB = 'poll-video';
export const DEFAULT_BACKGROUND = '#e2e8f0';
export const BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;
/** A processing video untouched this long is checked against its queue job (a worker may have died for good). */
export const STALE_AFTER_MS = 90_000;
export const STOPPED_MESSAGE = 'The render stopped unexpectedly. Please try again.';
export const RENDER_SWEEP_JOB = 'render-sweep';

export type GenDeps = {
  db: Db;
  queue: JobQueue;
  providers: Pick<Providers, 'storage'>;
  workspaceProviders: WorkspaceProviderSource;
  env?: { RENDER_MAX_RESOLUTION?: Resolution };
  /** Where links about this render point (the request's origin rule), given by the transports. */
  linkOrigin?: string;
};
const RESOLUTION_ORDER: readonly Resolution[] = ['720p', '1080p', '2160p'];
/** The render's resolution (the chosen tier's, the plan's own by default), lowered to the deployment's RENDER_MAX_RESOLUTION when one is set. */
export const capped = (resolution: Resolution, cap?: Resolution): Resolution =>
  cap && RESOLUTION_ORDER.indexOf(cap) < RESOLUTION_ORDER.indexOf(resolution) ? cap : resolution;
type Look = Partial<ReturnType<typeof ZLook.parse>>;

export const queueJobRef = (name: string, id: string) => `${name}:${id}`;

function checkScript(script: string): string {
  const s = script.trim();
  if (!s) throw invalidInput(GENERATION_MESSAGES.scriptEmpty);
  if (s.length > SCRIPT_MAX_CHARS) throw invalidInput(GENERATION_MESSAGES.scriptTooLong);
  return s;
}

async function resolveBackground(db: Db, scope: Scope, id: string | undefined, template: Template | undefined): Promise<RenderSpec['background']> {
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
    .where(and(eq(backgrounds.id, id), inWorkspace(backgrounds, scope)));
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
export async function startRender(deps: GenDeps, scope: Scope, input: StartInput) {
  const { db, queue } = deps;
  // The workspace's own providers (its keys in Settings → Integrations), env's by default.
  const providers = await deps.workspaceProviders(scope.workspaceId);
  const script = checkScript(input.script);
  const { look, template } = input;
  const { face, ...avatar } = { face: undefined, ...(await resolveAvatar({ db, scope, id: input.avatarId, providers })) };
  const voiceId = look.voiceId ? (await findVoice(providers.tts, look.voiceId)).id : defaultVoiceId(await providers.tts.voices(), avatar.kind === 'custom');
  // The voice's language: the fallbacks it says by default and its recipients' pages (decision 226).
  const language = await providers.tts.languageOf(voiceId).catch(() => null);
  const variables = videoVariables(script, { preview: input.previewValues, fallbacks: input.fallbacks, language });
  // What the preview speaks must hold something too (a script of placeholders with empty values).
  checkScript(previewScript({ script, ...variables, language }));
  const background = await resolveBackground(db, scope, look.backgroundId, template);
  // The rep's recording speaks the script; a vendor renders from text alone (decision 221).
  const voiceRecordingId = look.voiceRecordingId ? await recordingFor(db, scope, look.voiceRecordingId, script) : undefined;
  if (voiceRecordingId && (avatar.kind === 'provider' || isCloudProvider(providers.video))) throw invalidInput(RECORDING_MESSAGES.cloud);
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
    ...(voiceRecordingId ? { voiceRecordingId } : {}),
  };
  const title = look.title || (template ? template.name : `Talking video: ${shortScript(script)}`);
  const videoId = newId();
  const taskId = `task-${newToken()}`;
  const jobId = stableJobId(RENDER_JOB, videoId);
  await db.transaction(async (tx) => {
    // Every plan limit is checked here, for every path that renders (docs/decisions/120).
    const resolution = capped((await reserveRender(tx as unknown as Db, { scope, videoId, script })).resolution, deps.env?.RENDER_MAX_RESOLUTION);
    // A photo whose face is too small for the plan's resolution is refused now, not after the render.
    if (face && spec.avatarStyle !== 'circle') {
      const { width, height } = frameSize(resolution, spec.aspectRatio);
      const why = photoTooSmall({ face }, width, height, spec.avatarStyle === 'closeUp' ? 'closeUp' : 'normal');
      if (why) throw invalidInput(why);
    }
    await tx.insert(videos).values({
      id: videoId,
      ...createdIn(scope),
      title,
      script,
      ...variables,
      status: 'processing',
      progress: 0,
      avatarId: avatar.id,
      avatarType: avatar.kind,
      voiceId,
      language,
      backgroundId: look.backgroundId ?? (template ? `template-${template.id}` : null),
      templateId: template?.id ?? null,
      templateType: template?.type ?? null,
      resolution,
      // Who renders it: the vendor of a provider's avatar, else the workspace's default engine (the render and poll jobs read it).
      provider: avatar.kind === 'provider' ? avatar.vendor : providers.video.name,
    });
    await tx.insert(renderTasks).values({
      id: taskId,
      ...createdIn(scope),
      videoId,
      kind: input.kind,
      name: title,
      spec,
      queueJob: queueJobRef(RENDER_JOB, jobId),
      linkOrigin: deps.linkOrigin ?? null,
    });
  });
  await queue.send(RENDER_JOB, { videoId }, { id: jobId });
  return { videoId, taskId, status: 'processing' as const };
}

export function startTalk(deps: GenDeps & { scope: Scope; input: TTalk }) {
  const { scope, input } = deps;
  const template = input.templateId ? getTemplate(input.templateId) : undefined;
  return startRender(deps, scope, {
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
export async function generateFromTemplate(deps: GenDeps & { scope: Scope; templateId: string; input: TTemplateGenerate; lang?: Language }) {
  const { scope, templateId, input, lang = 'en' } = deps;
  const template = getTemplate(templateId, lang);
  const { values, script, previewValues, fallbacks } = fillTemplateInput(template, input);
  const look: Look = {
    ...input.options,
    voiceId: input.voiceId ?? input.options.voiceId ?? values.get('voice'),
    backgroundId: input.backgroundId ?? input.options.backgroundId,
  };
  const started = await startRender(deps, scope, {
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
// Backgrounds

export async function uploadBackground(opts: { db: Db; storage: Providers['storage']; scope: Scope; file: unknown }) {
  const { db, storage, scope, file } = opts;
  if (!(file instanceof Blob)) throw invalidInput(GENERATION_MESSAGES.backgroundMissing);
  if (file.size <= BACKGROUND_MAX_BYTES) await assertStorageRoom({ db, scope, bytes: file.size });
  const stored = await storeUpload({
    db,
    storage,
    scope,
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
    .values({ id: `bg-${newId()}`, ...createdIn(scope), name, url: stored.url, contentType: stored.contentType })
    .returning();
  return { id: row.id, url: row.url, name: row.name, type: 'image' as const, mimeType: row.contentType };
}

/** GET /api/background-videos: the workspace's uploaded backgrounds, then the templates' backgrounds. */
export async function listBackgrounds(opts: { db: Db; scope: Scope; lang?: Language }) {
  const { db, scope, lang = 'en' } = opts;
  const own = await db.select().from(backgrounds).where(inWorkspace(backgrounds, scope)).orderBy(desc(backgrounds.createdAt), desc(backgrounds.id));
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
