import { and, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Scope } from '../../server/scope';
import { workspaceMembers } from './tables';

/**
 * The scope a request acts in (src/app/request-context.ts): the user's membership of the
 * workspace asked for, read on every request so that a removed member loses access at once.
 * A session whose workspace the user has left falls back to their personal workspace; an API key
 * (bound to one workspace) gets no scope at all (`fallBack: false`): it stops working.
 */
export async function resolveScope(o: { db: Db; userId: string; workspaceId: string | null; fallBack: boolean }): Promise<Scope | null> {
  const wanted = o.workspaceId ?? o.userId;
  const [row] = await o.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, wanted), eq(workspaceMembers.userId, o.userId)));
  if (row) return { workspaceId: wanted, userId: o.userId, role: row.role };
  if (!o.fallBack || wanted === o.userId) return null;
  // The personal workspace, read like any other: a user is always its owner (a trigger makes it with the user).
  return resolveScope({ ...o, workspaceId: null, fallBack: false });
}
