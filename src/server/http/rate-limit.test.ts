import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { shared, uniqueName } from '../../test/harness';
import type { Db } from '../db/client';
import { createRateLimits } from './rate-limit';
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
