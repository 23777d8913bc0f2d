import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from './rate-limit-tables';

/** A counted attempt, or the refusal with the seconds until the window ends. */
export type Reservation = { ok: true; key: string; resetAt: Date } | { ok: false; retryAfter: number };

/**
 * A fixed-window limit kept in the database, so that every app process sees the
 * same counts. `reserve` counts an attempt before the work it guards (a password
 * check), in one atomic statement: whatever the concurrency, at most `limit`
 * reservations succeed per window. `release` gives one back (a login that succeeded).
 */
export interface RateLimiter {
  readonly limit: number;
  readonly windowMs: number;
  reserve(key: string, now?: Date): Promise<Reservation>;
  /**
   * Seconds to wait when this process already knows the shared counter refused `key` in its
   * current window, else null (then only `reserve` can tell). No statement: a guard asks it before
   * any work that would be wasted on a refusal.
   */
  refusedNow(key: string, now?: Date): number | null;
  release(reservation: Reservation): Promise<void>;
  /** Forgets a key's window (tests). */
  reset(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;
/** Refused keys remembered per process; past this, expired ones go, then the oldest. */
export const REFUSED_KEYS_MAX = 10_000;

/**
 * The keys the shared counter refused, each until its window ends (docs/decisions/206): the next
 * attempts of a refused key are refused here, in memory, without a statement, so a one-address
 * flood costs the database nothing once it is over the limit. The database stays the authority:
 * a key is remembered only after the shared counter refused it, and only for the window the
 * counter reported; a release or a reset in this process forgets it at once.
 */
export function createRefusedKeys(max = REFUSED_KEYS_MAX) {
  const until = new Map<string, number>();
  return {
    /** Seconds until the remembered refusal ends, or null when the shared counter must be asked. */
    check(key: string, now: number): number | null {
      const end = until.get(key);
      if (end === undefined) return null;
      if (end <= now) {
        until.delete(key);
        return null;
      }
      return Math.max(1, Math.ceil((end - now) / 1000));
    },
    remember(key: string, end: number, now: number) {
      if (until.size >= max && !until.has(key)) {
        for (const [k, e] of until) if (e <= now) until.delete(k);
        // Still full: the oldest entry goes (a Map iterates in insertion order).
        if (until.size >= max) until.delete(until.keys().next().value as string);
      }
      until.set(key, end);
    },
    forget(key: string) {
      until.delete(key);
    },
    get size() {
      return until.size;
    },
  };
}

/** Builds named limiters on one database; built once in createDeps. */
export function createRateLimits(db: Db, refused = createRefusedKeys()) {
  let lastSweep = 0;
  const sweep = async (now: Date) => {
    if (now.getTime() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now.getTime();
    await db.delete(rateLimits).where(lte(rateLimits.resetAt, now));
  };

  return function limiter(name: string, limit: number, windowMs: number): RateLimiter {
    const full = (key: string) => `${name}:${key}`.slice(0, 400);
    return {
      limit,
      windowMs,
      async reserve(key, now = new Date()) {
        const k = full(key);
        // Already refused by the shared counter in this window: no statement at all.
        const wait = refused.check(k, now.getTime());
        if (wait !== null) return { ok: false, retryAfter: wait };
        const at = sql`${now.toISOString()}::timestamptz`;
        // A new window starts at 1; inside a live window the count rises only while under
        // the limit. The row lock of ON CONFLICT makes concurrent reservations queue here.
        const [row] = await db
          .insert(rateLimits)
          .values({ key: k, count: 1, resetAt: new Date(now.getTime() + windowMs) })
          .onConflictDoUpdate({
            target: rateLimits.key,
            set: {
              count: sql`case when ${rateLimits.resetAt} <= ${at} then 1 else ${rateLimits.count} + 1 end`,
              resetAt: sql`case when ${rateLimits.resetAt} <= ${at} then excluded.reset_at else ${rateLimits.resetAt} end`,
            },
            setWhere: sql`${rateLimits.resetAt} <= ${at} or ${rateLimits.count} < ${limit}`,
          })
          .returning({ resetAt: rateLimits.resetAt });
        void sweep(now).catch(() => {});
        if (row) return { ok: true, key: k, resetAt: row.resetAt };
        const [held] = await db.select({ resetAt: rateLimits.resetAt }).from(rateLimits).where(eq(rateLimits.key, k));
        const end = held ? held.resetAt.getTime() : now.getTime() + windowMs;
        refused.remember(k, end, now.getTime());
        const ms = end - now.getTime();
        return { ok: false, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
      },
      refusedNow(key, now = new Date()) {
        return refused.check(full(key), now.getTime());
      },
      async release(r) {
        if (!r.ok) return;
        refused.forget(r.key);
        // Only within the window the reservation was counted in.
        await db
          .update(rateLimits)
          .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
          .where(and(eq(rateLimits.key, r.key), eq(rateLimits.resetAt, r.resetAt)));
      },
      async reset(key) {
        refused.forget(full(key));
        await db.delete(rateLimits).where(eq(rateLimits.key, full(key)));
      },
    };
  };
}
