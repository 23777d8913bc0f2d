import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { openDatabase } from '../../src/server/db/client';
import { createDeps } from '../../src/app/deps';
import { loadEnv } from '../../src/server/env';
import { startQueue } from '../../src/server/jobs/queue';
import { createLogger } from '../../src/server/log';

/** Benchmarks use their own database (never `test`): created on first use. */
export async function ensureBenchDatabase(url: string, name = 'bench'): Promise<string> {
  const u = new URL(url);
  const target = new URL(url);
  target.pathname = `/${name}`;
  u.pathname = '/postgres';
  const sql = postgres(u.toString(), { max: 1, onnotice: () => {} });
  const [exists] = await sql`select 1 from pg_database where datname = ${name}`;
  if (!exists) await sql.unsafe(`create database "${name}"`);
  await sql.end();
  return target.toString();
}

/** With DATABASE_URL: the bench's own database `name`, emptied (a fresh schema each run). Without: undefined (PGlite). */
export async function freshBenchDatabase(name: string): Promise<string | undefined> {
  if (!process.env.DATABASE_URL) return undefined;
  const url = await ensureBenchDatabase(process.env.DATABASE_URL, name);
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  for (const schema of ['public', 'drizzle', 'pgboss']) await admin.unsafe(`drop schema if exists "${schema}" cascade`);
  await admin.unsafe('create schema public');
  await admin.end();
  return url;
}

/** The app's deps on a fresh bench database (or in-memory PGlite) with a temporary data dir; no worker started. */
export async function openBenchDeps(name: string) {
  const dbUrl = await freshBenchDatabase(name);
  const dataDir = mkdtempSync(join(tmpdir(), `${name.replaceAll('_', '-')}-`));
  const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: dbUrl, WORKER: 'off', LOG_LEVEL: 'error' });
  const database = openDatabase(dbUrl ? { url: dbUrl } : { memory: true });
  await database.migrate();
  const log = createLogger('error');
  const queue = await startQueue(database, log);
  const deps = createDeps({ env, db: database.db, queue, log });
  return { dataDir, database, queue, deps };
}
