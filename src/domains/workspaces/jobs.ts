import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { INVITE_EMAIL_JOB, sendInviteEmail, type InviteEmailJob } from './invites';

export function workspaceJobs(deps: AppDeps): JobDefinition<InviteEmailJob>[] {
  const inviteEmail: JobDefinition<InviteEmailJob> = {
    name: INVITE_EMAIL_JOB,
    retryLimit: 3,
    expireInSeconds: 120,
    handler: (job) => sendInviteEmail({ db: deps.db, email: deps.providers.email, job }),
  };
  return [inviteEmail];
}
