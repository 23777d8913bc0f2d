import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createApp } from '../../app/app';
import { createDeps } from '../../app/deps';
import { loadEnv } from '../../server/env';
import { shared, signedInClient, TestClient, testApp, uniqueName } from '../../test/harness';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('register', () => {
  test('creates the user, signs them in, and never returns password material', async () => {
    const c = new TestClient(app);
    const username = uniqueName();
    const res = await c.post('/api/register', { fullName: 'Ada Lovelace', email: `${username}@x.io`, username, password: 'longenough', company: 'Analytical' });
    expect(res.status).toBe(201);
    expect(res.data.username).toBe(username);
    expect(res.data.companyName).toBe('Analytical');
    expect(JSON.stringify(res.data)).not.toContain('password');
    expect(res.data.settings.theme).toBe('system');
    const cookie = res.headers.getSetCookie()[0];
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    const me = await c.get('/api/user');
    expect(me.status).toBe(200);
    expect(me.data.id).toBe(res.data.id);
    expect(JSON.stringify(me.data)).not.toMatch(/hash|password/i);
  });

  test.each([
    [{ fullName: '', email: 'a@b.co', username: 'abc', password: '12345678' }, 'Full name is required'],
    [{ fullName: 'A', email: 'nope', username: 'abc', password: '12345678' }, 'Invalid email address'],
    [{ fullName: 'A', email: 'a@b.co', username: 'ab', password: '12345678' }, 'Username must be at least 3 characters'],
    [{ fullName: 'A', email: 'a@b.co', username: 'abc', password: '1234567' }, 'Password must be at least 8 characters'],
    [{ fullName: 'A', email: 'a@b.co', username: 'abc', password: '12345678', role: 'admin' }, 'Unknown field: role'],
  ])('rejects %p with the spec message', async (body, message) => {
    const res = await new TestClient(app).post('/api/register', body);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message });
  });

  test('username and e-mail are unique, case-insensitively (409)', async () => {
    const { user } = await signedInClient(app);
    const a = await new TestClient(app).post('/api/register', {
      fullName: 'X',
      email: `other${user.email}`,
      username: user.username.toUpperCase(),
      password: '12345678',
    });
    expect(a.status).toBe(409);
    expect(a.data.message).toBe('This username is already taken');
    const b = await new TestClient(app).post('/api/register', { fullName: 'X', email: user.email.toUpperCase(), username: uniqueName(), password: '12345678' });
    expect(b.status).toBe(409);
    expect(b.data.message).toBe('This email is already registered');
  });

  test('malformed JSON is a 400 with a message, not a stack', async () => {
    const res = await new TestClient(app).post('/api/register', '{"fullName": ');
    expect(res.status).toBe(400);
    expect(typeof res.data.message).toBe('string');
    expect(JSON.stringify(res.data)).not.toContain('at ');
  });

  test('oversized bodies are refused with 413', async () => {
    const res = await new TestClient(app).post('/api/register', { fullName: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.status).toBe(413);
    expect(res.data.message).toBeString();
  });
});

const newUser = () => {
  const username = uniqueName();
  return { fullName: 'Sign Up', email: `${username}@example.com`, username, password: 'longenough' };
};

describe('sign-up throttling', () => {
  test('10 accounts per client address and hour (default), then 429 with Retry-After; other addresses unaffected', async () => {
    const c = new TestClient(app);
    for (let i = 0; i < 10; i++) expect((await c.post('/api/register', newUser())).status).toBe(201);
    const refused = await c.post('/api/register', newUser());
    expect(refused.status).toBe(429);
    expect(refused.data.message).toContain('Too many sign-ups');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await new TestClient(app).post('/api/register', newUser())).status).toBe(201);
  });

  test('"already registered" answers count too, so the address cannot be used to probe e-mails', async () => {
    const { user } = await signedInClient(app);
    const c = new TestClient(app);
    for (let i = 0; i < 10; i++) {
      const res = await c.post('/api/register', { ...newUser(), email: user.email });
      expect(res.status).toBe(409);
      expect(res.data.message).toBe('This email is already registered');
    }
    expect((await c.post('/api/register', { ...newUser(), email: user.email })).status).toBe(429);
  });

  test('parallel sign-ups from one address: at most the limit succeed', async () => {
    const c = new TestClient(app);
    const results = await Promise.all(Array.from({ length: 40 }, () => c.post('/api/register', newUser())));
    expect(results.filter((r) => r.status === 201).length).toBe(10);
    expect(results.filter((r) => r.status === 429).length).toBe(30);
  }, 30_000);

  test('SIGNUP_LIMIT_PER_HOUR sets the limit', async () => {
    const s = await shared();
    const env = loadEnv({ ...s.deps.env, TRUST_PROXY: '1', SIGNUP_LIMIT_PER_HOUR: '2' } as never);
    expect(env.SIGNUP_LIMIT_PER_HOUR).toBe(2);
    const strict = createApp(createDeps({ env, db: s.deps.db, queue: s.deps.queue, providers: s.deps.providers, log: s.deps.log }), {
      distDir: join(s.dataDir, 'no-dist'),
    });
    const c = new TestClient(strict);
    expect((await c.post('/api/register', newUser())).status).toBe(201);
    expect((await c.post('/api/register', newUser())).status).toBe(201);
    expect((await c.post('/api/register', newUser())).status).toBe(429);
  });
});

describe('login and logout', () => {
  test('logs in by username or e-mail; logout ends the session on the server', async () => {
    const { user, password, client: first } = await signedInClient(app);
    const c = new TestClient(app);
    const byName = await c.post('/api/login', { username: user.username, password });
    expect(byName.status).toBe(200);
    expect(byName.data.username).toBe(user.username);
    const byEmail = await new TestClient(app).post('/api/login', { username: user.email, password });
    expect(byEmail.status).toBe(200);

    const stolen = c.cookie;
    expect((await c.post('/api/logout')).status).toBe(200);
    expect((await c.get('/api/user')).status).toBe(401);
    const replay = new TestClient(app);
    replay.cookie = stolen;
    expect((await replay.get('/api/user')).status).toBe(401);
    expect((await first.get('/api/user')).status).toBe(200);
  });

  test('spec messages for empty fields', async () => {
    const c = new TestClient(app);
    expect((await c.post('/api/login', { username: '', password: 'x' })).data.message).toBe('Email is required');
    expect((await c.post('/api/login', { username: 'x', password: '' })).data.message).toBe('Password is required');
  });

  test('anonymous /api/user is 401', async () => {
    expect((await new TestClient(app).get('/api/user')).status).toBe(401);
  });

  test('failed logins are throttled per username (429)', async () => {
    const { user, password } = await signedInClient(app);
    const c = new TestClient(app);
    for (let i = 0; i < 5; i++) expect((await c.post('/api/login', { username: user.username, password: 'wrong-password' })).status).toBe(401);
    const blocked = await c.post('/api/login', { username: user.username, password });
    expect(blocked.status).toBe(429);
    expect(blocked.data.message).toContain('Too many failed login attempts');
    expect(blocked.headers.get('retry-after')).toBeTruthy();
  });

  test('failed logins are throttled per client address across usernames', async () => {
    const c = new TestClient(app);
    for (let i = 0; i < 20; i++) expect((await c.post('/api/login', { username: uniqueName('ghost'), password: 'whatever1' })).status).toBe(401);
    const res = await c.post('/api/login', { username: uniqueName('ghost'), password: 'whatever1' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await new TestClient(app).post('/api/login', { username: uniqueName('ghost'), password: 'whatever1' })).status).toBe(401);
  });
});

describe('origin check', () => {
  test('a non-GET from another origin is refused with 403', async () => {
    const res = await new TestClient(app).post('/api/login', { username: 'a', password: 'b' }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect(res.data.message).toBeString();
  });
  test('the app’s own origin passes', async () => {
    const res = await new TestClient(app).post('/api/login', { username: 'nobody-here', password: 'b' }, { origin: 'http://localhost' });
    expect(res.status).toBe(401);
  });
});

describe('origin check: opaque origins', () => {
  test('Origin: null is refused unless the browser marks the request same-origin', async () => {
    const c = new TestClient(app);
    expect((await c.post('/api/login', { username: 'nobody-here', password: 'b' }, { origin: 'null' })).status).toBe(403);
    expect((await c.post('/api/login', { username: 'nobody-here', password: 'b' }, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await c.post('/api/login', { username: 'nobody-here', password: 'b' }, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(401);
  });
});
