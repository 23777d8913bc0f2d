import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { StorageProvider } from '../../server/providers/storage/types';
import { releaseRender } from '../billing/limits';
import { rememberRemovedLinks } from '../distribution/removed-links';
import { deliveries, distributions, personalRenders, personalTails } from '../distribution/tables';
import { deleteFiles, keyFromUrl } from '../files/service';
import { VIDEO_NOT_FOUND } from '../videos/service';
import { videos } from '../videos/tables';
import { inWorkspace, type Scope } from '../../server/scope';

// Deleting a video takes everything made from it: its render and poster, every recipient's
// personal video (their opening, captions, poster and GIF), the shared parts of its personalised
// sends, the e-mail images made for its deliveries, and the fallback render of its share link.
// Their `files` rows go too, so the storage figure (decision 120: the sum of the workspace's files)
// drops at once. Its links answer "no longer available" (decision 131).

const CHUNK = 500;

/** Every stored file made for the video's recipients and its share link. */
async function personalKeys(db: Db, scope: Scope, videoId: string): Promise<string[]> {
  const ofVideo = and(eq(distributions.videoId, videoId), inWorkspace(distributions, scope));
  const [renders, tails, images] = await Promise.all([
    db
      .select({ a: personalRenders.videoUrl, b: personalRenders.thumbnail, c: personalRenders.gif, d: personalRenders.captions })
      .from(personalRenders)
      .innerJoin(distributions, eq(distributions.id, personalRenders.distributionId))
      .where(ofVideo),
    db.select({ key: personalTails.fileKey }).from(personalTails).innerJoin(distributions, eq(distributions.id, personalTails.distributionId)).where(ofVideo),
    db
      .select({ a: deliveries.poster, b: deliveries.gif })
      .from(deliveries)
      .where(and(eq(deliveries.videoId, videoId), inWorkspace(deliveries, scope))),
  ]);
  const urls = [...renders.flatMap((r) => [r.a, r.b, r.c, r.d]), ...images.flatMap((r) => [r.a, r.b])];
  return [...urls.map(keyFromUrl), ...tails.map((t) => t.key)].filter((k): k is string => !!k);
}

/** The video's own render and poster, unless another of the workspace's videos still shows them (a re-saved render). */
async function ownKeys(db: Db, scope: Scope, row: { videoUrl: string | null; thumbnail: string | null }): Promise<string[]> {
  const urls = [row.videoUrl, row.thumbnail].filter((u): u is string => !!keyFromUrl(u));
  if (urls.length === 0) return [];
  const still = await db
    .select({ videoUrl: videos.videoUrl, thumbnail: videos.thumbnail })
    .from(videos)
    .where(and(inWorkspace(videos, scope), or(inArray(videos.videoUrl, urls), inArray(videos.thumbnail, urls))));
  const kept = new Set(still.flatMap((v) => [v.videoUrl, v.thumbnail]));
  return urls.filter((u) => !kept.has(u)).map((u) => keyFromUrl(u)!);
}

/** Deletes the video, everything made from it (see above) and its tracked events (cascade). */
export async function removeVideo(opts: { db: Db; storage: StorageProvider; scope: Scope; id: string }) {
  const { db, storage, scope, id } = opts;
  const [video] = await db
    .select({ id: videos.id, status: videos.status })
    .from(videos)
    .where(and(eq(videos.id, id), inWorkspace(videos, scope)));
  if (!video) throw notFound(VIDEO_NOT_FOUND);
  const personal = await personalKeys(db, scope, id);
  const row = await db.transaction(async (tx) => {
    await rememberRemovedLinks(tx, scope.workspaceId, id);
    const [gone] = await tx
      .delete(videos)
      .where(and(eq(videos.id, id), inWorkspace(videos, scope)))
      .returning({ id: videos.id, videoUrl: videos.videoUrl, thumbnail: videos.thumbnail });
    return gone;
  });
  if (!row) throw notFound(VIDEO_NOT_FOUND);
  // A render deleted before it finished does not count towards the month (decision 120).
  if (video.status === 'processing') await releaseRender(db, id);
  const keys = [...new Set([...personal, ...(await ownKeys(db, scope, row))])];
  for (let i = 0; i < keys.length; i += CHUNK) await deleteFiles({ db, storage, scope, keys: keys.slice(i, i + CHUNK) });
  return { ok: true as const, id: row.id };
}
