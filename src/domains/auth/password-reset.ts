import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Auth } from './lucia';
import { hashPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/client';
import { AppError, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { emailBody, localeFor, t } from '../../server/i18n/translate';
import { newToken } from '../../shared/ids';
import { revokeAllApiKeys } from '../api-keys/service';
import { users } from '../users/tables';
import type { TForgotPassword, TResetPassword } from './schemas';
import { passwordResets } from './tables';

const TTL_MS = 60 * 60 * 1000;
export const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');

export const PASSWORD_RESET_JOB = 'password-reset-email';
export type PasswordResetJob = { email: string; baseUrl: string };

/**
 * Queues the reset e-mail. The answer is the same, and the request does the same work
 * (two limit counters, one job), whether or not the address has an account: the lookup,
 * the link and the e-mail happen in the job, so neither the body nor the timing tells.
 */
export async function requestPasswordReset(opts: { queue: Pick<JobQueue, 'send'>; input: TForgotPassword; baseUrl: string; ip: string; limiter: RateLimiter }) {
  const email = opts.input.email.toLowerCase();
  for (const key of [`e:${email}`, `i:${opts.ip}`]) {
    const hold = await opts.limiter.reserve(key);
    if (!hold.ok) throw rateLimited('Too many reset requests. Please try again later.', hold.retryAfter);
  }
  await opts.queue.send<PasswordResetJob>(PASSWORD_RESET_JOB, { email, baseUrl: opts.baseUrl });
  return { ok: true as const };
}

/** The job: a one-hour link by e-mail when the address belongs to an account, nothing otherwise. */
export async function sendPasswordResetEmail(opts: { db: Db; email: EmailProvider; job: PasswordResetJob; now?: Date }) {
  const { db, job, now = new Date() } = opts;
  const [user] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, settings: users.settings })
    .from(users)
    .where(sql`lower(${users.email}) = ${job.email.toLowerCase()}`);
  if (!user) return { sent: false };

  const token = newToken() + newToken();
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now.getTime() + TTL_MS) });
  const link = `${job.baseUrl}/reset-password?token=${token}`;
  const locale = localeFor(user);
  await opts.email.send({
    userId: user.id,
    to: { name: user.fullName, address: user.email },
    // In the user's language (decision 223).
    subject: t(locale, 'Reset your password'),
    ...emailBody(locale, {
      greeting: ['Hello {name},', { name: user.fullName }],
      before: [['Someone asked to reset the password of your account. If it was you, open this link within an hour:']],
      link,
      button: 'Choose a new password',
      after: 'If it was not you, ignore this e-mail: your password stays as it is.',
    }),
    messageId: `<reset.${sha256(token).slice(0, 24)}@${domainOf(opts.email.from.address)}>`,
    reference: `password-reset:${user.id}`,
    // The link resets the account: in the sandbox inbox (shared with a team's members) it is this user's alone.
    readableBy: { userId: user.id },
  });
  return { sent: true };
}

/**
 * Sets the new password with a live, unused link; every session of the user ends and every
 * API key is revoked (whoever asked for the reset may not be the only one who held them).
 */
export async function resetPassword(opts: { db: Db; auth: Auth; input: TResetPassword; now?: Date }) {
  const { db, auth, input, now = new Date() } = opts;
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!row) throw new AppError('INVALID_INPUT', 'This reset link is invalid or has expired');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    // Older links of the same user die with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    await revokeAllApiKeys({ db: tx as unknown as Db, userId: row.userId, now });
    return row.userId;
  });
  await auth.invalidateUserSessions(userId);
  return { ok: true as const };
}
