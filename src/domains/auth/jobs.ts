import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { PASSWORD_RESET_JOB, sendPasswordResetEmail, type PasswordResetJob } from './password-reset';

export function authJobs(deps: AppDeps): JobDefinition<any>[] {
  const resetEmail: JobDefinition<PasswordResetJob> = {
    name: PASSWORD_RESET_JOB,
    retryLimit: 3,
    expireInSeconds: 120,
    handler: (job) => sendPasswordResetEmail({ db: deps.db, email: deps.providers.email, job }),
  };
  return [resetEmail];
}
