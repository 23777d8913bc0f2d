import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { Auth } from './lucia';
import { verifyPassword } from '../../server/auth/password';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { AppError, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import { newToken } from '../../shared/ids';
import { users } from '../users/tables';
import { loginChallenges, recoveryCodes, twoFactor } from './tables';
import { base32Encode, matchingStep, otpauthUri } from './totp';
import type { TDisableTwoFactor, TEnableTwoFactor } from './schemas';

// Two-factor sign-in with an authenticator app (RFC 6238) and ten recovery codes
// (docs/decisions/160). Services only: the login steps are in two-factor-login.ts.

export const ISSUER = 'Avatar Studio';
export const RECOVERY_CODE_COUNT = 10;
// The secret's ciphertext is bound to its user: copied to another row, it no longer decrypts.
const aadFor = (userId: string) => `two-factor:${userId}`;
// Keyed by the user too, so that two users' codes never share a hash.
const recoveryHash = (box: SecretBox, userId: string, code: string) => box.mac(`${userId}:${code}`, 'two-factor-recovery');
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const tooManyAttempts = (retryAfter: number, what = 'Too many attempts') =>
  rateLimited(`${what}. Please try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);

/**
 * Runs a guarded check like a password check (decision 080): a place is reserved in every
 * window first, so that however many attempts run at once at most the limit are checked;
 * a success (a non-null result) gives the places back, a failure keeps them.
 */
export async function throttled<T>(holds: { limiter: RateLimiter; key: string }[], work: () => Promise<T | null>, what?: string): Promise<T | null> {
  // A window this process already saw refused: no reservation, hence no write (decision 206).
  for (const { limiter, key } of holds) {
    const wait = limiter.refusedNow(key);
    if (wait !== null) throw tooManyAttempts(wait, what);
  }
  const reserved = [];
  for (const { limiter, key } of holds) {
    const r = await limiter.reserve(key);
    if (!r.ok) {
      await Promise.all(reserved.map((x) => x.limiter.release(x.r)));
      throw tooManyAttempts(r.retryAfter, what);
    }
    reserved.push({ limiter, r });
  }
  const out = await work();
  if (out !== null) await Promise.all(reserved.map((x) => x.limiter.release(x.r)));
  return out;
}

export async function twoFactorStatus(opts: { db: Db; userId: string }) {
  const [row] = await opts.db.select({ enabledAt: twoFactor.enabledAt }).from(twoFactor).where(eq(twoFactor.userId, opts.userId));
  const enabled = Boolean(row?.enabledAt);
  if (!enabled) return { enabled, recoveryCodesLeft: 0 };
  const [left] = await opts.db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, opts.userId), isNull(recoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: Number(left?.n ?? 0) };
}

export async function isTwoFactorEnabled(opts: { db: Db; userId: string }) {
  const { db, userId } = opts;
  const [row] = await db
    .select({ userId: twoFactor.userId })
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  return Boolean(row);
}

const alreadyOn = () => new AppError('CONFLICT', 'Two-factor sign-in is already on');

/**
 * Starts (or restarts) a set-up: a fresh 160-bit secret, stored encrypted and not yet in force.
 * The secret, its otpauth:// URI and the URI's QR code (an SVG drawn here, shown as a data: URL
 * which the app's CSP allows in img-src) are returned to the signed-in user, and only to them.
 */
export async function beginTwoFactorSetup(opts: { db: Db; box: SecretBox; userId: string; account: string }) {
  const { db, box, userId } = opts;
  if (await isTwoFactorEnabled({ db, userId })) throw alreadyOn();
  const secret = base32Encode(crypto.getRandomValues(new Uint8Array(20)));
  const secretEncrypted = await box.encrypt(secret, aadFor(userId));
  const [row] = await db
    .insert(twoFactor)
    .values({ userId, secretEncrypted })
    .onConflictDoUpdate({
      target: twoFactor.userId,
      set: { secretEncrypted, lastUsedStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactor.enabledAt),
    })
    .returning({ userId: twoFactor.userId });
  if (!row) throw alreadyOn();
  const uri = otpauthUri({ secret, account: opts.account, issuer: ISSUER });
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2, ecc: 'M' }) };
}

function newRecoveryCode() {
  const s = newToken().slice(0, 10);
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/**
 * Confirms the set-up with the current password and a code from the app: two-factor sign-in is on
 * from then, every other session of the user ends (one opened by whoever knew the password alone
 * must not outlive the new rule; the current one stays), and ten recovery codes (50 bits each) are
 * returned once; only their keyed hashes are kept. The password is checked first, so a wrong
 * password spends no code; both count against the same throttle.
 */
export async function enableTwoFactor(opts: {
  db: Db;
  box: SecretBox;
  auth: Pick<Auth, 'getUserSessions' | 'invalidateSession'>;
  userId: string;
  sessionId: string;
  input: TEnableTwoFactor;
  limiter: RateLimiter;
  now?: Date;
}) {
  const { db, box, userId, now = new Date() } = opts;
  const out = await throttled([{ limiter: opts.limiter, key: `id:${userId}` }], async () => {
    const [row] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    if (!row) throw new AppError('INVALID_INPUT', 'Start the set-up again');
    if (row.enabledAt) throw alreadyOn();
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user || !(await verifyPassword(opts.input.password, user.passwordHash))) return null;
    const step = matchingStep(await box.decrypt(row.secretEncrypted, aadFor(userId)), opts.input.code, now);
    if (step === null) return null;
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map((c) => recoveryHash(box, userId, normalise(c))));
    await db.transaction(async (tx) => {
      const [won] = await tx
        .update(twoFactor)
        .set({ enabledAt: now, lastUsedStep: step })
        .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
        .returning({ userId: twoFactor.userId });
      if (!won) throw alreadyOn();
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ codeHash, userId })));
    });
    const others = (await opts.auth.getUserSessions(userId)).filter((s) => s.id !== opts.sessionId);
    await Promise.all(others.map((s) => opts.auth.invalidateSession(s.id)));
    return { recoveryCodes: codes, signedOutSessions: others.length };
  });
  if (!out) throw new AppError('INVALID_INPUT', 'Password or code is incorrect');
  return out;
}

/**
 * Spends a second factor: the app's code, accepted once (its time step must be later than the
 * last one accepted, in one conditional update, so two requests with one code cannot both pass),
 * or an unused recovery code (marked used by one conditional update). Null when neither.
 */
export async function spendSecondFactor(opts: { db: Db; box: SecretBox; userId: string; code: string; now?: Date }): Promise<'totp' | 'recovery' | null> {
  const { db, box, userId, now = new Date() } = opts;
  const [row] = await db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)));
  if (!row) return null;
  const code = normalise(opts.code);
  if (/^\d{6}$/.test(code)) {
    const step = matchingStep(await box.decrypt(row.secretEncrypted, aadFor(userId)), code, now);
    if (step === null) return null;
    const [won] = await db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastUsedStep), lt(twoFactor.lastUsedStep, step))))
      .returning({ userId: twoFactor.userId });
    return won ? 'totp' : null;
  }
  if (!/^[a-z2-7]{10}$/.test(code)) return null;
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.codeHash, await recoveryHash(box, userId, code)), eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .returning({ userId: recoveryCodes.userId });
  return spent ? 'recovery' : null;
}

/** Turns two-factor sign-in off: the current password and a code (or a recovery code) are both needed. */
export async function disableTwoFactor(opts: { db: Db; box: SecretBox; userId: string; input: TDisableTwoFactor; limiter: RateLimiter; now?: Date }) {
  const { db, userId } = opts;
  const out = await throttled([{ limiter: opts.limiter, key: `id:${userId}` }], async () => {
    const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!user || !(await verifyPassword(opts.input.password, user.passwordHash))) return null;
    if (!(await spendSecondFactor({ db, box: opts.box, userId, code: opts.input.code, now: opts.now }))) return null;
    await db.transaction(async (tx) => {
      await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
      await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
    });
    return { ok: true as const };
  });
  if (!out) throw new AppError('INVALID_INPUT', 'Password or code is incorrect');
  return out;
}
