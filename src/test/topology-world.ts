import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { freshDatabase } from '../domains/distribution/fixtures/app-process';
import { type SmtpSink, startSmtpSink } from '../domains/distribution/fixtures/smtp-sink';
import { type S3Fake, startS3Server } from './fakes/storage/s3-server';
import { type Child, freePort, startChild } from './processes';

// The scaled-out deployment of issue 14, on one machine: two app processes (WORKER=off) on their
// own ports and data directories, two `bun run worker` processes, one PostgreSQL database made for
// the run (topo_<random>), a local S3 server (s3rver) and a loopback SMTP sink. Nothing is shared
// between the processes but what a real deployment shares: the database, the bucket, the env.

export const SIGNUP_LIMIT = 8;

export type Topology = {
  a: Child;
  b: Child;
  workers: Child[];
  s3: S3Fake;
  smtp: SmtpSink;
  databaseUrl: string;
  sql: postgres.Sql;
  env: Record<string, string>;
  /** Starts one more worker on the same database (after one was killed). */
  startWorker(name: string): Promise<Child>;
  close(): Promise<void>;
};

export async function startTopology(serverUrl: string, times: Record<string, number>): Promise<Topology> {
  const root = mkdtempSync(join(tmpdir(), 'topology-'));
  const name = `topo_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const children: Child[] = [];
  const opened: { s3?: S3Fake; smtp?: SmtpSink; sql?: postgres.Sql; databaseUrl?: string } = {};
  const close = async () => {
    await Promise.all(children.map((c) => c.kill().catch(() => undefined)));
    await opened.sql?.end({ timeout: 2 }).catch(() => undefined);
    await opened.smtp?.close().catch(() => undefined);
    await opened.s3?.close().catch(() => undefined);
    if (opened.databaseUrl) {
      const admin = new URL(serverUrl);
      admin.pathname = '/postgres';
      const sql = postgres(admin.toString(), { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`).catch(() => undefined);
      await sql.end();
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const t0 = performance.now();
    opened.s3 = await startS3Server();
    opened.smtp = await startSmtpSink();
    opened.databaseUrl = await freshDatabase(serverUrl, name);
    opened.sql = postgres(opened.databaseUrl, { max: 2, onnotice: () => {} });
    const [portA, portB] = [freePort(), freePort()];
    const key = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    const env: Record<string, string> = {
      DATABASE_URL: opened.databaseUrl,
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      // What every process of a deployment shares: the database, the bucket, the secrets, the public URL.
      ENCRYPTION_KEY: key,
      SESSION_SECRET: key,
      APP_URL: `http://127.0.0.1:${portA}`,
      S3_BUCKET: opened.s3.bucket,
      S3_ENDPOINT: opened.s3.endpoint,
      S3_REGION: opened.s3.region,
      S3_ACCESS_KEY_ID: opened.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: opened.s3.secretAccessKey,
      SMTP_URL: opened.smtp.url,
      MAIL_FROM: 'Avatar Studio <studio@topology.example.test>',
      SIGNUP_LIMIT_PER_HOUR: String(SIGNUP_LIMIT),
    };
    const dataDir = (n: string) => {
      const d = join(root, n);
      mkdirSync(d, { recursive: true });
      return d;
    };
    const start = async (n: string, kind: 'app' | 'worker', extra: Record<string, string> = {}) => {
      const child = await startChild({ name: n, kind, env: { ...env, DATA_DIR: dataDir(n), ...extra }, timeoutMs: 90_000 });
      children.push(child);
      return child;
    };
    // All four at once on the empty database: they take turns to migrate (the migration lock).
    const [a, b, w1, w2] = await Promise.all([
      start('app-a', 'app', { PORT: String(portA), WORKER: 'off' }),
      start('app-b', 'app', { PORT: String(portB), WORKER: 'off' }),
      start('worker-1', 'worker'),
      start('worker-2', 'worker'),
    ]);
    times['start 2 apps + 2 workers (fresh database)'] = performance.now() - t0;
    return {
      a: a!,
      b: b!,
      workers: [w1!, w2!],
      s3: opened.s3,
      smtp: opened.smtp,
      databaseUrl: opened.databaseUrl,
      sql: opened.sql,
      env,
      startWorker: (n) => start(n, 'worker'),
      close,
    };
  } catch (e) {
    await close();
    throw e;
  }
}

/** True when the PostgreSQL server in `url` answers within two seconds. */
export async function postgresAnswers(url: string | undefined): Promise<boolean> {
  if (!url) return false;
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => undefined);
  }
}
