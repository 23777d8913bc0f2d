import { mkdirSync } from 'node:fs';
import { createApp } from './app';
import { openDatabase } from '../server/db/client';
import { createDeps } from './deps';
import { loadEnv } from '../server/env';
import { startQueue } from '../server/jobs/queue';
import { jobDefinitions } from './job-registry';
import { createLogger } from '../server/log';
import { loadSecrets, missingSharedSecret } from '../server/secrets';
import { handleShutdown } from './shutdown';

const started = performance.now();
const env = loadEnv();
const log = createLogger(env.LOG_LEVEL);
const unshared = missingSharedSecret(env, 'app');
if (unshared) {
  log.error(unshared);
  process.exit(1);
}
mkdirSync(env.DATA_DIR, { recursive: true });
loadSecrets(env);

const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const queue = await startQueue(database, log);
const deps = createDeps({ env, db: database.db, queue, log });
const jobs = jobDefinitions(deps);
await queue.register(jobs);
const app = createApp(deps).listen({ port: env.PORT, hostname: env.HOST });
// PGlite is one connection in one process: the embedded default always runs the worker here.
const runWorker = env.WORKER === 'on' || database.kind === 'pglite';
if (runWorker) await queue.work(jobs);

log.info('server started', {
  url: `http://localhost:${app.server?.port}`,
  database: database.kind,
  storage: deps.providers.storage.name,
  worker: runWorker,
  ms: Math.round(performance.now() - started),
});

handleShutdown({ log, graceSeconds: env.SHUTDOWN_GRACE_SECONDS, queue, database, stopHttp: () => app.stop() });
