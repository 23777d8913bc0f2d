import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions } from '../auth/tables';
import { shared } from '../../test/harness';
import { contextFor } from '../../app/request-context';
import { db, join, makeSession, makeUser, setUpDb } from './fixtures/members';
import { changeRole, removeMember } from './service';
import { personalScope } from '../../server/scope';

/**
 * The scope of a signed-in request comes with the session: lucia's prepared session query reads the
 * member's role in the session's workspace (src/domains/auth/lucia.ts), so a role change or a removal
 * is seen by the very next request, with no second read unless the session must fall back.
 */
setUpDb();

const scopeOf = async (sessionId: string) => {
  const { deps } = await shared();
  const request = new Request('http://app.test/api/user', { headers: { cookie: `session=${sessionId}` } });
  return (await contextFor(deps, request, '127.0.0.1')).scope;
};

describe('the session carries the role', () => {
  test('owner at home; the role in a team as it is now; the personal workspace once removed', async () => {
    const { deps } = await shared();
    const owner = await makeUser();
    const bob = await makeUser();
    await join(owner, bob, 'member');
    const home = await makeSession(bob.id);
    const team = await makeSession(bob.id, owner.id);

    expect((await deps.auth.validateSession(home)).session?.role).toBe('owner');
    expect(await scopeOf(home)).toEqual(personalScope(bob.id));
    expect((await deps.auth.validateSession(team)).session?.role).toBe('member');
    expect(await scopeOf(team)).toEqual({ workspaceId: owner.id, userId: bob.id, role: 'member' });

    await changeRole({ db, scope: personalScope(owner.id), userId: bob.id, role: 'admin' });
    expect(await scopeOf(team)).toEqual({ workspaceId: owner.id, userId: bob.id, role: 'admin' });

    await removeMember({ db, scope: personalScope(owner.id), userId: bob.id });
    expect(await scopeOf(team)).toEqual(personalScope(bob.id));
    // A session still pointing at the workspace left (removal moves them home; a race may not) has no role there,
    // and the request falls back to the personal workspace.
    await db.update(sessions).set({ workspaceId: owner.id }).where(eq(sessions.id, team));
    expect((await deps.auth.validateSession(team)).session?.role ?? null).toBeNull();
    expect(await scopeOf(team)).toEqual(personalScope(bob.id));
    // The role is read, never stored: the sessions table has no such column to write.
    const [row] = await db.select().from(sessions).where(eq(sessions.id, team));
    expect(Object.keys(row!)).not.toContain('role');
  });
});
