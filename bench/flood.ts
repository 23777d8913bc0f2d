/**
 * Refusals cost nothing (issue 25 item 5): `bun bench/flood.ts [--seconds 12] [--max 20000] [--rate 200] [--concurrency 16] [--db bench_flood]`
 * The real app (src/server/main.ts) in a child process behind one trusted proxy (TRUST_PROXY=1). A
 * probe process asks GET /api/campaigns as a signed-in user, one request after another: idle, then
 * during a bounded one-address flood (X-Forwarded-For 203.0.113.9; at most --seconds, --max
 * requests and --rate a second: the issue's flood was ~155 a second; --rate 0 = as fast as the
 * flooding loops go, which on a small machine measures the CPU they take, not the database) of beacons over their limit (300 a minute), then of failed logins over theirs (20 per
 * 15 minutes). Prints the other user's p50/p99 in each phase, the ratio to idle, and the answers
 * the flood got. Goal: p99 within 2× of idle (docs/decisions/206).
 * Database: PGlite in a temp dir, or the database --db (default bench_flood) on DATABASE_URL's
 * server, created if missing and EMPTIED.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HttpClient, registerUser, startAppProcess } from '../src/domains/distribution/fixtures/app-process';
import { startSmtpSink } from '../src/domains/distribution/fixtures/smtp-sink';
import { freshBenchDatabase } from './lib/bench-db';
import { arg } from './lib/sample-script';

const SECONDS = arg('seconds', 12);
const MAX = arg('max', 20_000);
const CONCURRENCY = arg('concurrency', 16);
const RATE = arg('rate', 200);
const dbArg = process.argv.indexOf('--db');
const DB = dbArg > 0 ? process.argv[dbArg + 1]! : 'bench_flood';
const PROBE = resolve(import.meta.dir, 'lib/latency-probe.ts');
const FLOODER = '203.0.113.9';
const ms = (v: number) => `${v.toFixed(1)} ms`;

type Figures = Record<string, { n: number; p50: number; p99: number; max: number; errors: number }>;

async function probed(targets: { name: string; url: string; cookie?: string }[], during: () => Promise<void>): Promise<Figures> {
  const probe = Bun.spawn(['bun', PROBE, JSON.stringify(targets), '20'], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  await Bun.sleep(300);
  await during();
  await probe.stdin.end();
  return JSON.parse(await new Response(probe.stdout).text()) as Figures;
}

/** CONCURRENCY loops posting `body` to `path` from the one address, until SECONDS pass or MAX requests were sent. */
async function flood(url: string, path: string, body: unknown): Promise<{ sent: number; statuses: Record<number, number> }> {
  const until = performance.now() + SECONDS * 1000;
  const statuses: Record<number, number> = {};
  let sent = 0;
  let slot = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < until && sent < MAX) {
        if (RATE > 0) {
          // Each request takes the next slot of the rate; a loop waits for its own.
          const at = slot;
          slot += 1000 / RATE;
          const wait = at - performance.now();
          if (wait > 0) await Bun.sleep(wait);
          if (performance.now() >= until) break;
        }
        sent++;
        const res = await fetch(`${url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': FLOODER },
          body: JSON.stringify(body),
        }).catch(() => null);
        await res?.arrayBuffer();
        const status = res?.status ?? 0;
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return { sent, statuses };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
console.log(
  `Flood bench: ${process.env.DATABASE_URL ? `PostgreSQL (${DB})` : 'PGlite'}, ${availableParallelism()} cores, load ${load()}; flood ≤ ${SECONDS} s, ≤ ${MAX} requests, ${RATE > 0 ? `${RATE}/s` : 'unpaced'}`,
);
const sink = await startSmtpSink();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-flood-'));
const databaseUrl = await freshBenchDatabase(DB);
const app = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, timeoutMs: 120_000, env: { TRUST_PROXY: '1' } });
try {
  const client = new HttpClient(app.url);
  await registerUser(client);
  for (let i = 0; i < 5; i++) await client.post('/api/campaigns', { name: `Campaign ${i}`, platforms: ['email'] });
  const targets = [{ name: 'campaigns', url: `${app.url}/api/campaigns`, cookie: client.cookie }];
  const idle = (await probed(targets, () => Bun.sleep(5_000))).campaigns!;
  const line = (name: string, f: Figures[string]) =>
    `${name.padEnd(16)} GET /api/campaigns p50 ${ms(f.p50)} p99 ${ms(f.p99)} max ${ms(f.max)} (n ${f.n}, errors ${f.errors}); p50 ×${(f.p50 / idle.p50).toFixed(2)}, p99 ×${(f.p99 / idle.p99).toFixed(2)} of idle`;
  console.log(line('idle', idle));
  const phases: [string, string, unknown][] = [
    ['refused beacons', '/api/track', { token: 'floodfloodflood1', page: `${'p'.repeat(22)}.${'v'.repeat(22)}.zzzzzz.${'0'.repeat(64)}`, event: 'cta' }],
    ['refused logins', '/api/login', { username: 'nobody-at-all', password: 'not the password' }],
  ];
  let met = true;
  for (const [name, path, body] of phases) {
    let answered = { sent: 0, statuses: {} as Record<number, number> };
    const t0 = performance.now();
    const f = (
      await probed(targets, async () => {
        answered = await flood(app.url, path, body);
      })
    ).campaigns!;
    const secs = (performance.now() - t0) / 1000;
    console.log(line(name, f));
    console.log(
      `${''.padEnd(16)} flood: ${answered.sent} × POST ${path} in ${secs.toFixed(1)} s from one address, answers ${JSON.stringify(answered.statuses)}`,
    );
    met &&= f.p99 <= 2 * idle.p99;
  }
  console.log(`goal: other users' p99 within 2× of idle during both floods: ${met ? 'met' : 'MISSED'} (load ${load()})`);
} finally {
  await app.kill();
  await sink.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
