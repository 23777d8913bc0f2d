import { and, eq, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './db/client';
import { AppError, notFound } from './http/app-error';
import { atLeast, type Role } from '../shared/roles';

/**
 * Who is acting, and where: the request context builds it once (src/app/request-context.ts),
 * every service takes it. Rows are read and written in `workspaceId`; `userId` is recorded as
 * their creator; `role` decides the actions allowed (docs/decisions/200-workspaces.md).
 */
export type Scope = { workspaceId: string; userId: string; role: Role };

/** A user acting in their personal workspace (its id is theirs): jobs and tests that act for one user. */
export const personalScope = (userId: string): Scope => ({ workspaceId: userId, userId, role: 'owner' });

/** The one scoping condition: the row belongs to the scope's workspace. */
export const inWorkspace = (table: { workspaceId: AnyPgColumn }, scope: Pick<Scope, 'workspaceId'>): SQL => eq(table.workspaceId, scope.workspaceId);

/** The row of `table` with this id in the scope's workspace, else 404 with `message`: another workspace's row answers like a missing one. */
export async function ownRow<T extends PgTable & { id: AnyPgColumn; workspaceId: AnyPgColumn }>(
  db: Db,
  table: T,
  scope: Pick<Scope, 'workspaceId'>,
  id: string,
  message: string,
): Promise<InferSelectModel<T>> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), inWorkspace(table, scope)));
  if (!row) throw notFound(message);
  return row as InferSelectModel<T>;
}

/** The columns an insert sets from the scope: its workspace and its creator. */
export const createdIn = (scope: Scope) => ({ workspaceId: scope.workspaceId, createdBy: scope.userId });

const WHO: Record<Role, string> = { member: 'a member', admin: 'an admin or the owner', owner: 'the owner' };

/** 403 unless the scope's role is at least `needed`. */
export function requireRole(scope: Pick<Scope, 'role'>, needed: Role) {
  if (!atLeast(scope.role, needed)) throw new AppError('FORBIDDEN', `Only ${WHO[needed]} of this workspace can do this`);
}
