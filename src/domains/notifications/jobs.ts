import type { AppDeps } from '../../server/context';
import { emailJob } from '../../server/jobs/email-job';
import type { JobDefinition } from '../../server/jobs/queue';
import { NOTICE_DIGEST_JOB, NOTICE_EMAIL_JOB } from './constants';
import { sendDigests } from './digest';
import { sendNoticeEmail } from './email';

export function notificationJobs(deps: AppDeps): JobDefinition<any>[] {
  const email = emailJob<{ noticeId: string }>(NOTICE_EMAIL_JOB, ({ noticeId }) =>
    sendNoticeEmail({ db: deps.db, email: deps.providers.email, noticeId, env: deps.env }),
  );
  // The daily summary of the day before, at 07:00 UTC.
  const digest: JobDefinition<object> = { name: NOTICE_DIGEST_JOB, cron: '0 7 * * *', retryLimit: 2, expireInSeconds: 600, handler: () => sendDigests(deps) };
  return [email, digest];
}
