import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { probe } from '../../media/ffmpeg';
import type { Database } from '../../server/db/client';
import type { JobQueue } from '../../server/jobs/queue';
import { HEYGEN_FAKE_AVATARS, HEYGEN_FAKE_MESSAGES, HEYGEN_FAKE_VOICES, startHeygenFake, type HeygenFake } from '../../test/fakes/video/heygen-fake';
import type { TestClient } from '../../test/harness';
import { appFromEnv } from './fixtures/app-from-env';
import { videos } from '../videos/tables';

// The app with HeyGen as its video provider, against the local HeyGen fake: its own database
// and queue, so the shared test worker (local engine) never picks these renders up.

let database: Database;
let queue: JobQueue;
let fake: HeygenFake;
let client: TestClient;
let app: Awaited<ReturnType<typeof appFromEnv>>['app'];

type Outcome = { videoId: string; taskId: string; progress: number[]; final: any };

async function waitProviderJob(videoId: string) {
  for (let i = 0; i < 100; i++) {
    const [row] = await database.db.select({ id: videos.providerJobId }).from(videos).where(eq(videos.id, videoId));
    if (row?.id) return row.id;
    await Bun.sleep(50);
  }
  throw new Error('never submitted');
}

async function follow(videoId: string, taskId: string): Promise<Outcome> {
  const progress: number[] = [];
  const end = Date.now() + 30_000;
  let st = await client.get(`/api/heygen/videos/${videoId}/status`);
  while (st.data.status === 'processing' && Date.now() < end) {
    if (progress.at(-1) !== st.data.progress) progress.push(st.data.progress);
    await Bun.sleep(100);
    st = await client.get(`/api/heygen/videos/${videoId}/status`);
  }
  return { videoId, taskId, progress, final: st.data };
}

let failed: Promise<Outcome>;
let rejected: Promise<Outcome>;
let slow: Promise<Outcome>;
let ok: Promise<Outcome>;
let okJobId: string;

beforeAll(async () => {
  // Jobs move on by wall clock; a result link dies after its first download or 2 s.
  fake = await startHeygenFake({
    advanceBy: 'time',
    queuedMs: 30,
    processingMs: 300,
    slowProcessingMs: 2500,
    urlTtlMs: 2000,
    maxDownloads: 1,
    moderatedTerms: ['forbidden'],
  });
  const own = await appFromEnv({ VIDEO_PROVIDER: 'heygen', HEYGEN_API_KEY: fake.apiKey, HEYGEN_BASE_URL: fake.url });
  ({ app, client, database, queue } = own);
  // The providers exactly as start-up builds them from env: VIDEO_PROVIDER=heygen picks the adapter.
  expect(own.providers.video.name).toBe('heygen');

  // One after the other, so each fake behaviour lands on the intended job.
  const start = async (body: Record<string, unknown>) => {
    const res = await client.post('/api/avatars/talk', body);
    if (res.status !== 201) throw new Error(JSON.stringify(res.data));
    return res.data as { videoId: string; taskId: string };
  };
  fake.nextJob({ outcome: 'fail' });
  const a = await start({ avatarId: 'stock-1', script: 'This one fails at the vendor.' });
  await waitProviderJob(a.videoId);
  fake.nextJob({ slow: true });
  const b = await start({ avatarId: 'stock-2', script: 'This one takes its time.' });
  await waitProviderJob(b.videoId);
  const c = await start({ avatarId: 'stock-0', script: 'Hello from the cloud.', voiceId: 'local-en-female', backgroundId: '#112233' });
  okJobId = await waitProviderJob(c.videoId);
  const d = await start({ avatarId: 'stock-4', script: 'Something forbidden.' });
  failed = follow(a.videoId, a.taskId);
  slow = follow(b.videoId, b.taskId);
  ok = follow(c.videoId, c.taskId);
  rejected = follow(d.videoId, d.taskId);
}, 120_000);

afterAll(async () => {
  await queue?.stop({ graceful: false, timeoutMs: 1000 });
  fake?.stop();
});

describe('VIDEO_PROVIDER=heygen against the HeyGen fake', () => {
  test('a completed video is copied into our storage at once (the vendor link dies after one download)', async () => {
    const out = await ok;
    expect(out.final).toMatchObject({ status: 'completed', progress: 100, error: null });
    const request = fake.jobs.get(okJobId)!.request as any;
    // Our stock presenter and local voice are mapped onto the vendor's catalogue (same gender, same language).
    expect(request.video_inputs[0]).toMatchObject({
      character: { avatar_id: HEYGEN_FAKE_AVATARS.find((x) => x.gender === 'female')!.avatar_id },
      voice: { input_text: 'Hello from the cloud.', voice_id: HEYGEN_FAKE_VOICES.find((x) => x.gender === 'female')!.voice_id },
      background: { type: 'color', value: '#112233' },
    });
    // The user is on the Pro trial, which renders at 1080p (decision 222).
    expect(request.dimension).toEqual({ width: 1920, height: 1080 });
    await Bun.sleep(2100); // past the vendor link's lifetime
    const res = await app.handle(new Request(`http://localhost${out.final.url}`));
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(fake.video));
    const dir = mkdtempSync(join(tmpdir(), 'cloud-copy-'));
    await Bun.write(join(dir, 'v.mp4'), bytes);
    expect((await probe(join(dir, 'v.mp4'))).video?.codec).toBe('h264');
    const thumb = await app.handle(new Request(`http://localhost${out.final.thumbnail}`));
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const [row] = await database.db.select().from(videos).where(eq(videos.id, out.videoId));
    expect(row).toMatchObject({ provider: 'heygen', providerJobId: okJobId, status: 'completed' });
    expect(row.duration).toBeGreaterThan(0.5);
    expect((await client.get(`/api/avatars/talk/${out.taskId}`)).data).toMatchObject({ status: 'done', result_url: out.final.url });
    // The spec's client may poll with HeyGen's own video_id.
    expect((await client.get(`/api/heygen/videos/${okJobId}/status`)).data).toMatchObject({ videoId: out.videoId, status: 'completed' });
  }, 30_000);

  test('a job the vendor fails ends failed with the vendor’s message', async () => {
    const out = await failed;
    expect(out.final).toMatchObject({ status: 'failed', url: null });
    expect(out.final.error).toContain(HEYGEN_FAKE_MESSAGES.failed);
    expect((await client.get(`/api/avatars/talk/${out.taskId}`)).data).toMatchObject({ status: 'error', result_url: null });
  }, 30_000);

  test('a job rejected by moderation ends failed with the reason', async () => {
    const out = await rejected;
    expect(out.final.status).toBe('failed');
    expect(out.final.error).toContain('content moderation');
  }, 30_000);

  test('a slow job reports growing progress, then completes', async () => {
    const out = await slow;
    expect(out.final.status).toBe('completed');
    const during = out.progress.filter((p) => p > 1 && p < 100);
    expect(during.length).toBeGreaterThanOrEqual(2);
    expect(out.progress).toEqual([...out.progress].sort((a, b) => a - b));
    const clips = (await client.get('/api/clips')).data.clips;
    expect(clips).toHaveLength(4);
  }, 30_000);

  // The job runner reads `retryable`: a vendor hiccup (5xx) is tried again, a refusal (4xx) ends the video at once.
  test('a retryable vendor error is retried and the video completes; a non-retryable one fails without a retry', async () => {
    await Promise.all([ok, failed, rejected, slow]); // nothing else is talking to the fake now
    const start = async (script: string) =>
      (await client.post('/api/avatars/talk', { avatarId: 'stock-1', script })).data as { videoId: string; taskId: string };
    fake.failNextRequests(1, 503);
    const retried = await start('The vendor hiccups once.');
    const back = await follow(retried.videoId, retried.taskId);
    expect(back.final.status).toBe('completed');

    fake.failNextRequests(1, 400);
    const t0 = Date.now();
    const refused = await start('The vendor refuses this one.');
    const out = await follow(refused.videoId, refused.taskId);
    expect(out.final.status).toBe('failed');
    expect(out.final.error).toContain('Internal server error, please retry');
    // A retry waits 5 s (retryDelay): failing sooner shows none was made.
    expect(Date.now() - t0).toBeLessThan(4000);
  }, 30_000);
});
