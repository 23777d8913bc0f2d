import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Db } from '../db/client';
import { createLocalStorage } from '../providers/storage/local';
import { createS3Storage } from '../providers/storage/s3';
import { TestClient, testApp } from '../../test/harness';
import { readiness } from './health';

let t: Awaited<ReturnType<typeof testApp>>;
let scratch: string;
let silent: Server;
let silentPort = 0;
beforeAll(async () => {
  t = await testApp();
  scratch = await mkdtemp(join(tmpdir(), 'health-'));
  // Accepts connections and never answers: a storage endpoint that hangs.
  silent = createServer(() => {});
  await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
  silentPort = (silent.address() as { port: number }).port;
}, 120_000);
afterAll(async () => {
  silent.close();
  await rm(scratch, { recursive: true, force: true });
});

test('GET /api/health answers 200 with the database and the storage, /api/health/live without touching either', async () => {
  const anon = new TestClient(t.app);
  const ready = await anon.get('/api/health');
  expect(ready.status).toBe(200);
  expect(ready.data).toEqual({ ok: true, database: 'ok', storage: 'ok' });
  expect((await anon.get('/api/health/live')).data).toEqual({ ok: true });
});

test('a storage that cannot be written, or hangs, makes readiness fail with the part named', async () => {
  const file = join(scratch, 'not-a-dir');
  await writeFile(file, 'x');
  const broken = createLocalStorage(join(file, 'files'));
  expect(await readiness({ db: t.deps.db, storage: broken })).toEqual({
    ok: false,
    database: 'ok',
    storage: 'unavailable',
    message: 'Not ready: the file storage did not answer',
  });
  const hanging = createS3Storage({ bucket: 'b', endpoint: `http://127.0.0.1:${silentPort}`, accessKeyId: 'k', secretAccessKey: 's', region: 'us-east-1' });
  const started = performance.now();
  const state = await readiness({ db: t.deps.db, storage: hanging, timeoutMs: 300 });
  expect(state).toMatchObject({ ok: false, storage: 'unavailable' });
  expect(performance.now() - started).toBeLessThan(2_000);
});

test('a database that does not answer makes readiness fail', async () => {
  const client = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1, connect_timeout: 1, onnotice: () => {} });
  const db = drizzle(client) as unknown as Db;
  const state = await readiness({ db, storage: createLocalStorage(join(scratch, 'ok')), timeoutMs: 1_500 });
  expect(state).toEqual({ ok: false, database: 'unavailable', storage: 'ok', message: 'Not ready: the database did not answer' });
  await client.end({ timeout: 0 });
});
