import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { deliveries, removedLinks, videoShares } from './tables';

// The landing-page links of a deleted video keep answering, with "no longer available" (410):
// a recipient who opens an old e-mail learns what happened instead of "this link is not valid".

const CHUNK = 500;

/** Records every link of the video (its deliveries' and its share link's), inside the caller's transaction before the delete. */
export async function rememberRemovedLinks(tx: Db, workspaceId: string, videoId: string) {
  const tokens = [
    ...(await tx
      .select({ token: deliveries.token })
      .from(deliveries)
      .where(and(eq(deliveries.videoId, videoId), eq(deliveries.workspaceId, workspaceId)))),
    ...(await tx
      .select({ token: videoShares.token })
      .from(videoShares)
      .where(and(eq(videoShares.videoId, videoId), eq(videoShares.workspaceId, workspaceId)))),
  ].map((r) => r.token);
  for (let i = 0; i < tokens.length; i += CHUNK)
    await tx
      .insert(removedLinks)
      .values(tokens.slice(i, i + CHUNK).map((token) => ({ token, workspaceId })))
      .onConflictDoNothing();
  return tokens.length;
}

export async function isRemovedLink(db: Db, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return false;
  const [row] = await db.select({ token: removedLinks.token }).from(removedLinks).where(eq(removedLinks.token, token));
  return !!row;
}
