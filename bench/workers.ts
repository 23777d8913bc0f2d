/**
 * Render throughput by worker processes: `DATABASE_URL=… bun bench/workers.ts [--recipients 20] [--workers 1,2]`
 * The app (src/app/main.ts, WORKER=off) and 1 or 2 `bun run worker` processes on PostgreSQL
 * (`bench_workers`, fresh schema each run) and one local storage directory. For each worker count:
 * A. one personalised send to N recipients (one queue job: PERSONALISE_BATCH is 20);
 * B. the same N recipients spread over 4 sends (4 jobs that the workers can share).
 * Prints the wall time from Send to the last personal video, and renders per hour per core, so a
 * reader can size a cluster. Videos are ~30 s at 720p (the trial plan's resolution).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HttpClient, registerUser, startAppProcess } from '../src/domains/distribution/fixtures/app-process';
import { startSmtpSink } from '../src/domains/distribution/fixtures/smtp-sink';
import { freshBenchDatabase } from './lib/bench-db';
import { arg, NAMES, TAIL } from './lib/sample-script';

if (!process.env.DATABASE_URL) {
  console.error('bench/workers.ts needs DATABASE_URL: worker processes share the queue through PostgreSQL');
  process.exit(1);
}
const RECIPIENTS = arg('recipients', 20);
const workersArg = process.argv.indexOf('--workers');
const COUNTS = (workersArg > 0 ? process.argv[workersArg + 1]! : '1,2').split(',').map(Number);
const WORKER = resolve(import.meta.dir, '../src/app/worker.ts');
const CORES = availableParallelism();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function startWorker(env: Record<string, string>) {
  const proc = Bun.spawn(['bun', WORKER], { env, stdout: 'pipe', stderr: 'inherit' });
  const reader = (proc.stdout as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!text.includes('"worker started"')) {
    const { value, done } = await reader.read();
    if (done) throw new Error('a worker exited before starting');
    text += decoder.decode(value, { stream: true });
  }
  // Keep draining its log so that it never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) {}
  })();
  return proc;
}

console.log(`Workers bench: PostgreSQL (bench_workers), ${CORES} cores, load ${load()}`);
const sink = await startSmtpSink();
for (const scenario of ['A', 'B'] as const) {
  for (const count of COUNTS) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-workers-'));
    const databaseUrl = (await freshBenchDatabase('bench_workers'))!;
    const app = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, timeoutMs: 120_000, env: { WORKER: 'off' } });
    const env = {
      ...(process.env as Record<string, string>),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SMTP_URL: sink.url,
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    };
    const workers = await Promise.all(Array.from({ length: count }, () => startWorker(env)));
    try {
      const client = new HttpClient(app.url);
      await registerUser(client);
      const base = (
        await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello, this is a short video for you.', voiceId: 'local-en-female' })
      ).data.videoId as string;
      while ((await client.get(`/api/videos/${base}/status`)).data.status === 'processing') await Bun.sleep(250);
      const sends = scenario === 'A' ? 1 : 4;
      const lists: string[] = [];
      for (let l = 0; l < sends; l++) lists.push((await client.post('/api/contact-lists', { name: `Workers ${l}` })).data.id);
      for (let i = 0; i < RECIPIENTS; i++)
        await client.post(`/api/contact-lists/${lists[i % sends]}/contacts`, {
          firstName: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? i : ''}`,
          company: `Company ${i}`,
          email: `w${i}@workers.example.com`,
        });
      const t0 = performance.now();
      const ids: string[] = [];
      for (const listId of lists)
        ids.push(
          (
            await client.post(`/api/videos/${base}/distribute`, {
              listIds: [listId],
              platforms: ['email'],
              personalizeVideo: true,
              script: `Hi {first_name}, thanks for your time at {company}. ${TAIL}`,
            })
          ).data.distributionId,
        );
      let failed = 0;
      for (const id of ids) {
        for (;;) {
          const p = (await client.get(`/api/distributions/${id}/progress`)).data;
          if (p.renders.done + p.renders.failed >= p.renders.total) {
            failed += p.renders.failed;
            break;
          }
          await Bun.sleep(250);
        }
      }
      const wall = (performance.now() - t0) / 1000;
      const perHourPerCore = ((RECIPIENTS / wall) * 3600) / CORES;
      console.log(
        `${scenario}. ${RECIPIENTS} personalised renders in ${sends} send${sends > 1 ? 's' : ''}, ${count} worker process${count > 1 ? 'es' : ''}: ` +
          `${wall.toFixed(1)} s (${failed} failed), ${Math.round(perHourPerCore)} renders/hour/core; load ${load()}`,
      );
    } finally {
      for (const w of workers) w.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
      await app.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}
await sink.close();
process.exit(0);
