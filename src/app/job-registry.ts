import { authJobs } from '../domains/auth/jobs';
import { avatarJobs } from '../domains/avatars/jobs';
import { distributionJobs } from '../domains/distribution/jobs';
import { exportJobs } from '../domains/exports/jobs';
import { generationJobs } from '../domains/generation/jobs';
import { notificationJobs } from '../domains/notifications/jobs';
import { publishingJobs } from '../domains/publishing/jobs';
import { videoLibraryJobs } from '../domains/video-library/jobs';
import { supportJobs } from '../domains/support/jobs';
import { webhookJobs } from '../domains/webhooks/jobs';
import { workspaceJobs } from '../domains/workspaces/jobs';
import type { AppDeps } from '../server/context';
import type { JobDefinition } from '../server/jobs/queue';

/**
 * Every background job type of the app, listed once so that the app process and
 * `bun run worker` agree. Each domain's jobs.ts exports a factory taking the deps.
 */
export function jobDefinitions(deps: AppDeps): JobDefinition<any>[] {
  return [
    ...authJobs(deps),
    ...generationJobs(deps),
    ...avatarJobs(deps),
    ...distributionJobs(deps),
    ...webhookJobs(deps),
    ...exportJobs(deps),
    ...videoLibraryJobs(deps),
    ...workspaceJobs(deps),
    ...notificationJobs(deps),
    ...supportJobs(deps),
    ...publishingJobs(deps),
  ];
}
