// The two servers bench/http.ts compares, each in its own process:
//   app  — the real app (Elysia, origin check, context, lucia, JSON mapping)
//   bare — a bare Bun.serve handler doing the same session lookup on the same database
import { createApp } from '../../src/app/app';
import { createLucia } from '../../src/domains/auth/lucia';
import { openDatabase } from '../../src/server/db/client';
import { createDeps } from '../../src/app/deps';
import { loadEnv } from '../../src/server/env';
import { startQueue } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/log';
import { toPublicUser } from '../../src/domains/users/service';

const [mode, port] = process.argv.slice(2);
const env = loadEnv({ ...process.env, PORT: port, LOG_LEVEL: 'error' });
const database = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
await database.migrate();

if (mode === 'app') {
  const log = createLogger('error');
  const queue = await startQueue(database, log);
  const deps = createDeps({ env, db: database.db, queue, log });
  createApp(deps).listen({ port: Number(port), hostname: '127.0.0.1' });
} else {
  const auth = createLucia(database.db, { secure: false });
  Bun.serve({
    port: Number(port),
    hostname: '127.0.0.1',
    async fetch(req) {
      const id = auth.readSessionCookie(req.headers.get('cookie') ?? '');
      const { user } = id ? await auth.validateSession(id) : { user: null };
      if (!user) return Response.json({ message: 'Not authenticated' }, { status: 401 });
      return Response.json(toPublicUser(user));
    },
  });
}
console.log('ready');
