import { openDatabase } from '../server/db/client';
import { createDeps } from './deps';
import { loadEnv } from '../server/env';
import { startQueue } from '../server/jobs/queue';
import { jobDefinitions } from './job-registry';
import { createLogger } from '../server/log';
import { loadSecrets, missingSharedSecret } from '../server/secrets';
import { handleShutdown } from './shutdown';

// `bun run worker`: a job worker without HTTP, sharing the queue with the app
// processes. It needs the PostgreSQL server: PGlite is one process's database.
const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
if (!env.DATABASE_URL) {
  log.error('bun run worker needs DATABASE_URL: the embedded database already runs its worker inside the app');
  process.exit(1);
}
const unshared = missingSharedSecret(env, 'worker');
if (unshared) {
  log.error(unshared);
  process.exit(1);
}
loadSecrets(env);
const database = openDatabase({ url: env.DATABASE_URL });
await database.migrate();
const queue = await startQueue(database, log);
const deps = createDeps({ env, db: database.db, queue, log });
const jobs = jobDefinitions(deps);
await queue.work(jobs);
log.info('worker started', { queues: jobs.map((j) => j.name) });

handleShutdown({ log, graceSeconds: env.SHUTDOWN_GRACE_SECONDS, queue, database });
