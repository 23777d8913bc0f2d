import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { verifyPassword } from '../../server/auth/password';
import type { Db } from '../../server/db/client';
import { isUniqueViolation } from '../../server/db/errors';
import { AppError, rateLimited } from '../../server/http/app-error';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import type { EmailProvider } from '../../server/providers/email/types';
import { domainOf } from '../../server/providers/email/types';
import { emailBody, localeFor, t } from '../../server/i18n/translate';
import { newToken } from '../../shared/ids';
import { users } from '../users/tables';
import { EMAIL_MESSAGES, type TConfirmEmail } from './schemas';
import { sha256 } from './password-reset';
import { emailVerifications } from './tables';

// Proving an address (docs/decisions/205): a single-use link sent to it. The sign-up's address is
// verified by it; an e-mail change is made by it (until the link is opened, the old address stays).

const TTL_MS = 24 * 60 * 60 * 1000;

export const EMAIL_VERIFICATION_JOB = 'email-verification-email';
/** The link is minted in the job: no payload holds it. */
export type EmailVerificationJob = { userId: string; email: string; baseUrl: string };

/** Queues the link for `email` (the account's own, or the one it asked to change to). */
export async function queueEmailVerification(opts: { queue: Pick<JobQueue, 'send'>; userId: string; email: string; baseUrl: string }) {
  await opts.queue.send<EmailVerificationJob>(EMAIL_VERIFICATION_JOB, { userId: opts.userId, email: opts.email.toLowerCase(), baseUrl: opts.baseUrl });
}

/** The job: a one-day link to the address, readable in the sandbox inbox by that account alone. */
export async function sendEmailVerification(opts: { db: Db; email: EmailProvider; job: EmailVerificationJob; now?: Date }) {
  const { db, job, now = new Date() } = opts;
  const [user] = await db.select({ id: users.id, fullName: users.fullName, settings: users.settings }).from(users).where(eq(users.id, job.userId));
  if (!user) return { sent: false };
  const token = newToken() + newToken();
  await db.insert(emailVerifications).values({ tokenHash: sha256(token), userId: user.id, email: job.email, expiresAt: new Date(now.getTime() + TTL_MS) });
  const link = `${job.baseUrl}/verify-email?token=${token}`;
  const locale = localeFor(user);
  await opts.email.send({
    userId: user.id,
    to: { name: user.fullName, address: job.email },
    // In the user's language (decision 223).
    subject: t(locale, 'Confirm your e-mail address'),
    ...emailBody(locale, {
      greeting: ['Hello {name},', { name: user.fullName }],
      before: [['Open this link within a day to confirm {email} as the address of your account:', { email: job.email }]],
      link,
      button: 'Confirm my address',
      after: 'If you did not ask for it, ignore this e-mail: nothing changes.',
    }),
    messageId: `<verify.${sha256(token).slice(0, 24)}@${domainOf(opts.email.from.address)}>`,
    reference: `email-verification:${user.id}`,
    readableBy: { userId: user.id },
  });
  return { sent: true };
}

/** Sends the signed-in user's own address a new link (5 an hour); nothing to do once it is verified. */
export async function resendEmailVerification(opts: { db: Db; queue: Pick<JobQueue, 'send'>; limiter: RateLimiter; userId: string; baseUrl: string }) {
  const [me] = await opts.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, opts.userId));
  if (!me) throw new AppError('NOT_FOUND', 'User not found');
  if (me.verifiedAt) throw new AppError('INVALID_INPUT', EMAIL_MESSAGES.alreadyVerified);
  const hold = await opts.limiter.reserve(`id:${opts.userId}`);
  if (!hold.ok) throw rateLimited(EMAIL_MESSAGES.tooMany, hold.retryAfter);
  await queueEmailVerification({ queue: opts.queue, userId: opts.userId, email: me.email, baseUrl: opts.baseUrl });
  return { ok: true as const };
}

/**
 * Asks to change the account's address: the current password is required (the address receives
 * reset links, so changing it is taking the account), the new one must be free, and it becomes the
 * account's only when the link sent to it is opened. Attempts count (5 an hour) before the password check.
 */
export async function requestEmailChange(opts: {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  limiter: RateLimiter;
  userId: string;
  newEmail: string;
  currentPassword: string | undefined;
  baseUrl: string;
}) {
  const { db, userId } = opts;
  const email = opts.newEmail.toLowerCase();
  if (!opts.currentPassword) throw new AppError('INVALID_INPUT', EMAIL_MESSAGES.passwordRequired);
  const hold = await opts.limiter.reserve(`id:${userId}`);
  if (!hold.ok) throw rateLimited(EMAIL_MESSAGES.tooMany, hold.retryAfter);
  const [me] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!me || !(await verifyPassword(opts.currentPassword, me.passwordHash))) throw new AppError('INVALID_INPUT', 'Current password is incorrect');
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email}`, ne(users.id, userId)));
  if (taken) throw new AppError('ALREADY_EXISTS', 'This email is already registered');
  await queueEmailVerification({ queue: opts.queue, userId, email, baseUrl: opts.baseUrl });
  return { pendingEmail: email };
}

/**
 * Opens a link: the address becomes the account's, verified. Single use (one conditional update);
 * the account's other waiting links die with it. An address taken meanwhile by another account: 409.
 */
export async function confirmEmail(opts: { db: Db; input: TConfirmEmail; now?: Date }) {
  const { db, now = new Date() } = opts;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.tokenHash, sha256(opts.input.token)), isNull(emailVerifications.usedAt), gt(emailVerifications.expiresAt, now)))
        .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
      if (!row) throw new AppError('INVALID_INPUT', EMAIL_MESSAGES.invalidLink);
      await tx.update(users).set({ email: row.email, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, row.userId));
      await tx
        .update(emailVerifications)
        .set({ usedAt: now })
        .where(and(eq(emailVerifications.userId, row.userId), isNull(emailVerifications.usedAt)));
      return { ok: true as const, email: row.email };
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('ALREADY_EXISTS', 'This email is already registered');
    throw e;
  }
}
