import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { sessions } from '../../server/auth/tables';
import type { Db } from '../../server/db/client';
import { AppError, httpStatusOf } from '../../server/http/app-error';
import type { EmailMessage, EmailProvider } from '../../server/providers/email/types';
import { newId } from '../../shared/ids';
import type { PlanId } from '../../shared/plans';
import { shared, uniqueName } from '../../test/harness';
import { apiKeys } from '../api-keys/tables';
import { subscriptions } from '../billing/tables';
import { DEFAULT_SETTINGS } from '../settings/schemas';
import { users } from '../users/tables';
import { acceptInvite, invite, previewInvite, revokeInvite } from './invites';
import { resolveScope } from './membership';
import { personalScope, type Scope } from './scope';
import { changeRole, listMembers, listMyWorkspaces, removeMember, renameWorkspace, switchWorkspace } from './service';
import { workspaceInvites, workspaceMembers } from './tables';

let db: Db;
beforeAll(async () => {
  db = (await shared()).deps.db;
}, 60_000);

/** An e-mail provider that keeps what it was asked to send: the links are read from it. */
const sent: EmailMessage[] = [];
const mail: EmailProvider = {
  name: 'sandbox',
  sandbox: true,
  from: { address: 'team@example.com' },
  send: async (m) => {
    sent.push(m);
    return { messageId: m.messageId };
  },
  close: async () => {},
};
const APP = 'https://app.example.com';

/** A user (the database gives them their personal workspace) on a plan. */
async function makeUser(planId: PlanId = 'pro') {
  const name = uniqueName('ws');
  const [u] = await db
    .insert(users)
    .values({ id: newId(), username: name, email: `${name}@Example.com`, fullName: `Name ${name}`, passwordHash: 'x', settings: DEFAULT_SETTINGS })
    .returning();
  const now = new Date();
  await db.insert(subscriptions).values({
    userId: u!.id,
    planId,
    billingCycle: 'monthly',
    status: 'active',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
  });
  return u!;
}

async function makeSession(userId: string, workspaceId: string | null = null) {
  const id = newId().toLowerCase();
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + 86_400_000), workspaceId });
  return id;
}

/** The token of the newest invitation link e-mailed to an address. */
function linkTokenFor(email: string) {
  const m = sent.filter((s) => s.to.address === email.toLowerCase()).at(-1);
  const link = m?.text.match(/https:\/\/app\.example\.com\/invite\/([A-Za-z0-9_-]+)/);
  if (!link) throw new Error(`no invitation e-mailed to ${email}`);
  return link[1]!;
}

async function errorOf(p: Promise<unknown>): Promise<AppError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected an AppError');
}

/** Owner invites `who` with `role`; `who` accepts. Returns the member's scope in the owner's workspace. */
async function join(owner: { id: string }, who: { id: string; email: string }, role: 'member' | 'admin' = 'member'): Promise<Scope> {
  await invite({ db, scope: personalScope(owner.id), input: { email: who.email, role }, appUrl: APP, email: mail });
  await acceptInvite({ db, userId: who.id, userEmail: who.email, token: linkTokenFor(who.email) });
  return { workspaceId: owner.id, userId: who.id, role };
}

describe('invitations', () => {
  test('invite → e-mailed link → accept: the invitee is a member with the role, and the session switches', async () => {
    const owner = await makeUser('pro');
    const bob = await makeUser('basic');
    const res = await invite({ db, scope: personalScope(owner.id), input: { email: bob.email.toUpperCase(), role: 'admin' }, appUrl: APP, email: mail });
    expect(res.email).toBe(bob.email.toLowerCase());
    const token = linkTokenFor(bob.email);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const [row] = await db.select().from(workspaceInvites).where(eq(workspaceInvites.id, res.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const preview = await previewInvite({ db, token });
    expect(preview).toMatchObject({ workspaceName: owner.fullName, inviterName: owner.fullName, email: bob.email.toLowerCase(), expired: false, used: false });

    const session = await makeSession(bob.id);
    const accepted = await acceptInvite({ db, userId: bob.id, userEmail: bob.email, token, sessionId: session });
    expect(accepted).toMatchObject({ workspaceId: owner.id, role: 'admin' });
    const [s] = await db.select().from(sessions).where(eq(sessions.id, session));
    expect(s!.workspaceId).toBe(owner.id);
    expect(await resolveScope({ db, userId: bob.id, workspaceId: s!.workspaceId, fallBack: true })).toEqual({
      workspaceId: owner.id,
      userId: bob.id,
      role: 'admin',
    });

    const list = await listMembers({ db, scope: personalScope(owner.id) });
    expect(list.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.id, 'owner'],
      [bob.id, 'admin'],
    ]);
    expect(list.invites).toEqual([]);
    expect(list.seats).toEqual({ used: 2, total: 10 });

    const mine = await listMyWorkspaces({ db, userId: bob.id, currentWorkspaceId: owner.id });
    expect(mine.map((w) => [w.id, w.role, w.personal, w.current, w.memberCount])).toEqual([
      [bob.id, 'owner', true, false, 1],
      [owner.id, 'admin', false, true, 2],
    ]);
  });

  test('a used link is refused; so is an expired one; previews say which', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    await join(owner, bob);
    const used = linkTokenFor(bob.email);
    expect((await previewInvite({ db, token: used })).used).toBe(true);
    const again = await errorOf(acceptInvite({ db, userId: bob.id, userEmail: bob.email, token: used }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('This invitation has already been used');

    const carol = await makeUser();
    await invite({ db, scope: personalScope(owner.id), input: { email: carol.email, role: 'member' }, appUrl: APP, email: mail });
    const token = linkTokenFor(carol.email);
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect((await previewInvite({ db, token, now: later })).expired).toBe(true);
    const expired = await errorOf(acceptInvite({ db, userId: carol.id, userEmail: carol.email, token, now: later }));
    expect(expired.code).toBe('INVALID_INPUT');
    expect(expired.message).toContain('expired');
    expect((await errorOf(previewInvite({ db, token: 'nope' }))).code).toBe('NOT_FOUND');
  });

  test('only the invited address can accept', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const eve = await makeUser();
    await invite({ db, scope: personalScope(owner.id), input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail });
    const e = await errorOf(acceptInvite({ db, userId: eve.id, userEmail: eve.email, token: linkTokenFor(bob.email) }));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe(`This invitation was sent to ${bob.email.toLowerCase()}. Sign in with that address to accept it.`);
    const members = await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.id));
    expect(members.map((m) => m.userId)).toEqual([owner.id]);
  });

  test('inviting again replaces the waiting invitation: the old link dies', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const scope = personalScope(owner.id);
    await invite({ db, scope, input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail });
    const first = linkTokenFor(bob.email);
    await invite({ db, scope, input: { email: bob.email, role: 'admin' }, appUrl: APP, email: mail });
    const second = linkTokenFor(bob.email);
    expect(second).not.toBe(first);
    expect((await errorOf(previewInvite({ db, token: first }))).code).toBe('NOT_FOUND');
    const list = await listMembers({ db, scope });
    expect(list.invites.map((i) => [i.email, i.role, i.invitedBy])).toEqual([[bob.email.toLowerCase(), 'admin', owner.fullName]]);
    expect(list.seats.used).toBe(2);

    await revokeInvite({ db, scope, id: list.invites[0]!.id });
    expect((await errorOf(previewInvite({ db, token: second }))).code).toBe('NOT_FOUND');
    expect((await listMembers({ db, scope })).seats.used).toBe(1);
  });

  test('an existing member cannot be invited', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    await join(owner, bob);
    const e = await errorOf(invite({ db, scope: personalScope(owner.id), input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail }));
    expect(e.code).toBe('ALREADY_EXISTS');
  });
});

describe('seats', () => {
  test('Basic has no seats for members: the answer says which plan has them', async () => {
    const owner = await makeUser('basic');
    const e = await errorOf(invite({ db, scope: personalScope(owner.id), input: { email: 'x@example.com', role: 'member' }, appUrl: APP, email: mail }));
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(httpStatusOf(e.code)).toBe(402);
    expect(e.message).toBe('Your Basic plan has no seats for team members. Upgrade to Pro to invite up to 9 members.');
  });

  test('members plus waiting invitations stay within the plan seats; an expired invitation frees its seat', async () => {
    const owner = await makeUser('pro');
    const scope = personalScope(owner.id);
    for (let i = 0; i < 9; i++) await invite({ db, scope, input: { email: `seat${i}.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail });
    const full = await errorOf(invite({ db, scope, input: { email: `seat9.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail }));
    expect(full.code).toBe('LIMIT_EXCEEDED');
    expect(full.message).toContain('All 10 seats of your Pro plan are taken');
    // Re-inviting a waiting address takes no new seat.
    await invite({ db, scope, input: { email: `seat0.${owner.id}@example.com`, role: 'admin' }, appUrl: APP, email: mail });
    expect((await listMembers({ db, scope })).seats).toEqual({ used: 10, total: 10 });
    await db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.email, `seat1.${owner.id}@example.com`));
    await invite({ db, scope, input: { email: `seat9.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail });
  });
});

describe('roles', () => {
  test('a member can neither invite, nor revoke, nor change roles, nor remove others (403)', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const bobScope = await join(owner, bob, 'member');
    await join(owner, carol, 'member');
    const denied = [
      await errorOf(invite({ db, scope: bobScope, input: { email: 'z@example.com', role: 'member' }, appUrl: APP, email: mail })),
      await errorOf(changeRole({ db, scope: bobScope, userId: carol.id, role: 'admin' })),
      await errorOf(removeMember({ db, scope: bobScope, userId: carol.id })),
      await errorOf(renameWorkspace({ db, scope: bobScope, input: { name: 'Mine now' } })),
    ];
    for (const e of denied) {
      expect(e.code).toBe('FORBIDDEN');
      expect(httpStatusOf(e.code)).toBe(403);
    }
    // A member sees the members, not the waiting invitations.
    const seen = await listMembers({ db, scope: bobScope });
    expect(seen.members).toHaveLength(3);
    expect(seen.myRole).toBe('member');
    expect(seen.invites).toEqual([]);
  });

  test("admins set member/admin for everyone but the owner; the owner's role never changes; only the owner renames", async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const carol = await makeUser();
    const bobScope = await join(owner, bob, 'admin');
    await join(owner, carol, 'member');
    await changeRole({ db, scope: bobScope, userId: carol.id, role: 'admin' });
    await changeRole({ db, scope: personalScope(owner.id), userId: bob.id, role: 'member' });
    const roles = (await listMembers({ db, scope: personalScope(owner.id) })).members.map((m) => [m.userId, m.role]);
    expect(roles).toEqual([
      [owner.id, 'owner'],
      [bob.id, 'member'],
      [carol.id, 'admin'],
    ]);
    const carolScope: Scope = { workspaceId: owner.id, userId: carol.id, role: 'admin' };
    expect((await errorOf(changeRole({ db, scope: carolScope, userId: owner.id, role: 'member' }))).message).toBe("The owner's role cannot be changed");
    expect((await errorOf(removeMember({ db, scope: carolScope, userId: owner.id }))).code).toBe('FORBIDDEN');
    expect((await errorOf(changeRole({ db, scope: carolScope, userId: (await makeUser()).id, role: 'admin' }))).code).toBe('NOT_FOUND');
    expect((await errorOf(renameWorkspace({ db, scope: carolScope, input: { name: 'X' } }))).code).toBe('FORBIDDEN');
    await renameWorkspace({ db, scope: personalScope(owner.id), input: { name: 'Acme team' } });
    expect((await listMyWorkspaces({ db, userId: carol.id })).find((w) => w.id === owner.id)?.name).toBe('Acme team');
  });
});

describe('leaving and removal', () => {
  test("a removed member's session falls back to their personal workspace and their keys there are revoked", async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    await join(owner, bob);
    const session = await makeSession(bob.id, owner.id);
    const keyHere = newId();
    const keyHome = newId();
    await db.insert(apiKeys).values([
      { id: keyHere, userId: bob.id, workspaceId: owner.id, name: 'team', prefix: 'avs_x', hash: `h-${keyHere}` },
      { id: keyHome, userId: bob.id, workspaceId: bob.id, name: 'home', prefix: 'avs_y', hash: `h-${keyHome}` },
    ]);
    expect((await resolveScope({ db, userId: bob.id, workspaceId: owner.id, fallBack: false }))?.workspaceId).toBe(owner.id);

    await removeMember({ db, scope: personalScope(owner.id), userId: bob.id });
    // Even a session still pointing at the workspace acts in the personal one.
    expect(await resolveScope({ db, userId: bob.id, workspaceId: owner.id, fallBack: true })).toEqual(personalScope(bob.id));
    const [s] = await db.select().from(sessions).where(eq(sessions.id, session));
    expect(await resolveScope({ db, userId: bob.id, workspaceId: s!.workspaceId, fallBack: true })).toEqual(personalScope(bob.id));
    // A key bound to the workspace gets no scope, and is listed as revoked.
    expect(await resolveScope({ db, userId: bob.id, workspaceId: owner.id, fallBack: false })).toBeNull();
    const keys = await db.select().from(apiKeys).where(eq(apiKeys.userId, bob.id));
    expect(keys.find((k) => k.id === keyHere)!.revokedAt).not.toBeNull();
    expect(keys.find((k) => k.id === keyHome)!.revokedAt).toBeNull();
    expect((await errorOf(switchWorkspace({ db, sessionId: session, userId: bob.id, workspaceId: owner.id }))).code).toBe('NOT_FOUND');
  });

  test('a member may leave; the owner may not', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const bobScope = await join(owner, bob);
    await removeMember({ db, scope: bobScope, userId: bob.id });
    const left = await db
      .select()
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, owner.id), eq(workspaceMembers.userId, bob.id)));
    expect(left).toEqual([]);
    expect((await errorOf(removeMember({ db, scope: personalScope(owner.id), userId: owner.id }))).message).toBe('The owner cannot leave their workspace');
  });
});

describe('switching', () => {
  test('switches only to a workspace of the user; the personal one is stored as null', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const eve = await makeUser();
    await join(owner, bob);
    const session = await makeSession(bob.id);
    await switchWorkspace({ db, sessionId: session, userId: bob.id, workspaceId: owner.id });
    expect((await db.select().from(sessions).where(eq(sessions.id, session)))[0]!.workspaceId).toBe(owner.id);
    await switchWorkspace({ db, sessionId: session, userId: bob.id, workspaceId: bob.id });
    expect((await db.select().from(sessions).where(eq(sessions.id, session)))[0]!.workspaceId).toBeNull();
    expect((await errorOf(switchWorkspace({ db, sessionId: session, userId: bob.id, workspaceId: eve.id }))).code).toBe('NOT_FOUND');
  });
});
