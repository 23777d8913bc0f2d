import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Auth } from '../../server/auth/lucia';
import { hashPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/client';
import { AppError } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { newToken } from '../../shared/ids';
import { users } from '../users/tables';
import type { TForgotPassword, TResetPassword } from './schemas';
import { passwordResets } from './tables';

const TTL_MS = 60 * 60 * 1000;
const sha256 = (s: string) => new Bun.CryptoHasher('sha256').update(s).digest('hex');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sends a one-hour reset link when the address belongs to an account. The answer is
 * the same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(opts: {
  db: Db;
  email: EmailProvider;
  input: TForgotPassword;
  baseUrl: string;
  ip: string;
  limiter: RateLimiter;
  now?: Date;
}) {
  const { db, input, now = new Date() } = opts;
  const key = input.email.toLowerCase();
  if (opts.limiter.retryAfter(`e:${key}`) > 0 || opts.limiter.retryAfter(`i:${opts.ip}`) > 0) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many reset requests. Please try again later.');
  }
  opts.limiter.hit(`e:${key}`);
  opts.limiter.hit(`i:${opts.ip}`);
  const [user] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${key}`);
  if (!user) return { ok: true as const };

  const token = newToken() + newToken();
  await db.insert(passwordResets).values({ tokenHash: sha256(token), userId: user.id, expiresAt: new Date(now.getTime() + TTL_MS) });
  const link = `${opts.baseUrl}/reset-password?token=${token}`;
  await opts.email.send({
    userId: user.id,
    to: { name: user.fullName, address: user.email },
    subject: 'Reset your password',
    text: `Hello ${user.fullName},\n\nSomeone asked to reset the password of your account. If it was you, open this link within an hour:\n\n${link}\n\nIf it was not you, ignore this e-mail: your password stays as it is.\n`,
    html: `<p>Hello ${escapeHtml(user.fullName)},</p><p>Someone asked to reset the password of your account. If it was you, open this link within an hour:</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
    messageId: `<reset.${sha256(token).slice(0, 24)}@${domainOf(opts.email.from.address)}>`,
    reference: `password-reset:${user.id}`,
  });
  return { ok: true as const };
}

/** Sets the new password with a live, unused link; every session of the user ends. */
export async function resetPassword(opts: { db: Db; auth: Auth; input: TResetPassword; now?: Date }) {
  const { db, auth, input, now = new Date() } = opts;
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(input.token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!row) throw new AppError('BAD_REQUEST', 'This reset link is invalid or has expired');
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, row.userId));
    // Older links of the same user die with this one.
    await tx.update(passwordResets).set({ usedAt: now }).where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
    return row.userId;
  });
  await auth.invalidateUserSessions(userId);
  return { ok: true as const };
}
