import { beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq } from 'drizzle-orm';
import { sandboxMessages } from '../social/tables';
import { shared, signedInClient, TestClient, testApp, uniqueName } from '../../test/harness';
import { PASSWORD_RESET_JOB } from './password-reset';
import { passwordResets } from './tables';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
let db: Awaited<ReturnType<typeof shared>>['deps']['db'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
  db = deps.db;
});

/** The reset jobs queued for an address, once every one of them has run. */
async function settledJobs(email: string) {
  const end = Date.now() + 20_000;
  for (;;) {
    const jobs = await deps.queue.boss.findJobs<{ email: string; baseUrl: string }>(PASSWORD_RESET_JOB, { data: { email: email.toLowerCase() } });
    if ((jobs.length && jobs.every((j) => j.state === 'completed')) || Date.now() > end) return jobs;
    await Bun.sleep(50);
  }
}

/** The newest reset link e-mailed to the user (the e-mail is sent by a job). */
async function lastResetLink(userId: string, email: string): Promise<string | null> {
  await settledJobs(email);
  const mails = await db
    .select()
    .from(sandboxMessages)
    // Mail to one person is filed in their personal workspace (its id is theirs).
    .where(and(eq(sandboxMessages.workspaceId, userId), eq(sandboxMessages.channel, 'email')))
    .orderBy(desc(sandboxMessages.createdAt))
    .limit(10);
  // The sign-up's address check (decision 205) is mail to them too, sent by its own job: pick the reset mail.
  for (const m of mails) {
    const link = m.text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (link) return link;
  }
  return null;
}

describe('password reset by e-mail', () => {
  test('sends a link; the link sets a new password once and ends every session', async () => {
    const { client, user, password } = await signedInClient(app);
    const anon = new TestClient(app);
    const res = await anon.post('/api/password/forgot', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.data.ok).toBe(true);
    const link = await lastResetLink(user.id, user.email);
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
    const email = `nobody-${uniqueName()}@example.com`;
    const res = await new TestClient(app).post('/api/password/forgot', { email });
    expect(res.status).toBe(200);
    expect(res.data.ok).toBe(true);
    expect((await settledJobs(email)).map((j) => j.state)).toEqual(['completed']);
    expect((await db.select().from(passwordResets)).length).toBe(before.length);
  });

  test('known and unknown addresses take the same path: one queued job each, the same answer', async () => {
    const { user } = await signedInClient(app);
    const unknown = `nobody-${user.username}@example.com`;
    const known = await new TestClient(app).post('/api/password/forgot', { email: user.email });
    const other = await new TestClient(app).post('/api/password/forgot', { email: unknown });
    expect([known.status, other.status]).toEqual([200, 200]);
    expect(known.data).toEqual(other.data);
    const [a, b] = [await settledJobs(user.email), await settledJobs(unknown)];
    expect(a.length).toBe(1);
    expect(b.length).toBe(1);
    expect(Object.keys(a[0]!.data).sort()).toEqual(Object.keys(b[0]!.data).sort());
    expect(a[0]!.data).toEqual({ email: user.email.toLowerCase(), baseUrl: 'http://localhost' });
    expect(b[0]!.data).toEqual({ email: unknown, baseUrl: 'http://localhost' });
    // The job, not the request, decides: a link for the account, nothing for the stranger.
    expect(await lastResetLink(user.id, user.email)).toStartWith('http://localhost/reset-password?token=');
  });

  test('a reset revokes every API key of the user', async () => {
    const { client, user } = await signedInClient(app);
    const keys = [];
    for (const name of ['CI', 'Zapier']) keys.push((await client.trpc('mutation', 'apiKeys.create', { name })).data.result.data.key as string);
    for (const key of keys) expect((await new TestClient(app).get('/api/user', { authorization: `Bearer ${key}` })).status).toBe(200);
    await new TestClient(app).post('/api/password/forgot', { email: user.email });
    const token = new URL((await lastResetLink(user.id, user.email))!).searchParams.get('token')!;
    expect((await new TestClient(app).post('/api/password/reset', { token, password: 'a brand new secret' })).status).toBe(200);
    for (const key of keys) expect((await new TestClient(app).get('/api/user', { authorization: `Bearer ${key}` })).status).toBe(401);
    const again = new TestClient(app);
    expect((await again.post('/api/login', { username: user.username, password: 'a brand new secret' })).status).toBe(200);
    expect((await again.trpc('query', 'apiKeys.list')).data.result.data).toEqual([]);
  });

  test('an expired link is refused', async () => {
    const { user } = await signedInClient(app);
    await new TestClient(app).post('/api/password/forgot', { email: user.email });
    const token = new URL((await lastResetLink(user.id, user.email))!).searchParams.get('token')!;
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const res = await new TestClient(app).post('/api/password/reset', { token, password: 'a brand new secret' });
    expect(res.status).toBe(400);
  });

  test('bad input and throttling', async () => {
    const c = new TestClient(app);
    expect((await c.post('/api/password/forgot', { email: 'nope' })).data.message).toBe('Invalid email address');
    expect((await c.post('/api/password/reset', { token: 'x', password: '12345678' })).data.message).toBe('This reset link is invalid or has expired');
    const { user } = await signedInClient(app);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/password/forgot', { email: user.email })).status).toBe(200);
    const refused = await c.post('/api/password/forgot', { email: user.email });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Per address too: another client asking for the same address is refused.
    expect((await new TestClient(app).post('/api/password/forgot', { email: user.email })).status).toBe(429);
  });
});
