import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { renderPersonalised } from '../../media/personalise';
import { renderTalkingVideo, type VideoLook } from '../../media/render';
import { AppError } from '../../server/http/app-error';
import { storePath } from '../files/service';
import { engineLook } from '../generation/look';
import { renderTasks } from '../generation/tables';
import { videos } from '../videos/tables';
import { enqueueDeliveries } from './enqueue';
import type { DistDeps } from './service';
import { deliveries, distributions, personalRenders } from './tables';

// Per-recipient videos (PRODUCT.md §3): the look of the video's own render (avatar, voice,
// background, captions), its opening sentence(s) spoken per recipient, the rest rendered once
// per batch and joined without A/V drift by the media engine (src/media/personalise.ts).
// Always the local engine: a cloud render per recipient would cost a full render each.

/** Deliveries of these renders stop waiting: their send jobs are queued (job chaining, no sleeping). */
export async function releaseDeliveries(deps: DistDeps, renderIds: string[]) {
  if (!renderIds.length) return 0;
  const rows = await deps.db
    .update(deliveries)
    .set({ status: 'pending', jobId: sql`${deliveries.id}`, updatedAt: sql`now()` })
    .where(and(inArray(deliveries.renderId, renderIds), eq(deliveries.status, 'waiting')))
    .returning({ id: deliveries.id });
  await enqueueDeliveries(deps.queue, rows.map((r) => r.id));
  return rows.length;
}

const batchIds = async (deps: DistDeps, distributionId: string, batch: number) =>
  (
    await deps.db
      .select({ id: personalRenders.id })
      .from(personalRenders)
      .where(and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch)))
  ).map((r) => r.id);

/** Renders of a batch that cannot be made: their recipients get the shared video instead. */
export async function failBatch(deps: DistDeps, distributionId: string, batch: number, message: string) {
  const failed = await deps.db
    .update(personalRenders)
    .set({ status: 'failed', error: message.slice(0, 500) })
    .where(and(eq(personalRenders.distributionId, distributionId), eq(personalRenders.batch, batch), eq(personalRenders.status, 'pending')))
    .returning({ id: personalRenders.id });
  deps.log.warn('personalised renders failed, sending the shared video', { distributionId, batch, count: failed.length, error: message });
  await releaseDeliveries(deps, await batchIds(deps, distributionId, batch));
}

/** Renders one batch of a distribution's personal videos, stores them, and releases their deliveries. */
export async function renderBatch(deps: DistDeps, distributionId: string, batch: number) {
  const { db, log } = deps;
  const storage = deps.providers.storage;
  const [row] = await db
    .select({ d: distributions, video: videos, spec: renderTasks.spec })
    .from(distributions)
    .innerJoin(videos, eq(videos.id, distributions.videoId))
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
  if (!row.spec) throw new AppError('BAD_REQUEST', 'The video has no render settings to personalise');
  const workDir = await mkdtemp(join(tmpdir(), `personal-${distributionId}-${batch}-`));
  try {
    const resolution = (row.video.resolution ?? '720p') as VideoLook['resolution'];
    const look = await engineLook({ db: deps.db, storage: deps.providers.storage, spec: row.spec, userId: row.d.userId, resolution, workDir, speech: deps.providers.tts });
    const tail = row.d.tailScript?.trim() ?? '';
    const outputs: { key: string; videoPath: string; thumbnailPath: string; durationSec: number }[] = [];
    if (tail) {
      outputs.push(
        ...(await renderPersonalised({ ...look, heads: pending.map((r) => ({ key: r.id, script: r.headScript })), tail: { script: tail }, workDir: join(workDir, 'out') })),
      );
    } else {
      // Every sentence is personal: each recipient's video is a full render.
      for (const r of pending) {
        const out = await renderTalkingVideo({ ...look, script: r.headScript, workDir: join(workDir, r.id) });
        outputs.push({ key: r.id, ...out });
      }
    }
    for (const out of outputs) {
      const mp4 = await storePath({ db, storage, userId: row.d.userId, path: out.videoPath, contentType: 'video/mp4', kind: 'personal' });
      const jpg = await storePath({ db, storage, userId: row.d.userId, path: out.thumbnailPath, contentType: 'image/jpeg', kind: 'personal' });
      await db
        .update(personalRenders)
        .set({ status: 'completed', videoUrl: mp4.url, thumbnail: jpg.url, duration: Math.round(out.durationSec * 1000) / 1000, completedAt: new Date(), error: null })
        .where(and(eq(personalRenders.id, out.key), eq(personalRenders.status, 'pending')));
    }
    log.info('personalised renders done', { distributionId, batch, count: outputs.length });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  // The whole batch: renders an earlier, interrupted attempt finished are released too.
  await releaseDeliveries(deps, await batchIds(deps, distributionId, batch));
}
