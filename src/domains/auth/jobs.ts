import type { AppDeps } from '../../server/context';
import { emailJob } from '../../server/jobs/email-job';
import type { JobDefinition } from '../../server/jobs/queue';
import { AUTH_CLEANUP_JOB, cleanExpiredAuth } from './cleanup';
import { EMAIL_VERIFICATION_JOB, sendEmailVerification, type EmailVerificationJob } from './email-verification';
import { PASSWORD_RESET_JOB, sendPasswordResetEmail, type PasswordResetJob } from './password-reset';

export function authJobs(deps: AppDeps): JobDefinition<any>[] {
  const resetEmail = emailJob<PasswordResetJob>(PASSWORD_RESET_JOB, (job) => sendPasswordResetEmail({ db: deps.db, email: deps.providers.email, job }));
  // Hourly, one run per tick across every process sharing the queue (pg-boss schedule).
  const cleanup: JobDefinition<object> = {
    name: AUTH_CLEANUP_JOB,
    cron: '29 * * * *',
    retryLimit: 1,
    expireInSeconds: 300,
    handler: async () => {
      const gone = await cleanExpiredAuth({ db: deps.db });
      if (gone.sessions + gone.passwordResets + gone.loginChallenges + gone.emailVerifications) deps.log.info('expired sign-in records removed', gone);
    },
  };
  const verifyEmail = emailJob<EmailVerificationJob>(EMAIL_VERIFICATION_JOB, (job) => sendEmailVerification({ db: deps.db, email: deps.providers.email, job }));
  return [resetEmail, verifyEmail, cleanup];
}
