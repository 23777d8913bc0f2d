import { and, eq, isNull, sql } from 'drizzle-orm';
import { emailBody, localeFor, t } from '../../server/i18n/translate';
import type { Db } from '../../server/db/client';
import { sessions } from '../auth/tables';
import { AppError, limitExceeded, notFound, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { endedMessage } from '../../shared/limits';
import { PLANS } from '../../shared/plans';
import { newId } from '../../shared/ids';
import { users } from '../users/tables';
import { INVITE_LIMIT_MESSAGES, INVITE_UNVERIFIED, type TInvite } from './schemas';
import { requireRole, type Scope } from '../../server/scope';
import { seatsOf, seatsUsed, workspacePlan } from './service';
import { workspaceInvites, workspaceMembers, workspaces } from './tables';

// Invitations by e-mail (docs/decisions/200-workspaces.md): a single-use link valid 7 days whose
// token only the e-mail holds; the row keeps its SHA-256. Seats count members and live invitations.

const TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_EMAIL_JOB = 'workspace-invite-email';
export type InviteEmailJob = { inviteId: string; appUrl: string };

const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');
/** 32 random bytes, base64url. */
const mintToken = () => Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const PRODUCT_NAME = 'Avatar Studio';

/** The invitation e-mails' limits (INVITE_LIMITS): one address per workspace, and the workspace's day. */
export type InviteLimits = { sameAddress: RateLimiter; perWorkspace: RateLimiter };

/**
 * Counts one invitation e-mail against both limits before anything changes (a refused re-send leaves
 * the waiting link alive); the places are given back when the invitation is not made after all.
 */
async function reserveInviteEmail(limits: InviteLimits, workspaceId: string, address: string) {
  const again = await limits.sameAddress.reserve(`${workspaceId}:${address}`);
  if (!again.ok) throw rateLimited(INVITE_LIMIT_MESSAGES.again, again.retryAfter);
  const day = await limits.perWorkspace.reserve(workspaceId);
  if (!day.ok) {
    await limits.sameAddress.release(again);
    throw rateLimited(INVITE_LIMIT_MESSAGES.daily, day.retryAfter);
  }
  return () => Promise.all([limits.sameAddress.release(again), limits.perWorkspace.release(day)]);
}

/**
 * Invites an address (admins). Inviting it again replaces its waiting invitation (a new link, a new
 * week), within the limits of `limits`. The e-mail goes through the queue when one is given, as the
 * password reset's does.
 */
export async function invite(opts: {
  db: Db;
  scope: Scope;
  input: TInvite;
  appUrl: string;
  email: EmailProvider;
  limits: InviteLimits;
  queue?: Pick<JobQueue, 'send'>;
  now?: Date;
}) {
  const { db, scope, now = new Date() } = opts;
  requireRole(scope, 'admin');
  const address = opts.input.email.toLowerCase();
  const { planId, ended } = await workspacePlan(db, scope.workspaceId, now);
  // An ended trial or plan adds no one (the members already there stay).
  if (ended) throw limitExceeded(endedMessage(ended, 'invite team members'), { limit: 'trial', planId });
  const total = seatsOf(planId);
  if (total <= 1) {
    throw limitExceeded(`Your ${PLANS[planId].name} plan has no seats for team members. Upgrade to Pro to invite up to ${seatsOf('pro') - 1} members.`, {
      limit: 'seats',
      planId,
    });
  }

  const giveBack = await reserveInviteEmail(opts.limits, scope.workspaceId, address);
  const row = await db
    .transaction(async (tx) => {
      // One invitation at a time per workspace: the seat count below cannot be raced past.
      await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, scope.workspaceId)).for('update');
      const [member] = await tx
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, scope.workspaceId), sql`lower(${users.email}) = ${address}`));
      if (member) throw new AppError('ALREADY_EXISTS', `${address} is already a member of this workspace`);
      const used = await seatsUsed(tx as unknown as Db, scope.workspaceId, now, address);
      if (used >= total) {
        throw limitExceeded(
          `All ${total} seats of your ${PLANS[planId].name} plan are taken by members and pending invitations. Remove a member or revoke an invitation to invite someone else.`,
          { limit: 'seats', planId },
        );
      }
      await tx
        .delete(workspaceInvites)
        .where(
          and(eq(workspaceInvites.workspaceId, scope.workspaceId), sql`lower(${workspaceInvites.email}) = ${address}`, isNull(workspaceInvites.acceptedAt)),
        );
      const values = {
        id: newId(),
        workspaceId: scope.workspaceId,
        email: address,
        role: opts.input.role,
        // The link's token is minted when the e-mail is sent: no job payload ever holds it.
        tokenHash: sha256(mintToken()),
        invitedBy: scope.userId,
        expiresAt: new Date(now.getTime() + TTL_MS),
      };
      await tx.insert(workspaceInvites).values(values);
      return values;
    })
    .catch(async (e) => {
      await giveBack();
      throw e;
    });

  const job: InviteEmailJob = { inviteId: row.id, appUrl: opts.appUrl };
  if (opts.queue) await opts.queue.send<InviteEmailJob>(INVITE_EMAIL_JOB, job);
  else await sendInviteEmail({ db, email: opts.email, job });
  return { id: row.id, email: row.email, role: row.role, expiresAt: row.expiresAt.toISOString() };
}

/** The job: mints the link's token, keeps its hash on the invitation and e-mails the link. Nothing when it was revoked or used. */
export async function sendInviteEmail(opts: { db: Db; email: EmailProvider; job: InviteEmailJob }) {
  const { db, job } = opts;
  const [inv] = await db
    .select({
      id: workspaceInvites.id,
      email: workspaceInvites.email,
      invitedBy: workspaceInvites.invitedBy,
      workspaceId: workspaceInvites.workspaceId,
      workspaceName: workspaces.name,
      ownerId: workspaces.ownerId,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(and(eq(workspaceInvites.id, job.inviteId), isNull(workspaceInvites.acceptedAt)));
  if (!inv) return { sent: false };
  const [inviter] = inv.invitedBy ? await db.select({ fullName: users.fullName, settings: users.settings }).from(users).where(eq(users.id, inv.invitedBy)) : [];
  // The invitee's language when the address has an account, else the inviter's (decision 223).
  const [invitee] = await db.select({ settings: users.settings }).from(users).where(sql`lower(${users.email}) = ${inv.email.toLowerCase()}`);
  const locale = localeFor(invitee ?? inviter);
  const who = inviter?.fullName ?? t(locale, 'A member');
  // The subject is the product's own sentence: the inviter's name may appear (cut short), never a
  // text of the inviter's choosing such as the workspace's name (which the body quotes, escaped).
  const subject = t(locale, '{who} invited you to a team on {product}', { who: clip(who, 60), product: PRODUCT_NAME });

  const token = mintToken();
  await db
    .update(workspaceInvites)
    .set({ tokenHash: sha256(token) })
    .where(eq(workspaceInvites.id, inv.id));
  const link = `${job.appUrl}/invite/${token}`;
  await opts.email.send({
    // The sandbox files it in the workspace's inbox, sent by the inviter (the address may have no account yet).
    workspaceId: inv.workspaceId,
    userId: inv.invitedBy ?? inv.ownerId,
    to: { address: inv.email },
    subject,
    ...emailBody(locale, {
      greeting: ['Hello,'],
      before: [['{who} invited you to join the workspace {workspace}. Open this link within 7 days to accept:', { who, workspace: `"${inv.workspaceName}"` }]],
      link,
      button: 'Accept the invitation',
      after: 'Sign in (or sign up) with this e-mail address to accept. If you did not expect this invitation, ignore this e-mail.',
    }),
    messageId: `<invite.${inv.id}@${domainOf(opts.email.from.address)}>`,
    reference: `workspace-invite:${inv.id}`,
    // The link makes a member: in the sandbox inbox only the workspace's admins (who could make it anyway) read it.
    readableBy: 'admins',
  });
  return { sent: true };
}

/** Admins withdraw a waiting invitation: its link stops working and its seat is free. */
export async function revokeInvite(opts: { db: Db; scope: Scope; id: string }) {
  requireRole(opts.scope, 'admin');
  const gone = await opts.db
    .delete(workspaceInvites)
    .where(and(eq(workspaceInvites.id, opts.id), eq(workspaceInvites.workspaceId, opts.scope.workspaceId), isNull(workspaceInvites.acceptedAt)))
    .returning({ id: workspaceInvites.id });
  if (!gone.length) throw notFound('Invitation not found');
  return { ok: true as const };
}

async function findByToken(db: Db, token: string) {
  const [inv] = await db
    .select({
      id: workspaceInvites.id,
      workspaceId: workspaceInvites.workspaceId,
      workspaceName: workspaces.name,
      email: workspaceInvites.email,
      role: workspaceInvites.role,
      invitedBy: workspaceInvites.invitedBy,
      expiresAt: workspaceInvites.expiresAt,
      acceptedAt: workspaceInvites.acceptedAt,
    })
    .from(workspaceInvites)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvites.workspaceId))
    .where(eq(workspaceInvites.tokenHash, sha256(token)));
  if (!inv) throw notFound('This invitation link is invalid or was withdrawn');
  return inv;
}

/** What the accept page shows, to anyone holding the link. */
export async function previewInvite(opts: { db: Db; token: string; now?: Date }) {
  const { now = new Date() } = opts;
  const inv = await findByToken(opts.db, opts.token);
  const [inviter] = inv.invitedBy ? await opts.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, inv.invitedBy)) : [];
  return {
    workspaceName: inv.workspaceName,
    inviterName: inviter?.fullName ?? null,
    email: inv.email,
    role: inv.role,
    expired: inv.expiresAt.getTime() <= now.getTime(),
    used: inv.acceptedAt !== null,
  };
}

/**
 * The signed-in user accepts: the link must be live and unused, and the invitation addressed to
 * their e-mail address **as verified** (a link sent to it was opened: docs/decisions/205). Holding
 * the invitation's link proves nothing about who holds it, so a fresh account confirms its address
 * first. They become a member with the invitation's role and their session switches to it.
 */
export async function acceptInvite(opts: { db: Db; userId: string; token: string; sessionId?: string; now?: Date }) {
  const { db, userId, now = new Date() } = opts;
  const inv = await findByToken(db, opts.token);
  if (inv.acceptedAt) throw new AppError('CONFLICT', 'This invitation has already been used');
  if (inv.expiresAt.getTime() <= now.getTime()) throw new AppError('INVALID_INPUT', 'This invitation has expired. Ask for a new one.');
  const [me] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!me || inv.email.toLowerCase() !== me.email.toLowerCase()) {
    throw new AppError('FORBIDDEN', `This invitation was sent to ${inv.email}. Sign in with that address to accept it.`);
  }
  if (!me.verifiedAt) throw new AppError('FORBIDDEN', INVITE_UNVERIFIED);
  const role = await db.transaction(async (tx) => {
    const [taken] = await tx
      .update(workspaceInvites)
      .set({ acceptedAt: now })
      .where(and(eq(workspaceInvites.id, inv.id), isNull(workspaceInvites.acceptedAt)))
      .returning({ id: workspaceInvites.id });
    if (!taken) throw new AppError('CONFLICT', 'This invitation has already been used');
    // Already a member (another invitation was accepted first): the role they have stays.
    await tx.insert(workspaceMembers).values({ workspaceId: inv.workspaceId, userId, role: inv.role }).onConflictDoNothing();
    const [m] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, inv.workspaceId), eq(workspaceMembers.userId, userId)));
    if (opts.sessionId) {
      await tx
        .update(sessions)
        .set({ workspaceId: inv.workspaceId === userId ? null : inv.workspaceId })
        .where(and(eq(sessions.id, opts.sessionId), eq(sessions.userId, userId)));
    }
    return m!.role;
  });
  return { workspaceId: inv.workspaceId, workspaceName: inv.workspaceName, role };
}
