import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { Scope } from '../../server/scope';
import { FEED_LIMIT } from './constants';
import { linkOf } from './links';
import { notices } from './tables';

export const NOTICE_NOT_FOUND = 'Notification not found';

/** The caller's notices in the workspace they act in: another member's are never theirs. */
const mine = (scope: Scope) => and(eq(notices.userId, scope.userId), eq(notices.workspaceId, scope.workspaceId), eq(notices.inFeed, true));

/** The bell: the newest notices and how many are unread. */
export async function listNotices(opts: { db: Db; scope: Scope }) {
  const { db, scope } = opts;
  const [rows, [unread]] = await Promise.all([
    db.select().from(notices).where(mine(scope)).orderBy(desc(notices.createdAt), desc(notices.id)).limit(FEED_LIMIT),
    db
      .select({ n: count() })
      .from(notices)
      .where(and(mine(scope), isNull(notices.readAt))),
  ]);
  return {
    unread: Number(unread?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      videoId: r.videoId,
      distributionId: r.distributionId,
      data: r.data,
      link: linkOf(r),
      read: !!r.readAt,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
export type NoticeItem = Awaited<ReturnType<typeof listNotices>>['items'][number];

/** Marks some notices read (404 when one is not the caller's), or all of them without ids. */
export async function markNoticesRead(opts: { db: Db; scope: Scope; ids?: string[]; now?: Date }) {
  const { db, scope, ids, now = new Date() } = opts;
  if (ids) {
    const found = await db
      .select({ id: notices.id })
      .from(notices)
      .where(and(mine(scope), inArray(notices.id, ids)));
    if (found.length !== new Set(ids).size) throw notFound(NOTICE_NOT_FOUND);
  }
  await db
    .update(notices)
    .set({ readAt: now })
    .where(and(mine(scope), isNull(notices.readAt), ids ? inArray(notices.id, ids) : undefined));
  return listNotices({ db, scope });
}
