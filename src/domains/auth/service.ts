import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { Auth } from '../../server/auth/lucia';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../server/auth/password';
import { isUniqueViolation } from '../../server/db/errors';
import { AppError } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import { newId } from '../../shared/ids';
import { startTrial } from '../billing/service';
import { DEFAULT_SETTINGS } from '../settings/schemas';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';
import type { TChangePassword, TLogin, TRegister } from './schemas';

/** Creates the user, its default settings and its Pro trial in one transaction, then a session. */
export async function register(opts: { db: Db; auth: Auth; input: TRegister }) {
  const { db, auth, input } = opts;
  const [taken] = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      or(
        sql`lower(${users.username}) = lower(${input.username})`,
        sql`lower(${users.email}) = lower(${input.email})`,
      ),
    )
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
      await startTrial(tx as unknown as Db, id);
      return created;
    });
    const session = await auth.createSession(id, {});
    return { user: toPublicUser(row), session };
  } catch (e) {
    // Two sign-ups racing for the same name: the unique index decides.
    if (isUniqueViolation(e)) throw conflictFor(String(e).includes('email') ? 'email' : 'username');
    throw e;
  }
}

function conflictFor(field: 'username' | 'email') {
  return new AppError(
    'CONFLICT',
    field === 'username' ? 'This username is already taken' : 'This email is already registered',
  );
}

/** Logs in by username or e-mail. Failures are throttled per username and per client address. */
export async function login(opts: {
  db: Db;
  auth: Auth;
  input: TLogin;
  ip: string;
  limits: { loginByUser: RateLimiter; loginByIp: RateLimiter };
}) {
  const { db, auth, input, ip, limits } = opts;
  const userKey = input.username.toLowerCase();
  const wait = Math.max(limits.loginByUser.retryAfter(userKey), limits.loginByIp.retryAfter(ip));
  if (wait > 0) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed login attempts. Please try again in ${Math.ceil(wait / 60)} minute(s).`, {
      retryAfter: wait,
    });
  }
  const [row] = await db
    .select()
    .from(users)
    .where(or(sql`lower(${users.username}) = ${userKey}`, sql`lower(${users.email}) = ${userKey}`))
    .limit(1);
  const ok = row ? await verifyPassword(input.password, row.passwordHash) : (await burnPasswordCheck(input.password), false);
  if (!row || !ok) {
    limits.loginByUser.hit(userKey);
    limits.loginByIp.hit(ip);
    throw new AppError('UNAUTHORIZED', 'Invalid username or password');
  }
  limits.loginByUser.reset(userKey);
  const session = await auth.createSession(row.id, {});
  return { user: toPublicUser(row), session };
}

/** Current password required; every other session of the user ends. */
export async function changePassword(opts: { db: Db; auth: Auth; userId: string; sessionId: string | null; input: TChangePassword }) {
  const { db, auth, userId, sessionId, input } = opts;
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row || !(await verifyPassword(input.currentPassword, row.passwordHash))) {
    throw new AppError('BAD_REQUEST', 'Current password is incorrect');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
  const sessions = await auth.getUserSessions(userId);
  await Promise.all(sessions.filter((s) => s.id !== sessionId).map((s) => auth.invalidateSession(s.id)));
  return { ok: true as const };
}
