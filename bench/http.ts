// bench/http.ts — authenticated GET /api/user under 64 concurrent connections for 10 s,
// against the app and against a bare Bun.serve doing the same session lookup; prints the ratio.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench bun bench/http.ts
// (without DATABASE_URL it runs on a PGlite data dir under /tmp).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBenchDatabase } from './lib/bench-db';

const CONCURRENCY = Number(process.env.CONCURRENCY ?? 64);
const SECONDS = Number(process.env.SECONDS ?? 10);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const dbUrl = process.env.DATABASE_URL ? await ensureBenchDatabase(process.env.DATABASE_URL, 'bench_http') : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-http-'));
const env = { ...process.env, DATA_DIR: dataDir, ...(dbUrl ? { DATABASE_URL: dbUrl } : {}) } as Record<string, string>;

async function startServer(mode: 'app' | 'bare', port: number) {
  const proc = Bun.spawn(['bun', join(import.meta.dir, 'lib/http-server.ts'), mode, String(port)], { env, stdout: 'pipe', stderr: 'inherit' });
  const reader = proc.stdout.getReader();
  let out = '';
  while (!out.includes('ready')) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`${mode} server exited`);
    out += new TextDecoder().decode(value);
  }
  return proc;
}

async function load(url: string, cookie: string) {
  const proc = Bun.spawn(['bun', join(import.meta.dir, 'lib/load.ts'), url, cookie, String(CONCURRENCY), String(SECONDS)], {
    stdout: 'pipe',
    stderr: 'inherit',
  });
  const text = await new Response(proc.stdout).text();
  return JSON.parse(text.trim().split('\n').pop()!) as { requests: number; errors: number; rps: number; p50: number; p99: number };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app = await startServer('app', 3901);
const username = `bench${Date.now()}`;
const reg = await fetch('http://127.0.0.1:3901/api/register', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ fullName: 'Bench', email: `${username}@bench.local`, username, password: 'benchmark-password' }),
});
if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
const cookie = reg.headers.getSetCookie()[0].split(';')[0];
app.kill();
await app.exited;

const results: Record<'app' | 'bare', { rps: number; p50: number; p99: number; errors: number }[]> = { app: [], bare: [] };
for (let round = 0; round < ROUNDS; round++) {
  for (const mode of ['app', 'bare'] as const) {
    const port = mode === 'app' ? 3901 : 3902;
    const server = await startServer(mode, port);
    await load(`http://127.0.0.1:${port}/api/user`, cookie); // warm-up, discarded
    results[mode].push(await load(`http://127.0.0.1:${port}/api/user`, cookie));
    server.kill();
    await server.exited;
  }
}

const summary = (mode: 'app' | 'bare') => ({
  rps: median(results[mode].map((r) => r.rps)),
  p50: median(results[mode].map((r) => r.p50)),
  p99: median(results[mode].map((r) => r.p99)),
  errors: results[mode].reduce((a, r) => a + r.errors, 0),
});
const a = summary('app');
const b = summary('bare');
console.log(`database: ${dbUrl ? 'PostgreSQL' : 'PGlite'}; ${CONCURRENCY} connections × ${SECONDS} s, median of ${ROUNDS} rounds`);
console.log(`app   GET /api/user: ${a.rps.toFixed(0)} req/s, p50 ${a.p50.toFixed(2)} ms, p99 ${a.p99.toFixed(2)} ms, errors ${a.errors}`);
console.log(`bare  Bun.serve    : ${b.rps.toFixed(0)} req/s, p50 ${b.p50.toFixed(2)} ms, p99 ${b.p99.toFixed(2)} ms, errors ${b.errors}`);
console.log(`ratio app/bare: ${(a.rps / b.rps).toFixed(2)} (target ≥ 0.7); app p99 ${a.p99.toFixed(1)} ms (target ≤ 20 ms)`);
