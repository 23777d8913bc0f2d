import { lt } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { emailVerifications, loginChallenges, passwordResets, sessions } from './tables';

export const AUTH_CLEANUP_JOB = 'auth-cleanup';
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Expired sessions (lucia only refuses them when presented), and reset links, address-check links
 * and two-factor challenges a day past their expiry (kept that long so a late click still reads "expired", not
 * "invalid"). Plain conditional deletes: two workers running it at once delete each row once.
 */
export async function cleanExpiredAuth(opts: { db: Db; now?: Date }) {
  const now = opts.now ?? new Date();
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [s, r, c, v] = await Promise.all([
    opts.db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id }),
    opts.db.delete(passwordResets).where(lt(passwordResets.expiresAt, dayAgo)).returning({ id: passwordResets.tokenHash }),
    opts.db.delete(loginChallenges).where(lt(loginChallenges.expiresAt, dayAgo)).returning({ id: loginChallenges.tokenHash }),
    opts.db.delete(emailVerifications).where(lt(emailVerifications.expiresAt, dayAgo)).returning({ id: emailVerifications.tokenHash }),
  ]);
  return { sessions: s.length, passwordResets: r.length, loginChallenges: c.length, emailVerifications: v.length };
}
