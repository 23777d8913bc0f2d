import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { probe } from '../../media/ffmpeg';
import { makeThumbnails } from '../../media/thumbnails';
import { serveFile, serveJoined } from '../files/serve';
import { deleteFiles, findFile, keyFromUrl, storePath } from '../files/service';
import { copyStoredFile } from '../files/assets';
import { videos } from '../videos/tables';
import { workspaces } from '../workspaces/tables';
import { WATCH_CTA } from './personalise';
import { senderIdSql, senderScope } from './sender';
import type { DistDeps } from './service';
import { deliveries, distributions, personalRenders, personalTails, videoShares, type PersonalRenderRow, type PersonalTailRow } from './tables';

// A recipient's media, by their landing-page token: their video (their own bytes joined to the
// shared part), its captions, and the e-mail's poster and GIF. The token is the key, as for the
// landing page. Without a personal render the video is the shared one, and the e-mail images are
// made from it on first request, with the recipient's name on them, then kept.

export type MediaKind = 'video.mp4' | 'captions.vtt' | 'poster.jpg' | 'preview.gif';

const notFound = () => new Response(JSON.stringify({ message: 'File not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
const redirect = (url: string) => new Response(null, { status: 302, headers: { location: url, 'cache-control': 'no-store' } });

async function byToken(deps: DistDeps, token: string) {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [row] = await deps.db
    .select({ d: deliveries, r: personalRenders, t: personalTails, videoUrl: videos.videoUrl, thumbnail: videos.thumbnail, senderId: senderIdSql })
    .from(deliveries)
    .innerJoin(videos, eq(videos.id, deliveries.videoId))
    .innerJoin(distributions, eq(distributions.id, deliveries.distributionId))
    .innerJoin(workspaces, eq(workspaces.id, deliveries.workspaceId))
    .leftJoin(personalRenders, eq(personalRenders.id, deliveries.renderId))
    .leftJoin(personalTails, eq(personalTails.id, personalRenders.tailId))
    .where(eq(deliveries.token, token));
  return row ?? null;
}

/**
 * A share link's media: its fallback render (a video with variables), else the video's own file.
 * While that render is not ready there is no video: the preview's file greets the preview's name.
 */
async function byShareToken(deps: DistDeps, token: string) {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return null;
  const [row] = await deps.db
    .select({ renderId: videoShares.renderId, r: personalRenders, t: personalTails, videoUrl: videos.videoUrl, thumbnail: videos.thumbnail })
    .from(videoShares)
    .innerJoin(videos, and(eq(videos.id, videoShares.videoId), eq(videos.workspaceId, videoShares.workspaceId)))
    .leftJoin(personalRenders, eq(personalRenders.id, videoShares.renderId))
    .leftJoin(personalTails, eq(personalTails.id, personalRenders.tailId))
    .where(eq(videoShares.token, token));
  if (!row) return null;
  return { d: null, r: row.r, t: row.t, videoUrl: row.renderId ? null : row.videoUrl, thumbnail: row.thumbnail, senderId: null };
}

/** Serves a stored file by its /files/ address, or null when it is gone. */
async function stored(deps: DistDeps, url: string | null | undefined, request: Request) {
  const key = keyFromUrl(url);
  if (!key) return null;
  const res = await serveFile(deps.db, deps.providers.storage, key, request);
  if (!res.ok) return null;
  res.headers.set('cache-control', 'private, max-age=86400');
  return res;
}

/** A made personal render's video (its own bytes joined to the shared parts' samples) or captions. */
export async function personalMedia(
  deps: DistDeps,
  personal: PersonalRenderRow,
  tailRow: PersonalTailRow | null,
  kind: 'video.mp4' | 'captions.vtt',
  request: Request,
): Promise<Response> {
  if (kind === 'captions.vtt') return (await stored(deps, personal.captions, request)) ?? notFound();
  if (!personal.videoUrl) return notFound();
  // The shared parts' samples follow the recipient's bytes, in order (a send made before them: the tail's).
  const ranges = personal.sharedParts ?? (tailRow ? [{ tailId: tailRow.id, start: tailRow.payloadStart, end: tailRow.payloadEnd }] : []);
  if (!ranges.length) return (await stored(deps, personal.videoUrl, request)) ?? notFound();
  const storage = deps.providers.storage;
  const partKey = keyFromUrl(personal.videoUrl);
  const ids = [...new Set(ranges.map((r) => r.tailId))];
  const files = new Map(
    (
      await deps.db
        .select({ id: personalTails.id, fileKey: personalTails.fileKey })
        .from(personalTails)
        .where(and(inArray(personalTails.id, ids), eq(personalTails.distributionId, personal.distributionId)))
    ).map((t) => [t.id, t.fileKey]),
  );
  const [part, ...shared] = await Promise.all([
    partKey ? storage.open(partKey) : null,
    ...ranges.map((r) => {
      const key = files.get(r.tailId);
      return key ? storage.open(key) : null;
    }),
  ]);
  if (!part || shared.some((b) => !b)) return notFound();
  return serveJoined([part, ...shared.map((b, i) => b!.slice(ranges[i]!.start, ranges[i]!.end))], request, {
    'content-type': 'video/mp4',
    'cache-control': 'private, max-age=86400',
  });
}

export async function recipientMedia(deps: DistDeps, token: string, kind: MediaKind, request: Request): Promise<Response> {
  const row = (await byToken(deps, token)) ?? (await byShareToken(deps, token));
  if (!row) return notFound();
  const personal = row.r?.status === 'completed' ? row.r : null;
  if (kind === 'video.mp4') {
    if (!personal?.videoUrl) return row.videoUrl ? redirect(row.videoUrl) : notFound();
    return personalMedia(deps, personal, row.t, kind, request);
  }
  if (kind === 'captions.vtt') return personal ? personalMedia(deps, personal, row.t, kind, request) : notFound();
  const own = kind === 'poster.jpg' ? (personal?.thumbnail ?? row.d?.poster) : (personal?.gif ?? row.d?.gif);
  const hit = await stored(deps, own, request);
  if (hit) return hit;
  if (!personal && row.d) {
    const made = await imagesFromSharedVideo(deps, row.d, row.senderId, row.videoUrl);
    const again = made && (await stored(deps, kind === 'poster.jpg' ? made.poster : made.gif, request));
    if (again) return again;
  }
  // No image of their own (an external video): the video's poster.
  return row.thumbnail ? redirect(row.thumbnail) : notFound();
}

/**
 * The e-mail images of a delivery without a personal render, made once from the shared video
 * (stored in the app) with the recipient's name, and kept on the delivery. Two first requests at
 * once both render; the first to record wins and the other's files are deleted. The files are the
 * delivery's workspace's, made as its sender.
 */
async function imagesFromSharedVideo(deps: DistDeps, d: typeof deliveries.$inferSelect, senderId: string, videoUrl: string | null) {
  const { db } = deps;
  const scope = senderScope(d.workspaceId, senderId);
  const storage = deps.providers.storage;
  const key = keyFromUrl(videoUrl);
  if (!key || !(await findFile(db, key))) return null;
  const workDir = await mkdtemp(join(tmpdir(), 'email-images-'));
  try {
    const videoPath = join(workDir, 'video.mp4');
    if (!(await copyStoredFile(storage, videoUrl!, videoPath))) return null;
    const info = await probe(videoPath);
    if (!info.video) return null;
    const first = d.firstName?.replace(/[{}]/g, '').trim();
    const out = await makeThumbnails({
      videoPath,
      durationSec: info.durationSec,
      width: info.video.width,
      height: info.video.height,
      overlay: { headline: first ? `${first}, this video is for you` : 'A video for you', cta: WATCH_CTA },
      posterPath: join(workDir, 'poster.jpg'),
      gifPath: join(workDir, 'preview.gif'),
      workDir,
    });
    const [poster, gif] = await Promise.all([
      storePath({ db, storage, scope, path: out.posterPath, contentType: 'image/jpeg', kind: 'personal' }),
      storePath({ db, storage, scope, path: out.gifPath!, contentType: 'image/gif', kind: 'personal' }),
    ]);
    const [won] = await db
      .update(deliveries)
      .set({ poster: poster.url, gif: gif.url })
      .where(and(eq(deliveries.id, d.id), isNull(deliveries.poster)))
      .returning({ poster: deliveries.poster, gif: deliveries.gif });
    if (won) return { poster: poster.url, gif: gif.url };
    await deleteFiles({ db, storage, scope, keys: [poster.key, gif.key] });
    const [cur] = await db.select({ poster: deliveries.poster, gif: deliveries.gif }).from(deliveries).where(eq(deliveries.id, d.id));
    return cur?.poster ? { poster: cur.poster, gif: cur.gif } : null;
  } catch (e) {
    deps.log.warn('e-mail images could not be made', { deliveryId: d.id, error: e instanceof Error ? e.message : String(e) });
    return null;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
