import { mkdirSync } from 'node:fs';
import { createApp } from './app';
import { openDatabase } from './db/client';
import { createDeps } from './deps';
import { loadEnv } from './env';
import { loadSecrets } from './secrets';

const started = performance.now();
const env = loadEnv();
mkdirSync(env.DATA_DIR, { recursive: true });
loadSecrets(env);

const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();
const deps = createDeps({ env, db: database.db });
const app = createApp(deps).listen({ port: env.PORT, hostname: env.HOST });

deps.log.info('server started', {
  url: `http://localhost:${app.server?.port}`,
  database: database.kind,
  storage: deps.providers.storage.name,
  ms: Math.round(performance.now() - started),
});

async function shutdown(signal: string) {
  deps.log.info('shutting down', { signal });
  await app.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
