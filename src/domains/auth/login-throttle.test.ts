import { beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { createApp } from '../../app/app';
import { createDeps } from '../../app/deps';
import { nextClientAddress, shared, signedInClient, TestClient, testApp, uniqueName } from '../../test/harness';

let t: Awaited<ReturnType<typeof testApp>>;
let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  t = await testApp();
  app = t.app;
});

const wrong = (c: TestClient, username: string) => c.post('/api/login', { username, password: 'wrong-password' });

describe('login throttling under concurrency', () => {
  test('200 simultaneous wrong attempts for one account from one address: at most 5 checked, then even the right password is refused', async () => {
    const { user, password } = await signedInClient(app);
    const c = new TestClient(app);
    const results = await Promise.all(Array.from({ length: 200 }, () => wrong(c, user.username)));
    const statuses = results.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(checked).toBeLessThanOrEqual(5);
    expect(checked).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 429).length).toBe(200 - checked);
    const refused = results.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.data.message).toContain('Too many failed login attempts');
    const right = await c.post('/api/login', { username: user.username, password });
    expect(right.status).toBe(429);
  }, 60_000);

  test('one address trying many accounts at once: at most 20 checked', async () => {
    const c = new TestClient(app);
    const results = await Promise.all(Array.from({ length: 60 }, () => wrong(c, uniqueName('ghost'))));
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(20);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(40);
  }, 60_000);
});

describe('the per-account window is the account, not the string typed', () => {
  test('attempts by username and by e-mail share one window of 5 (from different addresses)', async () => {
    const { user, password } = await signedInClient(app);
    for (let i = 0; i < 3; i++) expect((await wrong(new TestClient(app), user.username)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await wrong(new TestClient(app), user.email.toUpperCase())).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.email, password })).status).toBe(429);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(429);
  });

  test('an unknown name answers exactly like a known account: 5 × 401, then 429', async () => {
    const { user } = await signedInClient(app);
    const ghost = uniqueName('ghost');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push((await wrong(new TestClient(app), user.username)).status);
      unknown.push((await wrong(new TestClient(app), ghost)).status);
    }
    expect(known).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unknown).toEqual(known);
  });

  test('a success gives its own place back; the failures before it still count', async () => {
    const { user, password } = await signedInClient(app);
    for (let i = 0; i < 3; i++) await wrong(new TestClient(app), user.username);
    for (let i = 0; i < 3; i++) expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(200);
    expect((await wrong(new TestClient(app), user.username)).status).toBe(401);
    expect((await wrong(new TestClient(app), user.username)).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1 in tests)', () => {
  test('rotating the leftmost X-Forwarded-For entry does not lift the per-address limit', async () => {
    const c = new TestClient(app);
    const proxyAppended = nextClientAddress();
    const spoofed = () => ({ 'x-forwarded-for': `${nextClientAddress()}, ${proxyAppended}` });
    for (let i = 0; i < 20; i++) expect((await c.post('/api/login', { username: uniqueName('ghost'), password: 'x1234567' }, spoofed())).status).toBe(401);
    expect((await c.post('/api/login', { username: uniqueName('ghost'), password: 'x1234567' }, spoofed())).status).toBe(429);
    // 21 password checks (~40 ms each, more on a busy machine).
  }, 30_000);
});

describe('several app instances on one database', () => {
  test('two apps built from two createDeps share the counters', async () => {
    const s = await shared();
    const other = createDeps({ env: s.deps.env, db: s.deps.db, queue: s.deps.queue, providers: s.deps.providers, log: s.deps.log });
    expect(other.limits).not.toBe(s.deps.limits);
    const appB = createApp(other, { distDir: join(s.dataDir, 'no-dist') });
    const { user, password } = await signedInClient(app);
    const a = new TestClient(app);
    const b = new TestClient(appB, a.ip);
    for (let i = 0; i < 3; i++) expect((await wrong(a, user.username)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await wrong(b, user.username)).status).toBe(401);
    expect((await a.post('/api/login', { username: user.username, password })).status).toBe(429);
    expect((await b.post('/api/login', { username: user.username, password })).status).toBe(429);

    // And concurrently, split across both instances: still at most 5 checked.
    const target = await signedInClient(app);
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => wrong(i % 2 ? new TestClient(app) : new TestClient(appB), target.user.username)));
    expect(results.filter((r) => r.status === 401).length).toBeLessThanOrEqual(5);
    expect(results.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(95);
  }, 60_000);
});
