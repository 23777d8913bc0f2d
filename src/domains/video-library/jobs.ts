import type { AppDeps } from '../../server/context';
import type { JobDefinition } from '../../server/jobs/queue';
import { orphanFilesJob } from './orphan-files';

export function videoLibraryJobs(deps: AppDeps): JobDefinition<object>[] {
  return [orphanFilesJob(deps)];
}
