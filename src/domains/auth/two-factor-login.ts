import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Auth } from './lucia';
import type { SecretBox } from '../../server/crypto';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import { newToken } from '../../shared/ids';
import { toPublicUser } from '../users/service';
import { users } from '../users/tables';
import { sha256 } from './password-reset';
import { loginChallenges } from './tables';
import { spendSecondFactor, throttled } from './two-factor';
import type { TLoginTwoFactor } from './schemas';

/** How long the password step's pending token lives: time to open the app and type a code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
export const CODE_REQUIRED = 'Two-factor code required';

const expired = () => new AppError('UNAUTHENTICATED', 'This sign-in has expired. Please sign in again.');

/**
 * After a right password for an account with two-factor sign-in: a pending token (shown once,
 * only its SHA-256 kept) and no session. The user's expired challenges are swept here.
 */
export async function createLoginChallenge(opts: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = opts;
  const token = newToken() + newToken();
  await db.delete(loginChallenges).where(and(eq(loginChallenges.userId, userId), lte(loginChallenges.expiresAt, now)));
  await db.insert(loginChallenges).values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) });
  return token;
}

/**
 * The second step: a live pending token and a code. Code checks are throttled like password
 * checks (per account and per client address, reserved before the check); the pending token is
 * spent by one conditional update, and only then is a session created.
 */
export async function completeTwoFactorLogin(opts: {
  db: Db;
  box: SecretBox;
  auth: Auth;
  input: TLoginTwoFactor;
  ip: string;
  limits: { twoFactor: RateLimiter; loginByIp: RateLimiter };
  now?: Date;
}) {
  const { db, auth, input, now = new Date() } = opts;
  const tokenHash = sha256(input.pendingToken);
  const live = and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now));
  const [challenge] = await db.select({ userId: loginChallenges.userId }).from(loginChallenges).where(live);
  if (!challenge) throw expired();
  const { userId } = challenge;
  const holds = [
    { limiter: opts.limits.loginByIp, key: opts.ip },
    { limiter: opts.limits.twoFactor, key: `id:${userId}` },
  ];
  const user = await throttled(
    holds,
    async () => {
      if (!(await spendSecondFactor({ db, box: opts.box, userId, code: input.code, now }))) return null;
      const [spent] = await db.update(loginChallenges).set({ usedAt: now }).where(live).returning({ userId: loginChallenges.userId });
      if (!spent) throw expired();
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },
    'Too many failed login attempts',
  );
  if (!user) throw new AppError('UNAUTHENTICATED', 'Invalid code');
  const session = await auth.createSession(user.id, { workspaceId: null });
  return { user: toPublicUser(user), session };
}
