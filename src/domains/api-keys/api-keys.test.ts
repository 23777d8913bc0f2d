import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { personalScope, type Scope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';
import { createApiKey, listApiKeys, resolveApiKey, revokeApiKey } from './service';
import { apiKeys } from './tables';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
});

/** A signed-in user with one live key, and a client that only holds the key. */
async function userWithKey() {
  const s = await signedInClient(app);
  const created = (await s.client.trpc('mutation', 'apiKeys.create', { name: 'CI' })).data.result.data as { id: string; key: string };
  const keyed = new TestClient(app);
  const auth = { authorization: `Bearer ${created.key}` };
  const viaKey = {
    get: (p: string) => keyed.get(p, auth),
    patch: (p: string, b: unknown) => keyed.patch(p, b, auth),
    trpc: (kind: 'query' | 'mutation', path: string, input?: unknown) =>
      kind === 'query'
        ? keyed.get(`/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, auth)
        : keyed.post(`/trpc/${path}`, input ?? {}, auth),
  };
  return { ...s, key: created, viaKey };
}

describe('API keys authenticate the documented /api/* surface only', () => {
  test('a key works on /api/*; on /trpc it is not signed in (401)', async () => {
    const { user, viaKey } = await userWithKey();
    const me = await viaKey.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.data.id).toBe(user.id);
    expect((await viaKey.trpc('query', 'apiKeys.list')).status).toBe(401);
    expect((await viaKey.trpc('query', 'users.me')).data.result.data).toBeNull();
  });

  test('a key cannot mint keys, change the password or delete the account', async () => {
    const { client, user, password, viaKey } = await userWithKey();
    expect((await viaKey.trpc('mutation', 'apiKeys.create', { name: 'persist' })).status).toBe(401);
    expect((await viaKey.trpc('mutation', 'users.changePassword', { currentPassword: password, newPassword: 'taken over!' })).status).toBe(401);
    expect((await viaKey.trpc('mutation', 'users.deleteAccount', { confirm: 'DELETE' })).status).toBe(401);
    expect((await viaKey.trpc('mutation', 'users.resetAccount', { confirm: 'RESET' })).status).toBe(401);
    expect((await client.trpc('query', 'apiKeys.list')).data.result.data).toHaveLength(1);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(200);
  });

  test('on /api/*, a key may edit the profile but not change the e-mail (403)', async () => {
    const { client, user, password, viaKey } = await userWithKey();
    expect((await viaKey.patch(`/api/users/${user.id}`, { fullName: 'Via Key' })).status).toBe(200);
    expect((await viaKey.patch(`/api/users/${user.id}`, { email: user.email.toUpperCase(), position: 'CTO' })).status).toBe(200);
    const refused = await viaKey.patch(`/api/users/${user.id}`, { email: `stolen-${user.email}` });
    expect(refused.status).toBe(403);
    expect(refused.data.message).toContain('browser session');
    expect((await client.get('/api/user')).data.email.toLowerCase()).toBe(user.email.toLowerCase());
    // The browser session may, with the current password: the new address waits for its confirmation (decision 205).
    const changed = await client.patch(`/api/users/${user.id}`, { email: `new-${user.email}`, currentPassword: password });
    expect(changed).toMatchObject({ status: 200, data: { pendingEmail: `new-${user.email}`.toLowerCase() } });
  });
});

describe('a key belongs to its user and to the workspace it was made in', () => {
  test('made in a workspace, it acts there; each workspace lists and revokes only its own keys of the user', async () => {
    const owner = await signedInClient(app);
    const member = await signedInClient(app);
    await deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    const inTeam: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };
    const own = personalScope(member.user.id);
    const made = await createApiKey({ db: deps.db, scope: inTeam, name: 'team key' });
    const [row] = await deps.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row).toMatchObject({ userId: member.user.id, workspaceId: owner.user.id });
    expect(await resolveApiKey(deps.db, made.key)).toEqual({ userId: member.user.id, workspaceId: owner.user.id, scopes: [] });
    // On /api/* the key acts in that workspace, as its user.
    const me = await new TestClient(app).get('/api/user', { authorization: `Bearer ${made.key}` });
    expect(me.data.id).toBe(member.user.id);

    expect((await listApiKeys({ db: deps.db, scope: inTeam })).map((k) => k.id)).toEqual([made.id]);
    expect(await listApiKeys({ db: deps.db, scope: own })).toEqual([]);
    // The owner of the workspace does not list (nor revoke) the member's keys.
    expect(await listApiKeys({ db: deps.db, scope: personalScope(owner.user.id) })).toEqual([]);
    await expect(revokeApiKey({ db: deps.db, scope: personalScope(owner.user.id), id: made.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(revokeApiKey({ db: deps.db, scope: own, id: made.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await revokeApiKey({ db: deps.db, scope: inTeam, id: made.id })).toEqual({ ok: true });
    expect(await resolveApiKey(deps.db, made.key)).toBeNull();
  });
});

describe('a password change offers to revoke the keys', () => {
  test('without the option the keys keep working; with it every key is revoked', async () => {
    const { client, password, viaKey } = await userWithKey();
    const kept = await client.trpc('mutation', 'users.changePassword', { currentPassword: password, newPassword: 'second secret' });
    expect(kept.data.result.data).toEqual({ ok: true, revokedApiKeys: 0 });
    expect((await viaKey.get('/api/user')).status).toBe(200);
    await client.trpc('mutation', 'apiKeys.create', { name: 'another' });
    const revoked = await client.trpc('mutation', 'users.changePassword', {
      currentPassword: 'second secret',
      newPassword: 'third secret',
      revokeApiKeys: true,
    });
    expect(revoked.data.result.data).toEqual({ ok: true, revokedApiKeys: 2 });
    expect((await viaKey.get('/api/user')).status).toBe(401);
    expect((await client.trpc('query', 'apiKeys.list')).data.result.data).toEqual([]);
  });
});

describe('danger zone', () => {
  test('a wrong confirmation does not reveal the word', async () => {
    const { client } = await signedInClient(app);
    for (const path of ['users.deleteAccount', 'users.deleteAllVideos', 'users.resetAccount']) {
      const res = await client.trpc('mutation', path, { confirm: 'please' });
      expect(res.status).toBe(400);
      expect(res.data.error.message).toBe('The confirmation text does not match');
      expect(JSON.stringify(res.data)).not.toMatch(/DELETE|RESET/);
    }
    expect((await client.get('/api/user')).status).toBe(200);
  });
});
