/**
 * Queue pickup latency (not part of `bun test`): `bun bench/queue.ts [--jobs N]`.
 * Time from `queue.send()` to the handler starting, on the app's own queue set-up (startQueue):
 * embedded PGlite, and the PostgreSQL server too when DATABASE_URL is set.
 * 1. one job at a time (an idle worker, as when a user presses Generate), median and p95;
 * 2. a burst of N jobs sent at once to a worker of concurrency 1 (render-video's setting):
 *    the first job's pickup and the time to drain the burst (handlers do nothing).
 * Target: median pickup ≤ 1 s.
 */
import { openDatabase, type Database } from '../src/server/db/client';
import { startQueue } from '../src/server/jobs/queue';
import { createLogger } from '../src/server/log';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const JOBS = arg('jobs', 20);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function measure(label: string, database: Database) {
  await database.migrate();
  const queue = await startQueue(database, createLogger('error'));
  const sentAt = new Map<string, number>();
  const pickups: number[] = [];
  let waiting: (() => void) | undefined;
  const name = `bench-pickup-${Date.now()}`;
  await queue.work([
    {
      name,
      concurrency: 1,
      handler: async (data: { key: string }) => {
        pickups.push(performance.now() - (sentAt.get(data.key) ?? performance.now()));
        waiting?.();
      },
    },
  ]);
  // Warm-up: the first send creates the queue's partition and plans.
  await new Promise<void>((resolve) => {
    waiting = resolve;
    sentAt.set('warm', performance.now());
    void queue.send(name, { key: 'warm' });
  });
  pickups.length = 0;

  for (let i = 0; i < JOBS; i++) {
    await new Promise<void>((resolve) => {
      waiting = resolve;
      const key = `one-${i}`;
      sentAt.set(key, performance.now());
      void queue.send(name, { key });
    });
    // An idle gap, so each job meets a worker that is waiting (LISTEN/NOTIFY, not a poll already due).
    await Bun.sleep(150);
  }
  const single = [...pickups];

  pickups.length = 0;
  const burstStart = performance.now();
  let left = JOBS;
  await new Promise<void>((resolve) => {
    waiting = () => {
      if (--left === 0) resolve();
    };
    for (let i = 0; i < JOBS; i++) {
      const key = `burst-${i}`;
      sentAt.set(key, performance.now());
      void queue.send(name, { key });
    }
  });
  const drained = performance.now() - burstStart;
  console.log(
    `${label.padEnd(10)} one at a time (${JOBS}): median ${ms(quantile(single, 0.5))}, p95 ${ms(quantile(single, 0.95))}, max ${ms(Math.max(...single))}` +
      ` | burst of ${JOBS}: first ${ms(Math.min(...pickups))}, drained in ${ms(drained)}` +
      ` | target median ≤ 1000 ms: ${quantile(single, 0.5) <= 1000 ? 'met' : 'MISSED'}`,
  );
  await queue.stop({ graceful: false, timeoutMs: 2000 });
  await database.close();
}

console.log(`Queue pickup latency (send → handler start), ${navigator.hardwareConcurrency} cores`);
await measure('PGlite', openDatabase({ memory: true }));
if (process.env.DATABASE_URL) await measure('PostgreSQL', openDatabase({ url: process.env.DATABASE_URL }));
process.exit(0);
