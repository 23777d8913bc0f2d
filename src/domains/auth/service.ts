import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Auth } from './lucia';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../server/auth/password';
import { isUniqueViolation } from '../../server/db/errors';
import { AppError, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import { newId } from '../../shared/ids';
import { revokeAllApiKeys } from '../api-keys/service';
import { startTrial } from '../billing/service';
import { DEFAULT_SETTINGS } from '../settings/schemas';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';
import type { TChangePassword, TLogin, TRegister } from './schemas';
import { queueEmailVerification } from './email-verification';
import { isTwoFactorEnabled } from './two-factor';
import { createLoginChallenge } from './two-factor-login';

/**
 * Creates the user, its default settings and its Pro trial in one transaction, then a session.
 * Every attempt counts against the client address's hourly limit, refused ones included:
 * "This email is already registered" is the spec's answer, so asking it must be throttled too.
 */
export async function register(opts: {
  db: Db;
  auth: Auth;
  input: TRegister;
  ip: string;
  limiter: RateLimiter;
  /** Where the link proving the new address goes out (docs/decisions/205). */
  verification: { queue: Pick<JobQueue, 'send'>; baseUrl: string };
}) {
  const { db, auth, input } = opts;
  const hold = await opts.limiter.reserve(opts.ip);
  if (!hold.ok) {
    throw rateLimited(`Too many sign-ups from this address. Please try again in ${Math.ceil(hold.retryAfter / 60)} minute(s).`, hold.retryAfter);
  }
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(or(sql`lower(${users.username}) = lower(${input.username})`, sql`lower(${users.email}) = lower(${input.email})`))
    .limit(1);
  if (taken) throw conflictFor(taken.username.toLowerCase() === input.username.toLowerCase() ? 'username' : 'email');

  const passwordHash = await hashPassword(input.password);
  const id = newId();
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          id,
          username: input.username,
          email: input.email,
          fullName: input.fullName,
          companyName: input.companyName || input.company || null,
          passwordHash,
          settings: DEFAULT_SETTINGS,
        })
        .returning();
      await startTrial({ db: tx as unknown as Db, userId: id });
      return created;
    });
    await queueEmailVerification({ ...opts.verification, userId: id, email: input.email });
    const session = await auth.createSession(id, { workspaceId: null });
    return { user: toPublicUser(row), session };
  } catch (e) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (isUniqueViolation(e)) throw conflictFor(String(e).includes('email') ? 'email' : 'username');
    throw e;
  }
}

function conflictFor(field: 'username' | 'email') {
  return new AppError('ALREADY_EXISTS', field === 'username' ? 'This username is already taken' : 'This email is already registered');
}

const tooManyLogins = (retryAfter: number) =>
  rateLimited(`Too many failed login attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute(s).`, retryAfter);

/**
 * Logs in by username or e-mail. Each attempt reserves a place in the per-address and the
 * per-account windows before the password is checked and gives it back on success, so
 * that at most the limit is ever checked, however many attempts run at once. The account
 * window is keyed by the account (its username and its e-mail share it); an unknown name
 * is keyed by what was typed and still pays one password check, so it answers alike.
 * An account with two-factor sign-in gets a pending token instead of a session (two-factor-login.ts).
 */
export async function login(opts: { db: Db; auth: Auth; input: TLogin; ip: string; limits: { loginByAccount: RateLimiter; loginByIp: RateLimiter } }) {
  const { db, auth, input, ip, limits } = opts;
  const typed = input.username.toLowerCase();
  // An address or an account this process already saw refused is answered before any statement
  // (a flood of refused logins writes nothing: decision 206); otherwise the shared counters decide.
  const ipWait = limits.loginByIp.refusedNow(ip);
  if (ipWait !== null) throw tooManyLogins(ipWait);
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${typed}`, sql`lower(${users.email}) = ${typed}`))
    .limit(1);
  const accountKey = row ? `id:${row.id}` : `typed:${typed}`;
  const accountWait = limits.loginByAccount.refusedNow(accountKey);
  if (accountWait !== null) throw tooManyLogins(accountWait);
  const byIp = await limits.loginByIp.reserve(ip);
  if (!byIp.ok) throw tooManyLogins(byIp.retryAfter);
  const byAccount = await limits.loginByAccount.reserve(accountKey);
  if (!byAccount.ok) {
    // Nothing was checked: the address's place goes back.
    await limits.loginByIp.release(byIp);
    throw tooManyLogins(byAccount.retryAfter);
  }
  const ok = row ? await verifyPassword(input.password, row.passwordHash) : (await burnPasswordCheck(input.password), false);
  if (!row || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid username or password');
  await Promise.all([limits.loginByIp.release(byIp), limits.loginByAccount.release(byAccount)]);
  // With two-factor sign-in the right password only earns a pending token: no session yet.
  if (await isTwoFactorEnabled({ db, userId: row.id }))
    return { twoFactorRequired: true as const, pendingToken: await createLoginChallenge({ db, userId: row.id }) };
  const session = await auth.createSession(row.id, { workspaceId: null });
  return { twoFactorRequired: false as const, user: toPublicUser(row), session };
}

/**
 * Current password required; every other session of the user ends. API keys keep working
 * unless `revokeApiKeys` asks otherwise (integrations are not broken by a routine change).
 */
export async function changePassword(opts: { db: Db; auth: Auth; userId: string; sessionId: string | null; input: TChangePassword }) {
  const { db, auth, userId, sessionId, input } = opts;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError('INVALID_INPUT', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revokedApiKeys = await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    return input.revokeApiKeys ? revokeAllApiKeys({ db: tx as unknown as Db, userId }) : 0;
  });
  const sessions = await auth.getUserSessions(userId);
  await Promise.all(sessions.filter((s) => s.id !== sessionId).map((s) => auth.invalidateSession(s.id)));
  return { ok: true as const, revokedApiKeys };
}
