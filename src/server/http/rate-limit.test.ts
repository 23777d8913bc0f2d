import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { shared, TestClient, uniqueName } from '../../test/harness';
import { loggedTestApp } from '../../test/statement-log';
import type { Db } from '../db/client';
import { createRateLimits, createRefusedKeys } from './rate-limit';
import { rateLimits } from './rate-limit-tables';

let db: Db;
beforeAll(async () => {
  db = (await shared()).deps.db;
});

describe('database-backed rate limiter', () => {
  test('exactly the limit is reserved under concurrency; beyond, the seconds to wait', async () => {
    const limiter = createRateLimits(db)(uniqueName('t'), 7, 60_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => limiter.reserve('k')));
    expect(results.filter((r) => r.ok).length).toBe(7);
    for (const r of results.filter((r) => !r.ok)) expect(r.ok ? 0 : r.retryAfter).toBeWithin(1, 61);
  });

  test('a new window starts when the old one ends; a release counts only in its own window', async () => {
    const name = uniqueName('t');
    const limiter = createRateLimits(db)(name, 2, 1000);
    const t0 = new Date();
    const first = await limiter.reserve('k', t0);
    expect((await limiter.reserve('k', t0)).ok).toBe(true);
    expect(await limiter.reserve('k', t0)).toEqual({ ok: false, retryAfter: 1 });
    const later = new Date(t0.getTime() + 1500);
    expect((await limiter.reserve('k', later)).ok).toBe(true);
    // The first reservation belonged to the old window: releasing it frees nothing now.
    await limiter.release(first);
    expect((await limiter.reserve('k', later)).ok).toBe(true);
    expect((await limiter.reserve('k', later)).ok).toBe(false);
  });

  test('release gives one place back; reset forgets the key; limiters do not share keys', async () => {
    const limits = createRateLimits(db);
    const a = limits(uniqueName('a'), 1, 60_000);
    const b = limits(uniqueName('b'), 1, 60_000);
    const held = await a.reserve('same');
    expect((await a.reserve('same')).ok).toBe(false);
    expect((await b.reserve('same')).ok).toBe(true);
    await a.release(held);
    expect((await a.reserve('same')).ok).toBe(true);
    await a.reset('same');
    expect((await a.reserve('same')).ok).toBe(true);
  });

  test('rows past their window are swept', async () => {
    const name = uniqueName('t');
    const limiter = createRateLimits(db)(name, 5, 10);
    await limiter.reserve('old', new Date(Date.now() - 120_000));
    await limiter.reserve('new');
    await Bun.sleep(50);
    expect(
      await db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `${name}:old`)),
    ).toEqual([]);
  });
});

describe('a refused key costs the database nothing (decision 206)', () => {
  test('over the limit, beacons and logins are answered 429 without a single statement', async () => {
    const w = await loggedTestApp();
    const anon = new TestClient(w.app);
    const beacon = { token: 'floodfloodflood1', page: 'p'.repeat(40), event: 'view' };
    // Fill both windows of this address in the shared counter, then one refusal reaches the database.
    await Promise.all(Array.from({ length: w.deps.limits.track.limit }, () => w.deps.limits.track.reserve(anon.ip)));
    await Promise.all(Array.from({ length: w.deps.limits.loginByIp.limit }, () => w.deps.limits.loginByIp.reserve(anon.ip)));
    expect((await anon.post('/api/track', beacon)).status).toBe(429);
    expect((await anon.post('/api/login', { username: 'nobody-here', password: 'wrong-password' })).status).toBe(429);
    const from = w.statements.length;
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, () => anon.post('/api/track', beacon)),
      ...Array.from({ length: 40 }, () => anon.post('/api/login', { username: 'nobody-here', password: 'wrong-password' })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(80).fill(429));
    expect(answers.every((a) => Number(a.headers.get('retry-after')) >= 1)).toBe(true);
    expect(w.statements.slice(from)).toEqual([]);
    // An account over its own limit, tried from a fresh address: refused without a write either.
    const fresh = new TestClient(w.app);
    await Promise.all(Array.from({ length: w.deps.limits.loginByAccount.limit }, () => w.deps.limits.loginByAccount.reserve('typed:locked-account')));
    expect((await fresh.post('/api/login', { username: 'locked-account', password: 'wrong-password' })).status).toBe(429);
    const writes = await w.writesOf(() =>
      Promise.all(Array.from({ length: 20 }, () => fresh.post('/api/login', { username: 'locked-account', password: 'wrong-password' }))),
    );
    expect(writes).toEqual([]);
    // Another address is still asked of the shared counter, and served.
    const other = new TestClient(w.app);
    expect((await other.post('/api/login', { username: 'nobody-here', password: 'wrong-password' })).status).toBe(401);
    expect(w.statements.length).toBeGreaterThan(from);
  });

  test('the memory is bounded: expired entries go first, then the oldest', () => {
    const keys = createRefusedKeys(3);
    keys.remember('a', 1_000, 0);
    keys.remember('b', 50, 0);
    keys.remember('c', 1_000, 0);
    keys.remember('d', 1_000, 100);
    expect(keys.size).toBe(3);
    expect(keys.check('b', 100)).toBeNull();
    expect(keys.check('a', 100)).toBe(1);
    keys.remember('e', 1_000, 100);
    expect(keys.size).toBe(3);
    expect(keys.check('a', 100)).toBeNull();
    expect(keys.check('e', 100)).toBe(1);
  });
});
