import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { parseMp4 } from '../../media/mp4-read';
import { pictureRefusal } from '../../media/picture-size';
import { AUDIO_RATE } from '../../media/layout';
import { joinableScript } from '../../media/personal-parts';
import { renderRecipients, renderSharedPart, type PartSlot, type SharedPart } from '../../media/personalise';
import type { VideoLook } from '../../media/render';
import type { Failure } from '../../media/user-message';
import { AppError } from '../../server/http/app-error';
import { fetchGuarded, FetchRefused } from '../../server/http/guarded-fetch';
import { deleteFiles, storePath } from '../files/service';
import { copyStoredFile } from '../files/assets';
import { engineLook } from '../generation/look';
import { renderTasks } from '../generation/tables';
import { videos } from '../videos/tables';
import type { Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';
import { enqueueDeliveries } from './enqueue';
import { deliveryEvent } from './outbox';
import { senderIdSql, senderScope } from './sender';
import type { DistDeps } from './service';
import { progressWriter } from './render-progress';
import { deliveries, distributions, personalRenders, personalTails, type PersonalRenderRow, type PersonalTailRow } from './tables';
import type { ScriptPart } from './variables';

// Per-recipient videos (PRODUCT.md §3, docs/decisions/101-personal-streams.md): the look of the
// video's own render, each recipient's personal parts spoken with their values, the shared parts
// rendered once per distribution (and per background) and stored once; each recipient stores only
// their personal parts and a header, joined to the shared parts when their video is served.
// Always the local engine: a cloud render per recipient would cost a full render each.

/** The e-mail's call to action, on the GIF and the poster too. */
export const WATCH_CTA = 'Watch your video';
export const BACKGROUND_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
const BACKGROUND_MAX_BYTES = 10 * 1024 * 1024;
const BACKGROUND_TIMEOUT_MS = 10_000;

/** Deliveries of these renders stop waiting: their send jobs are queued (job chaining, no sleeping). */
export async function releaseDeliveries(deps: DistDeps, renderIds: string[]) {
  if (!renderIds.length) return 0;
  const rows = await deps.db
    .update(deliveries)
    .set({ status: 'pending', jobId: sql`${deliveries.id}`, updatedAt: sql`now()` })
    .where(and(inArray(deliveries.renderId, renderIds), eq(deliveries.status, 'waiting')))
    .returning({ id: deliveries.id });
  await enqueueDeliveries(
    deps.queue,
    rows.map((r) => r.id),
  );
  return rows.length;
}

const batchIds = async (deps: DistDeps, distributionId: string, batch: number) =>
  (
    await deps.db
      .select({ id: personalRenders.id })
      .from(personalRenders)
      .where(and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch)))
  ).map((r) => r.id);

/**
 * Renders of a batch that cannot be made. Their deliveries fail with the reason: sending the
 * shared file instead would greet them with the preview's name.
 */
export async function failBatch(deps: DistDeps, distributionId: string, batch: number, failure: Failure) {
  // The render keeps the sentence about its cause; the delivery says what it means for the send.
  const error = `The personal video could not be made: ${failure.message}`.slice(0, 500);
  const failed = await deps.db
    .update(personalRenders)
    .set({ status: 'failed', error: failure.message.slice(0, 500) })
    .where(and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch), eq(personalRenders.status, 'pending')))
    .returning({ id: personalRenders.id });
  deps.log.warn('personalised renders failed', { distributionId, batch, count: failed.length, ...failure.log });
  const ended = !failed.length
    ? []
    : await deps.db
        .update(deliveries)
        .set({ status: 'failed', error, updatedAt: sql`now()` })
        .where(
          and(
            inArray(
              deliveries.renderId,
              failed.map((r) => r.id),
            ),
            eq(deliveries.status, 'waiting'),
          ),
        )
        .returning();
  for (const d of ended) await deliveryEvent(deps, d, 'delivery.failed', error);
  await releaseDeliveries(deps, await batchIds(deps, distributionId, batch));
}

/** A recipient's background image, fetched under the guard; the reason when it cannot be used. */
export async function fetchBackground(deps: DistDeps, url: string, path: string): Promise<string | null> {
  try {
    const { bytes } = await fetchGuarded(url, {
      allowPrivate: deps.env.FETCH_ALLOW_PRIVATE === 'true',
      maxBytes: BACKGROUND_MAX_BYTES,
      timeoutMs: BACKGROUND_TIMEOUT_MS,
      types: BACKGROUND_TYPES,
    });
    // The same pixel cap as every uploaded picture: a bomb is not decoded by the render.
    const refusal = pictureRefusal(bytes);
    if (refusal)
      return `Background not used (${refusal === 'unreadable' ? 'the picture could not be read' : 'the picture is larger than 40 megapixels'}): the video's own background was used`;
    await Bun.write(path, bytes);
    return null;
  } catch (e) {
    if (e instanceof FetchRefused) return `Background not used (${e.message}): the video's own background was used`;
    throw e;
  }
}

/** A distribution's script parts: stored, else (a send made before them) its opening then its shared rest. */
export function partsOf(d: { scriptParts: ScriptPart[] | null; headScript: string | null; tailScript: string | null }): ScriptPart[] {
  if (d.scriptParts?.length) return d.scriptParts;
  const parts = [{ text: d.headScript ?? '', personal: true }];
  if (d.tailScript?.trim()) parts.push({ text: d.tailScript.trim(), personal: false });
  return parts;
}

/** A shared part for one background: the one an earlier batch stored, else rendered and stored now. */
async function sharedFor(
  deps: DistDeps,
  ctx: { distributionId: string; scope: Scope; background: string; script: string; index: number; count: number; look: VideoLook },
): Promise<{ id: string; part: SharedPart }> {
  const { db } = deps;
  const storage = deps.providers.storage;
  const find = async () =>
    (
      await db
        .select()
        .from(personalTails)
        .where(and(eq(personalTails.distributionId, ctx.distributionId), eq(personalTails.background, ctx.background), eq(personalTails.part, ctx.index)))
    )[0];
  const local = join(ctx.look.workDir, `shared-${ctx.index}.mp4`);
  const fromRow = (r: PersonalTailRow): SharedPart => ({
    videoPath: local,
    cues: r.cues,
    durationSec: r.duration,
    audioSamples: Math.round(r.duration * AUDIO_RATE),
    width: 0,
    height: 0,
    index: ctx.index,
    count: ctx.count,
  });
  const existing = await find();
  if (existing && (await copyStoredFile(storage, `/files/${existing.fileKey}`, local))) return { id: existing.id, part: fromRow(existing) };
  const part = await renderSharedPart({ ...ctx.look, script: ctx.script, index: ctx.index, count: ctx.count });
  const parsed = parseMp4(new Uint8Array(await Bun.file(part.videoPath).arrayBuffer()));
  const stored = await storePath({ db, storage, scope: ctx.scope, path: part.videoPath, contentType: 'video/mp4', kind: 'personal' });
  const id = `tail-${stored.key.split('/').pop()!.split('.')[0]}`;
  const [row] = await db
    .insert(personalTails)
    .values({
      id,
      distributionId: ctx.distributionId,
      workspaceId: ctx.scope.workspaceId,
      background: ctx.background,
      part: ctx.index,
      fileKey: stored.key,
      payloadStart: parsed.payloadStart,
      payloadEnd: parsed.payloadEnd,
      duration: part.durationSec,
      cues: part.cues,
    })
    .onConflictDoNothing()
    .returning({ id: personalTails.id });
  if (row) return { id: row.id, part };
  // Another attempt stored one meanwhile: use it, keep one copy.
  await deleteFiles({ db, storage, scope: ctx.scope, keys: [stored.key] });
  const other = await find();
  if (!other || !(await copyStoredFile(storage, `/files/${other.fileKey}`, local))) throw new AppError('INTERNAL', 'A shared part of the video went missing');
  return { id: other.id, part: fromRow(other) };
}

/** Renders one batch of a distribution's personal videos, stores them, and releases their deliveries. */
export async function renderBatch(deps: DistDeps, distributionId: string, batch: number) {
  const { db, log } = deps;
  const storage = deps.providers.storage;
  const [row] = await db
    .select({ d: distributions, video: videos, spec: renderTasks.spec, senderId: senderIdSql })
    .from(distributions)
    .innerJoin(videos, eq(videos.id, distributions.videoId))
    .innerJoin(workspaces, eq(workspaces.id, distributions.workspaceId))
    .leftJoin(renderTasks, eq(renderTasks.videoId, distributions.videoId))
    .where(eq(distributions.id, distributionId));
  if (!row) return;
  const pending = await db
    .select()
    .from(personalRenders)
    .where(and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch), eq(personalRenders.status, 'pending')));
  if (!pending.length) {
    // Done by an earlier attempt that died before releasing: release now.
    await releaseDeliveries(deps, await batchIds(deps, distributionId, batch));
    return;
  }
  if (!row.spec) throw new AppError('INVALID_INPUT', 'The video has no render settings to personalise');
  // The renders and their files are the distribution's workspace's, made as the member who sent it.
  const scope = senderScope(row.d.workspaceId, row.senderId);
  const workDir = await mkdtemp(join(tmpdir(), `personal-${distributionId}-${batch}-`));
  try {
    const resolution = (row.video.resolution ?? '720p') as VideoLook['resolution'];
    // The workspace's own voice providers (Settings → Integrations), env's by default.
    const speech = (await deps.workspaceProviders(scope.workspaceId)).tts;
    const base = await engineLook({ db, storage, spec: row.spec, scope, resolution, workDir, speech });
    // Recipients by background: their own image when it loads, the video's otherwise (with the reason).
    const groups = new Map<string, { look: Omit<VideoLook, 'workDir'>; renders: PersonalRenderRow[] }>();
    const notes = new Map<string, string>();
    for (const r of pending) {
      let key = r.background ?? '';
      if (key && !groups.has(key)) {
        const path = join(workDir, `background-${groups.size}`);
        const reason = notes.get(key) ?? (await fetchBackground(deps, key, path));
        if (reason) notes.set(key, reason);
        else groups.set(key, { look: { ...base, background: { kind: 'image', path } }, renders: [] });
      }
      if (notes.has(key)) key = '';
      if (!groups.has(key)) groups.set(key, { look: base, renders: [] });
      groups.get(key)!.renders.push(r);
    }
    // As the presenter can join them (a video avatar's loop runs on after a personal part between shared ones).
    const { script, textsOf } = joinableScript(base, partsOf(row.d));
    const progress = progressWriter(deps, distributionId, batch);
    let n = 0;
    for (const [background, group] of groups) {
      const dir = join(workDir, `group-${n++}`);
      // The shared parts, rendered once per distribution and background (or found stored by an earlier batch).
      const slots: PartSlot[] = [];
      const sharedIds: string[] = [];
      for (const [index, part] of script.entries()) {
        if (part.personal) {
          slots.push({ personal: true });
          continue;
        }
        const shared = await sharedFor(deps, {
          distributionId,
          scope,
          background,
          script: part.text,
          index,
          count: script.length,
          look: { ...group.look, workDir: join(dir, `shared-${index}`) },
        });
        slots.push({ shared: shared.part });
        sharedIds[index] = shared.id;
      }
      // Each recipient is stored and their deliveries released as soon as their video is made: the
      // progress counts recipients one by one, and the first e-mails leave while the rest render.
      await renderRecipients({
        ...group.look,
        workDir: join(dir, 'out'),
        onProgress: progress,
        parts: slots,
        recipients: group.renders.map((r) => ({
          key: r.id,
          texts: textsOf(r.texts ?? [r.headScript]),
          overlay: { headline: r.headline ?? 'A video for you', cta: WATCH_CTA },
        })),
        onRecipient: async (out) => {
          const store = (path: string | undefined, contentType: string) =>
            path ? storePath({ db, storage, scope, path, contentType, kind: 'personal' }) : null;
          const [part, poster, gif, vtt] = await Promise.all([
            store(out.partPath, 'video/mp4'),
            store(out.posterPath, 'image/jpeg'),
            store(out.gifPath, 'image/gif'),
            store(out.captionsPath, 'text/vtt'),
          ]);
          const r = group.renders.find((x) => x.id === out.key)!;
          const sharedParts = out.sharedRanges.map((x) => ({ tailId: sharedIds[x.slot] as string, start: x.start, end: x.end }));
          await db
            .update(personalRenders)
            .set({
              status: 'completed',
              videoUrl: part!.url,
              tailId: sharedParts[0]?.tailId ?? null,
              sharedParts,
              thumbnail: poster?.url ?? null,
              gif: gif?.url ?? null,
              captions: vtt?.url ?? null,
              duration: Math.round(out.durationSec * 1000) / 1000,
              backgroundError: r.background ? (notes.get(r.background) ?? null) : null,
              completedAt: new Date(),
              error: null,
            })
            .where(and(eq(personalRenders.id, out.key), eq(personalRenders.status, 'pending')));
          await releaseDeliveries(deps, [out.key]);
        },
      });
    }
    log.info('personalised renders done', { distributionId, batch, count: pending.length, backgrounds: groups.size, backgroundErrors: notes.size });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  // The whole batch: renders an earlier, interrupted attempt finished are released too.
  await releaseDeliveries(deps, await batchIds(deps, distributionId, batch));
}
