/**
 * The login race and the forgot-password timing (not part of `bun test`):
 *   bun bench/login-race.ts [--n 200] [--resets 60]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bun bench/login-race.ts   # runs in bench_login_a
 * The real app on a loopback socket, behind one trusted proxy (TRUST_PROXY=1: each scenario
 * says which client address it is with X-Forwarded-For).
 * 1. N concurrent wrong passwords for one account from one address: how many were checked
 *    (401) and how many refused (429) — the limit is 5 — then the right password (must be 429).
 * 2. N concurrent wrong passwords for N different names from one address (limit 20).
 * 3. POST /api/password/forgot for known and unknown addresses, interleaved, one at a time:
 *    median and p99 of each (the job queue's worker is off, so only the request path is timed;
 *    the e-mail is the job's work either way).
 * 4. What the database-backed limiter costs a tracking beacon: reserve() alone vs POST /api/track.
 * With DATABASE_URL the database bench_login_a on that server is created if missing and WIPED.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createApp } from '../src/app/app';
import { openDatabase } from '../src/server/db/client';
import { createDeps } from '../src/app/deps';
import { loadEnv } from '../src/server/env';
import { startQueue } from '../src/server/jobs/queue';
import { createLogger } from '../src/server/log';
import { ensureBenchDatabase } from './lib/bench-db';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('n', 200);
const RESETS = arg('resets', 60);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

// 1. A clean, migrated database: PGlite in a temporary directory, or bench_login_a on the server.
let url: string | undefined;
if (process.env.DATABASE_URL) {
  url = await ensureBenchDatabase(process.env.DATABASE_URL, 'bench_login_a');
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const schemas = await sql<{ nspname: string }[]>`select nspname from pg_namespace where nspname not like 'pg_%' and nspname <> 'information_schema'`;
  for (const { nspname } of schemas) await sql.unsafe(`drop schema if exists "${nspname}" cascade`);
  await sql.unsafe('create schema public');
  await sql.end();
}
const dataDir = mkdtempSync(join(tmpdir(), 'avs-bench-login-'));
const database = openDatabase(url ? { url } : { dataDir });
await database.migrate();
const env = loadEnv({
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  NODE_ENV: 'production',
  WORKER: 'off',
  LOG_LEVEL: 'error',
  TRUST_PROXY: '1',
  SIGNUP_LIMIT_PER_HOUR: '100000',
});
const log = createLogger('error');
const queue = await startQueue(database, log);
const deps = createDeps({ env, db: database.db, queue, log });
await queue.register((await import('../src/app/job-registry')).jobDefinitions(deps));
const server = createApp(deps, { distDir: join(dataDir, 'no-dist') }).listen({ port: 0, hostname: '127.0.0.1' });
const base = `http://127.0.0.1:${server.server!.port}`;
console.log(`database: ${database.kind}${url ? ` (${new URL(url).pathname.slice(1)})` : ''}`);

let addressSeq = 0;
const address = () => `203.0.${Math.floor(++addressSeq / 250)}.${(addressSeq % 250) + 1}`;
const post = (path: string, body: unknown, from: string) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': from }, body: JSON.stringify(body) });

async function signUp(name: string) {
  const res = await post('/api/register', { fullName: 'Bench', email: `${name}@example.com`, username: name, password: 'correct horse battery' }, address());
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  return { username: name, email: `${name}@example.com`, password: 'correct horse battery' };
}

async function race(label: string, attempts: () => Promise<Response>[]) {
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const statuses = await Promise.all(attempts().map(async (p) => (await p).status));
  const wall = performance.now() - t0;
  const count = (s: number) => statuses.filter((x) => x === s).length;
  const { user, system } = process.cpuUsage(cpu);
  console.log(
    `${label}: ${statuses.length} attempts → checked (401) ${count(401)}, refused (429) ${count(429)}, other ${statuses.length - count(401) - count(429)}` +
      ` [${(wall / 1000).toFixed(2)} s wall, ${((user + system) / 1e6).toFixed(2)} s CPU]`,
  );
}

// 2. The race for one account, from one address.
const victim = await signUp(`victim${Date.now().toString(36)}`);
const attacker = address();
await race(`one account, one address (limit 5)`, () =>
  Array.from({ length: N }, () => post('/api/login', { username: victim.username, password: 'wrong-password' }, attacker)),
);
const right = await post('/api/login', { username: victim.username, password: victim.password }, attacker);
console.log(`  then the right password: ${right.status}${right.status === 429 ? ` (Retry-After ${right.headers.get('retry-after')} s)` : ''}`);
const other = address();
await race(`N names, one address (limit 20)`, () =>
  Array.from({ length: N }, (_, i) => post('/api/login', { username: `ghost${i}`, password: 'wrong-password' }, other)),
);

// 3. Forgot password: known vs unknown, interleaved, sequential.
const known: string[] = [];
for (let i = 0; i < RESETS + 10; i++) known.push((await signUp(`known${Date.now().toString(36)}${i}`)).email);
const times = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < RESETS + 10; i++) {
  for (const kind of i % 2 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const)) {
    const email = kind === 'known' ? known[i]! : `nobody${i}.${Date.now().toString(36)}@example.com`;
    const t0 = performance.now();
    const res = await post('/api/password/forgot', { email }, address());
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`forgot failed: ${res.status}`);
    if (i >= 10) times[kind].push(performance.now() - t0); // the first 10 of each warm up
  }
}
for (const kind of ['known', 'unknown'] as const) {
  console.log(
    `forgot-password ${kind.padEnd(7)}: median ${ms(quantile(times[kind], 0.5))}, p99 ${ms(quantile(times[kind], 0.99))} (${times[kind].length} requests)`,
  );
}
console.log(`  median ratio known/unknown: ${(quantile(times.known, 0.5) / quantile(times.unknown, 0.5)).toFixed(2)}`);

// 4. The limiter's share of a tracking beacon (the beacon for an unknown video: limiter + validation + one lookup).
const reserveTimes: number[] = [];
for (let i = 0; i < 500; i++) {
  const t0 = performance.now();
  await deps.limits.track.reserve(`bench-${i % 50}`);
  reserveTimes.push(performance.now() - t0);
}
const beaconTimes: number[] = [];
const beaconFrom = address();
for (let i = 0; i < 500; i++) {
  await deps.limits.track.reset(beaconFrom);
  const t0 = performance.now();
  const res = await post('/api/track', { videoId: 'no-such-video', event: 'view', viewId: `view${i}abcdefgh` }, beaconFrom);
  await res.arrayBuffer();
  beaconTimes.push(performance.now() - t0);
}
console.log(
  `limiter reserve(): median ${ms(quantile(reserveTimes, 0.5))}, p99 ${ms(quantile(reserveTimes, 0.99))}; whole POST /api/track: median ${ms(quantile(beaconTimes, 0.5))}`,
);

server.stop(true);
await queue.stop({ graceful: false, timeoutMs: 1000 });
await database.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
