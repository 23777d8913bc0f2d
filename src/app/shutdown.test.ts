import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, HttpClient, registerUser, startAppProcess, type AppProcess } from '../domains/distribution/fixtures/app-process';
import { startSmtpSink } from '../domains/distribution/fixtures/smtp-sink';

// The real app process (HTTP + worker) gets SIGTERM in the middle of a render. With a grace period
// longer than the render, the render finishes before the process exits 0; with a short one, the
// job goes back to the queue and the next process finishes it. Never lost, never failed.

const onPostgres = !!process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
const procs: AppProcess[] = [];
afterAll(async () => {
  for (const p of procs) await p.kill().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
});

const SCRIPT =
  'Hello there. This is a longer message so that the render takes a few seconds, long enough to be interrupted. ' +
  'We talk about the weather, the plans for next quarter, and the new office. Thank you for watching until the end.';
// The render handed back at shutdown must outlast a 1 s grace even on a quiet machine (a short one renders in ~2 s).
const LONG_SCRIPT = Array.from({ length: 5 }, () => SCRIPT).join(' ');

type Status = { status: string; progress: number };
async function statusOf(client: HttpClient, id: string): Promise<Status> {
  return (await client.get(`/api/videos/${id}/status`)).data as Status;
}

async function waitFor(client: HttpClient, id: string, ok: (s: Status) => boolean, ms: number, seen: string[]): Promise<Status> {
  const until = Date.now() + ms;
  for (;;) {
    const s = await statusOf(client, id);
    seen.push(s.status);
    if (ok(s) || Date.now() > until) return s;
    await Bun.sleep(150);
  }
}

async function exitCode(p: AppProcess, ms: number): Promise<number | 'timeout'> {
  return Promise.race([p.proc.exited, Bun.sleep(ms).then(() => 'timeout' as const)]);
}

describe(`graceful shutdown (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  test('SIGTERM mid-render: finished within the grace period, or handed back and finished by the next process; exit 0', async () => {
    const sink = await startSmtpSink();
    const databaseUrl = onPostgres
      ? await freshDatabase(process.env.DATABASE_URL!, `${new URL(process.env.DATABASE_URL!).pathname.slice(1)}_shutdown`)
      : undefined;
    const start = async (graceSeconds: number) => {
      const p = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, timeoutMs: 120_000, env: { SHUTDOWN_GRACE_SECONDS: String(graceSeconds) } });
      procs.push(p);
      return p;
    };
    const seen: string[] = [];
    try {
      // 1. A grace period longer than the render: it finishes, then the process exits 0.
      const first = await start(120);
      const client = new HttpClient(first.url);
      await registerUser(client);
      const a = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: SCRIPT, voiceId: 'local-en-female', captions: 'none' });
      expect(a.status).toBe(201);
      const rendering = await waitFor(client, a.data.videoId, (s) => s.progress >= 3 || s.status !== 'processing', 90_000, seen);
      expect(rendering.status).toBe('processing');
      first.proc.kill('SIGTERM');
      // New connections are refused at once (the listener closes first).
      await Bun.sleep(300);
      expect(
        await fetch(`${first.url}/api/health/live`).then(
          () => 'answered',
          () => 'refused',
        ),
      ).toBe('refused');
      expect(await exitCode(first, 120_000)).toBe(0);

      // 2. A grace period of 1 s: the running render is handed back to the queue.
      const second = await start(1);
      const c2 = new HttpClient(second.url);
      c2.cookie = client.cookie;
      expect((await statusOf(c2, a.data.videoId)).status).toBe('completed');
      const b = await c2.post('/api/avatars/talk', { avatarId: 'stock-3', script: LONG_SCRIPT, voiceId: 'local-en-female', captions: 'none' });
      expect(b.status).toBe(201);
      const midway = await waitFor(c2, b.data.videoId, (s) => s.progress >= 3 || s.status !== 'processing', 90_000, seen);
      expect(midway.status).toBe('processing');
      const signalled = performance.now();
      second.proc.kill('SIGTERM');
      expect(await exitCode(second, 30_000)).toBe(0);
      expect(performance.now() - signalled).toBeLessThan(15_000);

      // 3. The next process picks the job up again and finishes it.
      const third = await start(25);
      const c3 = new HttpClient(third.url);
      c3.cookie = client.cookie;
      expect((await statusOf(c3, b.data.videoId)).status).toBe('processing');
      const done = await waitFor(c3, b.data.videoId, (s) => s.status !== 'processing', 240_000, seen);
      expect(done.status).toBe('completed');
      expect(seen).not.toContain('failed');
      third.proc.kill('SIGTERM');
      expect(await exitCode(third, 60_000)).toBe(0);
    } finally {
      await sink.close();
    }
  }, 420_000);
});
