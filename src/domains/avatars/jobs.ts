import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { and, eq } from 'drizzle-orm';
import { MediaError } from '../../media/errors';
import { userFacingFailure } from '../../media/user-message';
import { isPictureRefusal } from '../../media/face';
import { assertReadableImage, probe, runFfmpeg } from '../../media/ffmpeg';
import { PHOTO_SIZE, preparePhotoAvatar } from '../../media/photo-prepare';
import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { deleteFiles, keyFromUrl, storeBytes } from '../files/service';
import { copyStoredFile } from '../files/assets';
import { PREPARE_AVATAR_JOB } from './service';
import { customAvatars, type CustomAvatarStatus } from './tables';
import { prepareClip } from './video-prep';

function circleMaskPng(size: number): Uint8Array {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" fill="#000"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 1}" fill="#fff"/></svg>`;
  return new Uint8Array(new Resvg(svg).render().asPng());
}

/**
 * Photo → the head-and-shoulders picture the renderer frames, its face mesh (the talking photo's rig),
 * and a circle cut-out for the library card (clips go to prepareClip). A picture without one usable
 * face is refused with a message a person understands.
 */
export async function preparePhoto(still: string, workDir: string) {
  // A file that only looks like an image is named as such, not as a picture without a face.
  await assertReadableImage(still, 'avatar');
  const prepared = await preparePhotoAvatar(still, workDir);
  const crop = join(workDir, 'portrait.png');
  await Bun.write(crop, prepared.picture);
  await Bun.write(join(workDir, 'card.png'), prepared.card);
  await Bun.write(join(workDir, 'mask.png'), circleMaskPng(PHOTO_SIZE));
  const cutout = join(workDir, 'cutout.png');
  await runFfmpeg(
    ['-i', 'card.png', '-i', 'mask.png', '-filter_complex', '[1:v]format=gray[m];[0:v]format=rgba[c];[c][m]alphamerge', '-frames:v', '1', cutout],
    {
      cwd: workDir,
      timeoutMs: 30_000,
      label: 'circle mask',
    },
  );
  return { crop, cutout, rig: prepared.meta };
}

export function avatarJobs(deps: AppDeps): JobDefinition<any>[] {
  const { db, providers, log } = deps;
  const storage = providers.storage;
  const setStatus = (id: string, status: CustomAvatarStatus, extra: Partial<typeof customAvatars.$inferInsert> = {}) =>
    db
      .update(customAvatars)
      .set({ status, updatedAt: new Date(), ...extra })
      .where(eq(customAvatars.id, id))
      .returning({ id: customAvatars.id });

  const prepare: JobDefinition<{ avatarId: string }> = {
    name: PREPARE_AVATAR_JOB,
    retryLimit: 2,
    retryDelay: 2,
    // A clip's preparation (every frame meshed) takes up to a few minutes on a busy machine.
    expireInSeconds: 300,
    concurrency: 2,
    async handler({ avatarId }, job) {
      const [row] = await db.select().from(customAvatars).where(eq(customAvatars.id, avatarId));
      if (!row || row.status === 'done' || row.status === 'failed') return;
      // What the preparation stores belongs to the avatar's workspace, uploaded by the member who made it.
      const scope = { workspaceId: row.workspaceId, userId: row.createdBy };
      if (row.imageUrl || row.thumbnailUrl || row.rigUrl || row.clipUrl) {
        // An attempt that died half-way: start over from the upload.
        await setStatus(avatarId, 'processing', { imageUrl: null, thumbnailUrl: null, rigUrl: null, clipUrl: null, rig: null });
        await deleteFiles({ db, storage, scope, keys: [row.imageUrl, row.thumbnailUrl, row.rigUrl, row.clipUrl].map(keyFromUrl) });
      }
      const workDir = await mkdtemp(join(tmpdir(), 'avatar-prep-'));
      const made: string[] = [];
      try {
        const source = join(workDir, 'source');
        if (!(await copyStoredFile(storage, row.sourceUrl, source))) throw new MediaError('INVALID_INPUT', 'The uploaded file is no longer available');
        // Every file made is remembered, so a failed or cancelled preparation removes them all.
        const keep = async (png: Uint8Array | string, contentType = 'image/png') => {
          const bytes = typeof png === 'string' ? new Uint8Array(await Bun.file(png).arrayBuffer()) : png;
          const stored = await storeBytes({ db, storage, scope, bytes, contentType, kind: 'custom-avatar' });
          made.push(stored.key);
          return stored;
        };
        if (row.sourceType.startsWith('video/')) {
          // A clip keeps its motion: a video avatar (its loop, its reference frame, every frame's mesh).
          const clip = await prepareClip(source, workDir);
          const image = await keep(clip.posterPath);
          if (!(await setStatus(avatarId, 'created', { imageUrl: image.url })).length) throw new Gone();
          const loop = await keep(clip.loopPath, 'video/mp4');
          const meshes = await keep(clip.meshes, 'application/gzip');
          const thumb = await keep(clip.cutoutPath);
          const extra = { thumbnailUrl: thumb.url, clipUrl: loop.url, rigUrl: meshes.url, rig: clip.meta };
          if (!(await setStatus(avatarId, 'validating', extra)).length) throw new Gone();
          await db
            .update(customAvatars)
            .set({ status: 'done', errorMessage: null, updatedAt: new Date() })
            .where(and(eq(customAvatars.id, avatarId), eq(customAvatars.status, 'validating')));
          return;
        }
        const { crop, cutout, rig } = await preparePhoto(source, workDir);
        const image = await keep(crop);
        if (!(await setStatus(avatarId, 'created', { imageUrl: image.url })).length) throw new Gone();
        // Validating: the renderer will read exactly this file; check it decodes to the expected square.
        const check = await probe(crop);
        if (check.video?.width !== rig.width || check.video?.height !== rig.height)
          throw new MediaError('INVALID_INPUT', 'The prepared photo has an unexpected size');
        // The face mesh travels with the row: each render draws the mouth and eyelids at its own size.
        const thumb = await keep(cutout);
        if (!(await setStatus(avatarId, 'validating', { thumbnailUrl: thumb.url, rigUrl: null, rig })).length) throw new Gone();
        // Only a row still being prepared may become done (a deleted one stays deleted).
        await db
          .update(customAvatars)
          .set({ status: 'done', errorMessage: null, updatedAt: new Date() })
          .where(and(eq(customAvatars.id, avatarId), eq(customAvatars.status, 'validating')));
      } catch (e) {
        if (e instanceof Gone) {
          await deleteFiles({ db, storage, scope, keys: made });
          return;
        }
        // The crop of an earlier attempt stays referenced by the row; only this attempt's leftovers go.
        const [now] = await db
          .select({ imageUrl: customAvatars.imageUrl, thumbnailUrl: customAvatars.thumbnailUrl, rigUrl: customAvatars.rigUrl, clipUrl: customAvatars.clipUrl })
          .from(customAvatars)
          .where(eq(customAvatars.id, avatarId));
        const kept = new Set([now?.imageUrl, now?.thumbnailUrl, now?.rigUrl, now?.clipUrl].map(keyFromUrl));
        await deleteFiles({ db, storage, scope, keys: made.filter((k) => !kept.has(k)) });
        // A picture ffmpeg cannot read will not read better next time: fail at once.
        const deterministic = e instanceof MediaError && ['INVALID_INPUT', 'FFMPEG_FAILED', 'PROBE_FAILED'].includes(e.code);
        if (!deterministic && job.retryCount < job.retryLimit) throw e;
        // Refusals of the picture ("We couldn't find a face…") are already a sentence for the user;
        // anything else gets the one mapping of render failures (never a tool's output).
        const failure = isPictureRefusal(e) ? { message: e.message, log: { error: e.message } } : userFacingFailure(e, 'picture');
        log.warn('custom avatar failed', { avatarId, ...failure.log });
        await setStatus(avatarId, 'failed', { errorMessage: failure.message });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
  return [prepare];
}

class Gone extends Error {}
