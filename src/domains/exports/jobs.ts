import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import { linkOrigin } from '../../server/http/base-url';
import type { JobDefinition } from '../../server/jobs/queue';
import { buildExport } from './build';
import { sendExportReadyEmail } from './notify';
import { cleanExpiredExports, EXPORT_CLEANUP_JOB, EXPORT_JOB, type ExportJob } from './service';
import { dataExports } from './tables';

export function exportJobs(deps: AppDeps): JobDefinition<any>[] {
  const { db } = deps;
  const build: JobDefinition<ExportJob> = {
    name: EXPORT_JOB,
    retryLimit: 2,
    retryDelay: 5,
    // A big export takes a minute or more: heartbeats, so a dead worker's job is retried soon.
    heartbeatSeconds: 30,
    expireInSeconds: 60 * 60,
    handler: async ({ exportId, linkOrigin: origin }, job) => {
      try {
        await buildExport({ db, storage: deps.providers.storage, exportId });
      } catch (e) {
        if (job.retryCount >= job.retryLimit) {
          deps.log.error('data export failed', { exportId, error: String((e as Error)?.message ?? e) });
          await db.update(dataExports).set({ status: 'failed', error: 'The export failed. Please try again.' }).where(eq(dataExports.id, exportId));
          return;
        }
        throw e;
      }
      await sendExportReadyEmail({ db, email: deps.providers.email, exportId, baseUrl: linkOrigin(deps.env, origin) });
    },
  };
  const cleanup: JobDefinition<object> = {
    name: EXPORT_CLEANUP_JOB,
    cron: '17 * * * *',
    retryLimit: 1,
    expireInSeconds: 300,
    handler: () => cleanExpiredExports({ db, storage: deps.providers.storage }),
  };
  return [build, cleanup];
}
