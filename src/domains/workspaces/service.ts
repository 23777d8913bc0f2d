import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { sessions } from '../auth/tables';
import { AppError, notFound } from '../../server/http/app-error';
import { subscriptionEnded, type SubscriptionState } from '../../shared/limits';
import { PLANS, type PlanId } from '../../shared/plans';
import { apiKeys } from '../api-keys/tables';
import { subscriptions } from '../billing/tables';
import { users } from '../users/tables';
import type { Role } from './constants';
import type { InviteRole, TRenameWorkspace } from './schemas';
import { requireRole, type Scope } from '../../server/scope';
import { workspaceInvites, workspaceMembers, workspaces } from './tables';

// Teams (docs/decisions/200-workspaces.md): which workspaces a user is in, switching between them,
// the members of one and their roles. Invitations are in invites.ts.

/**
 * Seats per plan until src/shared/plans.ts carries `seats` (the billing change adds it): the plan's
 * own figure wins as soon as it is there.
 */
const SEATS: Record<PlanId, number> = { basic: 1, pro: 10, enterprise: 10 };
export const seatsOf = (planId: PlanId) => (PLANS[planId] as { seats?: number }).seats ?? SEATS[planId];

/**
 * The workspace's plan: its owner's subscription. Read from the table here rather than through
 * billing's limits, because billing's services import the scoping helpers of this domain.
 */
export async function workspacePlan(
  db: Db,
  workspaceId: string,
  now = new Date(),
): Promise<{ planId: PlanId; ownerId: string; ended: SubscriptionState | null }> {
  const [row] = await db
    .select({ ownerId: workspaces.ownerId, planId: subscriptions.planId, status: subscriptions.status, trialEndsAt: subscriptions.trialEndsAt })
    .from(workspaces)
    .leftJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  if (!row) throw notFound('Workspace not found');
  const planId = row.planId && PLANS[row.planId] ? row.planId : 'basic';
  const state = row.status ? { planId, status: row.status, trialEndsAt: row.trialEndsAt } : null;
  return { ownerId: row.ownerId, planId, ended: state && subscriptionEnded(state, now) ? state : null };
}

/** Seats taken: the members plus the invitations still waiting (an expired one frees its seat). */
export async function seatsUsed(db: Db, workspaceId: string, now = new Date(), exceptEmail?: string) {
  const [members] = await db.select({ n: count() }).from(workspaceMembers).where(eq(workspaceMembers.workspaceId, workspaceId));
  const [pending] = await db
    .select({ n: count() })
    .from(workspaceInvites)
    .where(
      and(
        eq(workspaceInvites.workspaceId, workspaceId),
        isNull(workspaceInvites.acceptedAt),
        gt(workspaceInvites.expiresAt, now),
        exceptEmail ? sql`lower(${workspaceInvites.email}) <> ${exceptEmail.toLowerCase()}` : undefined,
      ),
    );
  return (members?.n ?? 0) + (pending?.n ?? 0);
}

/** The workspaces the user belongs to: their personal one first, then by name. */
export async function listMyWorkspaces(opts: { db: Db; userId: string; currentWorkspaceId?: string }) {
  const memberCount = opts.db
    .select({ workspaceId: workspaceMembers.workspaceId, n: count().as('n') })
    .from(workspaceMembers)
    .groupBy(workspaceMembers.workspaceId)
    .as('member_count');
  const rows = await opts.db
    .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role, memberCount: memberCount.n })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .innerJoin(memberCount, eq(memberCount.workspaceId, workspaces.id))
    .where(eq(workspaceMembers.userId, opts.userId))
    .orderBy(asc(workspaces.name), asc(workspaces.id));
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      role: r.role,
      personal: r.id === opts.userId,
      memberCount: Number(r.memberCount),
      current: r.id === (opts.currentWorkspaceId ?? opts.userId),
    }))
    .sort((a, b) => Number(b.personal) - Number(a.personal));
}

/** The session acts in another workspace of the user's from its next request on. */
export async function switchWorkspace(opts: { db: Db; sessionId: string; userId: string; workspaceId: string }) {
  const [member] = await opts.db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, opts.workspaceId), eq(workspaceMembers.userId, opts.userId)));
  if (!member) throw notFound('Workspace not found');
  // The personal workspace is the session's default: stored as null, so it also follows a fallback.
  const stored = opts.workspaceId === opts.userId ? null : opts.workspaceId;
  await opts.db
    .update(sessions)
    .set({ workspaceId: stored })
    .where(and(eq(sessions.id, opts.sessionId), eq(sessions.userId, opts.userId)));
  return { workspaceId: opts.workspaceId, role: member.role };
}

/** The members, the invitations waiting (admins only) and the seats of the scope's workspace. */
export async function listMembers(opts: { db: Db; scope: Scope; now?: Date }) {
  const { db, scope, now = new Date() } = opts;
  const [ws] = await db.select().from(workspaces).where(eq(workspaces.id, scope.workspaceId));
  if (!ws) throw notFound('Workspace not found');
  const members = await db
    .select({ userId: users.id, fullName: users.fullName, email: users.email, role: workspaceMembers.role, joinedAt: workspaceMembers.createdAt })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, scope.workspaceId))
    .orderBy(asc(workspaceMembers.createdAt), asc(users.fullName));
  const admin = scope.role !== 'member';
  const invites = admin
    ? await db
        .select({
          id: workspaceInvites.id,
          email: workspaceInvites.email,
          role: workspaceInvites.role,
          expiresAt: workspaceInvites.expiresAt,
          invitedBy: users.fullName,
        })
        .from(workspaceInvites)
        .leftJoin(users, eq(users.id, workspaceInvites.invitedBy))
        .where(and(eq(workspaceInvites.workspaceId, scope.workspaceId), isNull(workspaceInvites.acceptedAt)))
        .orderBy(asc(workspaceInvites.createdAt))
    : [];
  const { planId } = await workspacePlan(db, scope.workspaceId);
  return {
    workspace: { id: ws.id, name: ws.name, personal: ws.id === scope.userId, ownerId: ws.ownerId },
    myRole: scope.role,
    planId,
    members: members.map((m) => ({ ...m, joinedAt: m.joinedAt.toISOString() })),
    invites: invites.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString(), expired: i.expiresAt.getTime() <= now.getTime() })),
    seats: { used: await seatsUsed(db, scope.workspaceId, now), total: seatsOf(planId) },
  };
}

async function memberRole(db: Db, workspaceId: string, userId: string): Promise<Role> {
  const [row] = await db
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row) throw notFound('Member not found');
  return row.role;
}

/** Admins make members admins and back; the owner's role never changes. */
export async function changeRole(opts: { db: Db; scope: Scope; userId: string; role: InviteRole }) {
  requireRole(opts.scope, 'admin');
  const current = await memberRole(opts.db, opts.scope.workspaceId, opts.userId);
  if (current === 'owner') throw new AppError('FORBIDDEN', "The owner's role cannot be changed");
  await opts.db
    .update(workspaceMembers)
    .set({ role: opts.role })
    .where(and(eq(workspaceMembers.workspaceId, opts.scope.workspaceId), eq(workspaceMembers.userId, opts.userId)));
  return { userId: opts.userId, role: opts.role };
}

/**
 * Admins remove members; anyone but the owner may leave. The member's sessions in the workspace
 * fall back to their personal one and their API keys made there are revoked (they would stop
 * working anyway: resolveScope no longer finds the membership; revoking keeps the key list true).
 */
export async function removeMember(opts: { db: Db; scope: Scope; userId: string; now?: Date }) {
  const { db, scope, userId, now = new Date() } = opts;
  const leaving = userId === scope.userId;
  if (!leaving) requireRole(scope, 'admin');
  const role = await memberRole(db, scope.workspaceId, userId);
  if (role === 'owner') throw new AppError('FORBIDDEN', leaving ? 'The owner cannot leave their workspace' : 'The owner cannot be removed');
  await db.transaction(async (tx) => {
    await tx.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), eq(workspaceMembers.userId, userId)));
    await tx
      .update(apiKeys)
      .set({ revokedAt: now })
      .where(and(eq(apiKeys.userId, userId), eq(apiKeys.workspaceId, scope.workspaceId), isNull(apiKeys.revokedAt)));
    await tx
      .update(sessions)
      .set({ workspaceId: null })
      .where(and(eq(sessions.userId, userId), eq(sessions.workspaceId, scope.workspaceId)));
  });
  return { ok: true as const };
}

/** The owner names the workspace (the switcher and the invitations show it). */
export async function renameWorkspace(opts: { db: Db; scope: Scope; input: TRenameWorkspace }) {
  requireRole(opts.scope, 'owner');
  await opts.db.update(workspaces).set({ name: opts.input.name, updatedAt: new Date() }).where(eq(workspaces.id, opts.scope.workspaceId));
  return { id: opts.scope.workspaceId, name: opts.input.name };
}
