import type { AppDeps } from '../../server/context';
import { emailJob } from '../../server/jobs/email-job';
import type { JobDefinition } from '../../server/jobs/queue';
import { parseMailbox } from '../../server/providers/email/types';
import { SUPPORT_EMAIL_JOB, sendSupportEmail, type SupportEmailJob } from './service';

/** Support's address: SUPPORT_EMAIL, else MAIL_FROM's (without SMTP: the sandbox inbox). */
export const supportAddress = (deps: Pick<AppDeps, 'env' | 'providers'>) =>
  deps.env.SUPPORT_EMAIL ? parseMailbox(deps.env.SUPPORT_EMAIL) : { name: 'Support', address: deps.providers.email.from.address };

export function supportJobs(deps: AppDeps): JobDefinition<any>[] {
  return [emailJob<SupportEmailJob>(SUPPORT_EMAIL_JOB, (job) => sendSupportEmail({ db: deps.db, email: deps.providers.email, to: supportAddress(deps), job }))];
}
