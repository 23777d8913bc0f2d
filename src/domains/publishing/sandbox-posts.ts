import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { SandboxPublishingStore } from '../../server/providers/publishing/sandbox';
import { inWorkspace, type Scope } from '../../server/scope';
import { newId } from '../../shared/ids';
import { videos } from '../videos/tables';
import { publications, sandboxPosts } from './tables';

/**
 * The publishing sandbox's posts in the app's database (docs/decisions/229): one per publication,
 * whatever the number of attempts; the workspace is the publication's.
 */
export function createSandboxPosts(db: Db): SandboxPublishingStore {
  return {
    async record(post) {
      const [pub] = await db
        .select({ workspaceId: publications.workspaceId, createdBy: publications.createdBy })
        .from(publications)
        .where(eq(publications.id, post.reference));
      if (!pub) throw new Error(`No publication ${post.reference} for the sandbox post`);
      const [made] = await db
        .insert(sandboxPosts)
        .values({
          id: newId(),
          workspaceId: pub.workspaceId,
          createdBy: pub.createdBy,
          publicationId: post.reference,
          platform: post.platform,
          targetName: post.targetName,
          title: post.title,
          description: post.description,
          visibility: post.visibility,
          publishAt: post.publishAt ? new Date(post.publishAt) : null,
          sessionId: post.sessionId,
        })
        .onConflictDoNothing({ target: sandboxPosts.publicationId })
        .returning({ id: sandboxPosts.id });
      if (made) return made;
      const [first] = await db.select({ id: sandboxPosts.id }).from(sandboxPosts).where(eq(sandboxPosts.publicationId, post.reference));
      return first!;
    },
    async plays(postId) {
      const [row] = await db.select({ plays: sandboxPosts.plays }).from(sandboxPosts).where(eq(sandboxPosts.id, postId));
      return row?.plays ?? 0;
    },
  };
}

/** The workspace's sandbox posts, newest first, with the video each one plays. */
export async function listSandboxPosts(opts: { db: Db; scope: Scope; limit?: number }) {
  return opts.db
    .select({
      id: sandboxPosts.id,
      platform: sandboxPosts.platform,
      targetName: sandboxPosts.targetName,
      title: sandboxPosts.title,
      description: sandboxPosts.description,
      visibility: sandboxPosts.visibility,
      publishAt: sandboxPosts.publishAt,
      plays: sandboxPosts.plays,
      createdAt: sandboxPosts.createdAt,
      videoUrl: videos.videoUrl,
    })
    .from(sandboxPosts)
    .innerJoin(publications, eq(publications.id, sandboxPosts.publicationId))
    .innerJoin(videos, eq(videos.id, publications.videoId))
    .where(inWorkspace(sandboxPosts, opts.scope))
    .orderBy(desc(sandboxPosts.createdAt), desc(sandboxPosts.id))
    .limit(opts.limit ?? 200);
}
export type SandboxPostView = Awaited<ReturnType<typeof listSandboxPosts>>[number];

/** One play of a sandbox post's player (the sandbox's insights count these). */
export async function recordSandboxPlay(opts: { db: Db; scope: Scope; id: string }) {
  const [row] = await opts.db
    .update(sandboxPosts)
    .set({ plays: sql`${sandboxPosts.plays} + 1` })
    .where(and(eq(sandboxPosts.id, opts.id), inWorkspace(sandboxPosts, opts.scope)))
    .returning({ plays: sandboxPosts.plays });
  if (!row) throw notFound('Post not found');
  return row;
}
