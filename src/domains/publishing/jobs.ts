import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { INSIGHTS_CRON, INSIGHTS_JOB, UPLOAD_JOB } from './constants';
import { refreshAllInsights } from './insights';
import { runUpload } from './upload';

export function publishingJobs(deps: AppDeps): JobDefinition<any>[] {
  const upload: JobDefinition<{ publicationId: string }> = {
    name: UPLOAD_JOB,
    // Network failures and 5xx: retried with exponential backoff from PUBLISH_RETRY_SECONDS (30 s; at most 5 min apart).
    retryLimit: 6,
    retryDelay: deps.env.PUBLISH_RETRY_SECONDS,
    // Uploads can be long: a dead worker is noticed by its missing heartbeat, and the stored session resumed.
    heartbeatSeconds: 30,
    concurrency: 2,
    handler: ({ publicationId }, job) => runUpload(deps, publicationId, job),
  };
  const insights: JobDefinition<object> = {
    name: INSIGHTS_JOB,
    cron: INSIGHTS_CRON,
    retryLimit: 1,
    expireInSeconds: 20 * 60,
    handler: () => refreshAllInsights(deps),
  };
  return [upload, insights];
}
