import { describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { sessions } from '../auth/tables';
import { httpStatusOf } from '../../server/http/app-error';
import { newId } from '../../shared/ids';
import { apiKeys } from '../api-keys/tables';
import { APP, db, errorOf, join, mail, makeSession, makeUser, noLimits, setUpDb, teamOfThree } from './fixtures/members';
import { invite } from './invites';
import { resolveScope } from './membership';
import { personalScope, type Scope } from '../../server/scope';
import { changeRole, listMembers, listMyWorkspaces, removeMember, renameWorkspace, switchWorkspace } from './service';
import { workspaceMembers } from './tables';

/**
 * Life inside a workspace: what members and admins may do, the owner's fixed role, leaving and
 * removal (sessions fall back, keys revoked), and switching the session's workspace.
 */
setUpDb();

describe('roles', () => {
  test('a member can neither invite, nor revoke, nor change roles, nor remove others (403)', async () => {
    const { carol, bobScope } = await teamOfThree('member');
    const denied = [
      await errorOf(invite({ db, scope: bobScope, input: { email: 'z@example.com', role: 'member' }, appUrl: APP, email: mail, limits: noLimits })),
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
    const { owner, bob, carol, bobScope } = await teamOfThree('admin');
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
