import { beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq } from 'drizzle-orm';
import { sandboxMessages } from '../social/tables';
import { shared, signedInClient, TestClient, testApp } from '../../test/harness';
import { passwordResets } from './tables';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let db: Awaited<ReturnType<typeof shared>>['deps']['db'];
beforeAll(async () => {
  ({ app } = await testApp());
  db = (await shared()).deps.db;
});

async function lastResetLink(userId: string): Promise<string | null> {
  const [m] = await db
    .select()
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.userId, userId), eq(sandboxMessages.channel, 'email')))
    .orderBy(desc(sandboxMessages.createdAt))
    .limit(1);
  return m?.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0] ?? null;
}

describe('password reset by e-mail', () => {
  test('sends a link; the link sets a new password once and ends every session', async () => {
    const { client, user, password } = await signedInClient(app);
    const anon = new TestClient(app);
    const res = await anon.post('/api/password/forgot', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.data.ok).toBe(true);
    const link = await lastResetLink(user.id);
    expect(link).toStartWith('http://localhost/reset-password?token=');
    const token = new URL(link!).searchParams.get('token')!;
    const [row] = await db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(row.tokenHash).not.toBe(token);

    expect((await anon.post('/api/password/reset', { token, password: 'short' })).data.message).toBe('Password must be at least 8 characters');
    const ok = await anon.post('/api/password/reset', { token, password: 'a brand new secret' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password: 'a brand new secret' })).status).toBe(200);

    const again = await anon.post('/api/password/reset', { token, password: 'another secret!' });
    expect(again.status).toBe(400);
    expect(again.data.message).toBe('This reset link is invalid or has expired');
  });

  test('an unknown address answers the same and sends nothing', async () => {
    const before = await db.select().from(passwordResets);
    const res = await new TestClient(app).post('/api/password/forgot', { email: 'nobody-at-all@example.com' });
    expect(res.status).toBe(200);
    expect(res.data.ok).toBe(true);
    expect((await db.select().from(passwordResets)).length).toBe(before.length);
  });

  test('an expired link is refused', async () => {
    const { user } = await signedInClient(app);
    await new TestClient(app).post('/api/password/forgot', { email: user.email });
    const token = new URL((await lastResetLink(user.id))!).searchParams.get('token')!;
    await db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, user.id));
    const res = await new TestClient(app).post('/api/password/reset', { token, password: 'a brand new secret' });
    expect(res.status).toBe(400);
  });

  test('bad input and throttling', async () => {
    const c = new TestClient(app);
    expect((await c.post('/api/password/forgot', { email: 'nope' })).data.message).toBe('Invalid email address');
    expect((await c.post('/api/password/reset', { token: 'x', password: '12345678' })).data.message).toBe('This reset link is invalid or has expired');
    const { user } = await signedInClient(app);
    const { deps } = await shared();
    deps.limits.passwordReset.reset('i:unknown');
    for (let i = 0; i < 5; i++) expect((await c.post('/api/password/forgot', { email: user.email })).status).toBe(200);
    expect((await c.post('/api/password/forgot', { email: user.email })).status).toBe(429);
    deps.limits.passwordReset.reset('i:unknown');
    deps.limits.passwordReset.reset(`e:${user.email.toLowerCase()}`);
  });
});
