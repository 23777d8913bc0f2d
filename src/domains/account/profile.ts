import type { Db } from '../../server/db/client';
import type { RateLimiter } from '../../server/http/rate-limit';
import type { JobQueue } from '../../server/jobs/queue';
import { requestEmailChange } from '../auth/email-verification';
import type { TUpdateProfile } from '../users/schemas';
import { updateProfile } from '../users/service';

/**
 * The profile form and PATCH /api/users/:id. A new e-mail address needs the current password and is
 * only asked for: a link goes to it, and the account's address stays the old one until it is opened
 * (docs/decisions/205). The same address in another case is no change. A refused change changes nothing.
 */
export async function updateOwnProfile(opts: {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  limiter: RateLimiter;
  userId: string;
  currentEmail: string;
  input: TUpdateProfile;
  baseUrl: string;
}) {
  const { email, currentPassword, ...rest } = opts.input;
  const changing = email !== undefined && email.toLowerCase() !== opts.currentEmail.toLowerCase();
  const pending = changing
    ? await requestEmailChange({
        db: opts.db,
        queue: opts.queue,
        limiter: opts.limiter,
        userId: opts.userId,
        newEmail: email,
        currentPassword,
        baseUrl: opts.baseUrl,
      })
    : null;
  const user = await updateProfile({ db: opts.db, userId: opts.userId, input: rest });
  return { ...user, pendingEmail: pending?.pendingEmail ?? null };
}
