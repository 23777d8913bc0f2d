import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../auth/tables';
import { subscriptions } from '../billing/tables';
import { httpStatusOf } from '../../server/http/app-error';
import { APP, db, errorOf, join, lastMailTo, linkTokenFor, mail, makeSession, makeUser, noLimits, setUpDb } from './fixtures/members';
import { users } from '../users/tables';
import { DEFAULT_SETTINGS } from '../settings/schemas';
import { acceptInvite, invite, previewInvite, revokeInvite } from './invites';
import { resolveScope } from './membership';
import { personalScope } from '../../server/scope';
import { listMembers, listMyWorkspaces } from './service';
import { workspaceInvites, workspaceMembers } from './tables';

/**
 * Joining a workspace: invitations (e-mailed link, accept, used/expired/foreign links, re-invites,
 * revoking) and the plan's seats. Roles, removal and switching: workspaces-members.test.ts.
 */
setUpDb();

describe('invitations', () => {
  test('invite → e-mailed link → accept: the invitee is a member with the role, and the session switches', async () => {
    const owner = await makeUser('pro');
    const bob = await makeUser('basic');
    const res = await invite({
      db,
      scope: personalScope(owner.id),
      input: { email: bob.email.toUpperCase(), role: 'admin' },
      appUrl: APP,
      email: mail,
      limits: noLimits,
    });
    expect(res.email).toBe(bob.email.toLowerCase());
    const token = linkTokenFor(bob.email);
    expect(Buffer.from(token, 'base64url').length).toBe(32);
    const [row] = await db.select().from(workspaceInvites).where(eq(workspaceInvites.id, res.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);

    const preview = await previewInvite({ db, token });
    expect(preview).toMatchObject({ workspaceName: owner.fullName, inviterName: owner.fullName, email: bob.email.toLowerCase(), expired: false, used: false });

    const session = await makeSession(bob.id);
    const accepted = await acceptInvite({ db, userId: bob.id, token, sessionId: session });
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
    const again = await errorOf(acceptInvite({ db, userId: bob.id, token: used }));
    expect(again.code).toBe('CONFLICT');
    expect(again.message).toBe('This invitation has already been used');

    const carol = await makeUser();
    await invite({ db, scope: personalScope(owner.id), input: { email: carol.email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
    const token = linkTokenFor(carol.email);
    const later = new Date(Date.now() + 8 * 86_400_000);
    expect((await previewInvite({ db, token, now: later })).expired).toBe(true);
    const expired = await errorOf(acceptInvite({ db, userId: carol.id, token, now: later }));
    expect(expired.code).toBe('INVALID_INPUT');
    expect(expired.message).toContain('expired');
    expect((await errorOf(previewInvite({ db, token: 'nope' }))).code).toBe('NOT_FOUND');
  });

  test('only the invited address can accept', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const eve = await makeUser();
    await invite({ db, scope: personalScope(owner.id), input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
    const e = await errorOf(acceptInvite({ db, userId: eve.id, token: linkTokenFor(bob.email) }));
    expect(e.code).toBe('FORBIDDEN');
    expect(e.message).toBe(`This invitation was sent to ${bob.email.toLowerCase()}. Sign in with that address to accept it.`);
    const members = await db.select().from(workspaceMembers).where(eq(workspaceMembers.workspaceId, owner.id));
    expect(members.map((m) => m.userId)).toEqual([owner.id]);
  });

  test('inviting again replaces the waiting invitation: the old link dies', async () => {
    const owner = await makeUser();
    const bob = await makeUser();
    const scope = personalScope(owner.id);
    await invite({ db, scope, input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
    const first = linkTokenFor(bob.email);
    await invite({ db, scope, input: { email: bob.email, role: 'admin' }, appUrl: APP, email: mail, limits: noLimits });
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
    const e = await errorOf(
      invite({ db, scope: personalScope(owner.id), input: { email: bob.email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits }),
    );
    expect(e.code).toBe('ALREADY_EXISTS');
  });
});

describe('seats', () => {
  test('Basic has no seats for members: the answer says which plan has them', async () => {
    const owner = await makeUser('basic');
    const e = await errorOf(
      invite({ db, scope: personalScope(owner.id), input: { email: 'x@example.com', role: 'member' }, appUrl: APP, email: mail, limits: noLimits }),
    );
    expect(e.code).toBe('LIMIT_EXCEEDED');
    expect(httpStatusOf(e.code)).toBe(402);
    expect(e.message).toBe('Your Basic plan has no seats for team members. Upgrade to Pro to invite up to 9 members.');
  });

  test('members plus waiting invitations stay within the plan seats; an expired invitation frees its seat', async () => {
    const owner = await makeUser('pro');
    const scope = personalScope(owner.id);
    for (let i = 0; i < 9; i++)
      await invite({ db, scope, input: { email: `seat${i}.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
    const full = await errorOf(
      invite({ db, scope, input: { email: `seat9.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail, limits: noLimits }),
    );
    expect(full.code).toBe('LIMIT_EXCEEDED');
    expect(full.message).toContain('All 10 seats of your Pro plan are taken');
    // Re-inviting a waiting address takes no new seat.
    await invite({ db, scope, input: { email: `seat0.${owner.id}@example.com`, role: 'admin' }, appUrl: APP, email: mail, limits: noLimits });
    expect((await listMembers({ db, scope })).seats).toEqual({ used: 10, total: 10 });
    await db
      .update(workspaceInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceInvites.email, `seat1.${owner.id}@example.com`));
    await invite({ db, scope, input: { email: `seat9.${owner.id}@example.com`, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
  });

  test('an ended trial or subscription invites no one (402, saying why); the members already there stay', async () => {
    const owner = await makeUser('pro');
    const bob = await makeUser('basic');
    await join(owner, bob);
    const ask = (email: string) =>
      errorOf(invite({ db, scope: personalScope(owner.id), input: { email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits }));
    await db.update(subscriptions).set({ status: 'canceled' }).where(eq(subscriptions.userId, owner.id));
    const e = await ask(`late.${owner.id}@example.com`);
    expect(httpStatusOf(e.code)).toBe(402);
    expect(e.message).toBe('Your subscription has ended. Choose a plan on the Subscription page to invite team members.');
    await db
      .update(subscriptions)
      .set({ status: 'trialing', trialEndsAt: new Date('2026-01-15T00:00:00Z') })
      .where(eq(subscriptions.userId, owner.id));
    expect((await ask(`later.${owner.id}@example.com`)).message).toBe(
      'Your 15-day Pro trial ended on 2026-01-15. Choose a plan on the Subscription page to invite team members.',
    );
    expect((await listMembers({ db, scope: personalScope(owner.id) })).members).toHaveLength(2);
  });

  test('the invitation e-mail speaks the invitee’s language when they have an account, else the inviter’s', async () => {
    const owner = await makeUser('pro');
    await db
      .update(users)
      .set({ settings: { ...DEFAULT_SETTINGS, language: 'fr' } })
      .where(eq(users.id, owner.id));
    await invite({
      db,
      scope: personalScope(owner.id),
      input: { email: 'nobody-yet@example.com', role: 'member' },
      appUrl: APP,
      email: mail,
      limits: noLimits,
    });
    const fr = lastMailTo('nobody-yet@example.com')!;
    expect(fr.subject).toBe(`${owner.fullName} vous invite dans une équipe sur Avatar Studio`);
    expect(fr.text).toStartWith(`Bonjour,\n\n${owner.fullName} vous invite à rejoindre l’espace de travail "${owner.fullName}".`);
    expect(fr.html).toContain('>Accepter l’invitation</a>');

    const ana = await makeUser('basic');
    await db
      .update(users)
      .set({ settings: { ...DEFAULT_SETTINGS, language: 'es' } })
      .where(eq(users.id, ana.id));
    await invite({ db, scope: personalScope(owner.id), input: { email: ana.email, role: 'member' }, appUrl: APP, email: mail, limits: noLimits });
    expect(lastMailTo(ana.email)!.subject).toBe(`${owner.fullName} te invitó a un equipo en Avatar Studio`);
  });
});
