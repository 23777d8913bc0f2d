// bench/cold-start.ts — time from `bun src/app/main.ts` to the first served request
// (GET /api/health answering 200) on an existing data directory, median of N restarts.
// Usage: bun bench/cold-start.ts [--runs 5]   (PGlite; set DATABASE_URL to use a server)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const PORT = 3950;
const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
const main = join(import.meta.dir, '../src/app/main.ts');

async function startAndWait(): Promise<{ ms: number; proc: ReturnType<typeof Bun.spawn> }> {
  const t0 = performance.now();
  const proc = Bun.spawn(['bun', main], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdout: 'ignore',
    stderr: 'inherit',
  });
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) return { ms: performance.now() - t0, proc };
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 60_000) throw new Error('the server did not start within 60 s');
    await Bun.sleep(5);
  }
}

async function stop(proc: ReturnType<typeof Bun.spawn>) {
  proc.kill('SIGTERM');
  await proc.exited;
}

const first = await startAndWait();
console.log(`first start (creates the data dir, initdb, migrations): ${first.ms.toFixed(0)} ms`);
await stop(first.proc);
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const run = await startAndWait();
  times.push(run.ms);
  await stop(run.proc);
}
times.sort((a, b) => a - b);
console.log(`restarts on the existing data dir: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
console.log(`median cold start to first served request: ${times[Math.floor(times.length / 2)].toFixed(0)} ms (target ≤ 2000 ms)`);
