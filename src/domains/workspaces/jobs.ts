import type { AppDeps } from '../../server/context';
import { emailJob } from '../../server/jobs/email-job';
import type { JobDefinition } from '../../server/jobs/queue';
import { INVITE_EMAIL_JOB, sendInviteEmail, type InviteEmailJob } from './invites';

export function workspaceJobs(deps: AppDeps): JobDefinition<InviteEmailJob>[] {
  return [emailJob<InviteEmailJob>(INVITE_EMAIL_JOB, (job) => sendInviteEmail({ db: deps.db, email: deps.providers.email, job }))];
}
