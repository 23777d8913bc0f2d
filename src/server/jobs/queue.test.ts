import { beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shared } from '../../test/harness';
import { createLogger } from '../log';
import { type JobDefinition, type JobQueue, queueErrorListener } from './queue';

const onPostgres = !!process.env.DATABASE_URL;
const waitFor = async (cond: () => boolean | Promise<boolean>, ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return true;
    await Bun.sleep(100);
  }
  return false;
};

describe(`job queue on ${onPostgres ? 'PostgreSQL' : 'PGlite'}`, () => {
  let queue: JobQueue;
  const seen: { name: string; data: unknown; attempt: number }[] = [];
  const defs: JobDefinition<any>[] = [
    { name: 'echo', handler: async (data, job) => void seen.push({ name: 'echo', data, attempt: job.retryCount }) },
    {
      name: 'flaky',
      retryLimit: 2,
      retryDelay: 1,
      handler: async (data, job) => {
        seen.push({ name: 'flaky', data, attempt: job.retryCount });
        if (job.retryCount === 0) throw new Error('transient');
      },
    },
  ];

  beforeAll(async () => {
    queue = (await shared()).deps.queue;
    await queue.work(defs);
  });

  test('a sent job is handled within a second', async () => {
    const t0 = Date.now();
    const id = await queue.send('echo', { hello: 'world' });
    expect(id).toBeString();
    expect(await waitFor(() => seen.some((s) => s.name === 'echo'), 5000)).toBe(true);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(await waitFor(async () => (await queue.getJob('echo', id!))?.state === 'completed', 3000)).toBe(true);
  });

  test('a failing job is retried with backoff and then completes', async () => {
    // Tagged, so that another test process sharing the database cannot blur the count.
    const tag = crypto.randomUUID();
    const id = await queue.send('flaky', { tag });
    const done = await waitFor(async () => (await queue.getJob('flaky', id!))?.state === 'completed', 15000);
    expect(done).toBe(true);
    const attempts = seen.filter((s) => s.name === 'flaky' && (s.data as { tag?: string }).tag === tag).map((s) => s.attempt);
    expect(attempts).toEqual([0, 1]);
  }, 20_000);

  test('an explicit id de-duplicates sends', async () => {
    const id = crypto.randomUUID();
    const a = await queue.send('echo', { once: true }, { id });
    const b = await queue.send('echo', { once: true }, { id });
    expect(a).toBe(id);
    expect(b).toBeNull();
  });
});

// A worker killed mid-job (SIGKILL): the job is picked up by the next worker and finishes.
describe('crash recovery', () => {
  test(
    `a job whose worker was killed is retried and finishes (${onPostgres ? 'PostgreSQL' : 'PGlite'})`,
    async () => {
      const markers = mkdtempSync(join(tmpdir(), 'crash-'));
      let target: string;
      if (onPostgres) {
        target = process.env.DATABASE_URL!;
      } else {
        target = mkdtempSync(join(tmpdir(), 'crash-db-'));
        // The worker process migrates nothing: the queue has its own schema.
      }
      const script = join(import.meta.dir, 'fixtures/crash-worker.ts');
      const first = Bun.spawn(['bun', script, target, markers, 'send'], { stdout: 'ignore', stderr: 'inherit' });
      expect(await waitFor(() => existsSync(join(markers, 'started-0')), 60_000)).toBe(true);
      first.kill('SIGKILL');
      await first.exited;
      const second = Bun.spawn(['bun', script, target, markers], { stdout: 'ignore', stderr: 'inherit' });
      try {
        expect(await waitFor(() => existsSync(join(markers, 'done')), 45_000)).toBe(true);
        expect(JSON.parse(readFileSync(join(markers, 'done'), 'utf8'))).toEqual({ n: 42, retryCount: 1 });
      } finally {
        second.kill('SIGKILL');
        await second.exited;
      }
    },
    { timeout: 120_000 },
  );
});

describe('job queue errors in the log', () => {
  test("pg-boss's error events (plain objects too, as on SIGTERM) are logged with their message, never as [object Object]", async () => {
    const lines: string[] = [];
    const log = createLogger('error', (line) => lines.push(line));
    const listen = queueErrorListener(log);
    listen({ message: 'Connection terminated due to shutdown', code: '57P01', queue: 'render' });
    listen(new Error('stopped while fetching', { cause: { message: 'socket closed' } }));
    listen(new AggregateError([new Error('first'), { message: 'second' }], 'several'));
    listen({ unexpected: true });
    listen('plain text');
    const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.join('\n')).not.toContain('[object Object]');
    expect(logged[0]).toMatchObject({ level: 'error', msg: 'job queue error', error: 'Connection terminated due to shutdown', code: '57P01', queue: 'render' });
    expect(logged[1]).toMatchObject({ error: 'stopped while fetching', cause: 'socket closed' });
    expect(logged[2]).toMatchObject({ error: 'several', errorName: 'AggregateError', errors: ['first', 'second'] });
    expect(logged[3]).toMatchObject({ error: '{"unexpected":true}' });
    expect(logged[4]).toMatchObject({ error: 'plain text' });
  });

  test('the queue logs its error events through that listener', async () => {
    const queue = (await shared()).deps.queue;
    expect(queue.boss.listeners('error').map(String)).toContain(String(queueErrorListener(createLogger('error'))));
  });
});
