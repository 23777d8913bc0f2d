import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { eq } from 'drizzle-orm';
import { probe } from '../../media/ffmpeg';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { videos } from '../videos/tables';
import { SCRIPT_MAX_CHARS } from './schemas';
import { pollDelaySeconds } from './jobs';
import { testRenderSpec } from './fixtures/render-spec';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});

const png = (w: number, h: number, body: string) =>
  new Uint8Array(new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`).render().asPng());

describe('POST /api/avatars/talk: an offline render end to end', () => {
  test('renders a ~3 s H.264/AAC 1920×1080 MP4 (a Pro trial’s resolution) whose length matches the speech, with a JPEG thumbnail served with ranges', async () => {
    const { client } = await signedInClient(ctx.app);
    const started = await client.post('/api/avatars/talk', { avatarId: 'stock-10', script: 'Hello Sam, here is your video.', voiceId: 'local-en-female' });
    expect(started.status).toBe(201);
    const { videoId, taskId } = started.data;
    expect(videoId).toBeString();
    expect(taskId.length).toBeGreaterThan(20);

    // Progress is reported while the job runs, then the status settles.
    const seen = new Set<string>();
    const progress: number[] = [];
    const end = Date.now() + 45_000;
    let st = await client.get(`/api/videos/${videoId}/status`);
    while (st.data.status === 'processing' && Date.now() < end) {
      progress.push(st.data.progress);
      seen.add((await client.get(`/api/avatars/talk/${taskId}`)).data.status);
      await Bun.sleep(100);
      st = await client.get(`/api/videos/${videoId}/status`);
    }
    expect(st.data).toMatchObject({ status: 'completed', progress: 100, error: null, message: 'Your video is ready' });
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect([...seen].every((s) => ['created', 'processing', 'done'].includes(s))).toBe(true);
    expect(st.data.url).toMatch(/^\/files\/render\/[a-z0-9]+\.mp4$/);

    // The same answer under the spec's other status address, and the talk result.
    expect((await client.get(`/api/heygen/videos/${videoId}/status`)).data.url).toBe(st.data.url);
    expect((await client.get(`/api/heygen/videos/${taskId}/status`)).data.url).toBe(st.data.url);
    const talk = await client.get(`/api/avatars/talk/${taskId}`);
    expect(talk.data).toMatchObject({ taskId, videoId, status: 'done', result_url: st.data.url, processed_url: st.data.url });

    // The stored file, checked with ffprobe.
    const res = await ctx.app.handle(new Request(`http://localhost${st.data.url}`));
    expect(res.headers.get('content-type')).toBe('video/mp4');
    const dir = await mkdtemp(join(tmpdir(), 'talk-test-'));
    await Bun.write(join(dir, 'v.mp4'), await res.arrayBuffer());
    const info = await probe(join(dir, 'v.mp4'));
    expect(info.video).toMatchObject({ codec: 'h264', width: 1920, height: 1080 });
    expect(info.audio?.codec).toBe('aac');
    const [row] = await ctx.deps.db.select().from(videos).where(eq(videos.id, videoId));
    expect(row.duration).toBeGreaterThan(1.5);
    expect(row.duration).toBeLessThan(5);
    expect(Math.abs(info.durationSec - row.duration!) / row.duration!).toBeLessThan(0.05);
    expect(Math.abs((info.audio?.durationSec ?? 0) - row.duration!) / row.duration!).toBeLessThan(0.05);
    expect(row).toMatchObject({ resolution: '1080p', provider: 'local', avatarType: 'stock', voiceId: 'local-en-female' });

    // Thumbnail: a JPEG, served with byte ranges.
    const thumb = await client.get(st.data.thumbnail, { range: 'bytes=0-3' });
    expect(thumb.status).toBe(206);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    expect(thumb.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    const head = new Uint8Array(
      await (await ctx.app.handle(new Request(`http://localhost${st.data.thumbnail}`, { headers: { range: 'bytes=0-2' } }))).arrayBuffer(),
    );
    expect([...head]).toEqual([0xff, 0xd8, 0xff]);

    // It is a clip and a processed video.
    const clips = (await client.get('/api/clips')).data.clips;
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({ id: taskId, status: 'done', result_url: st.data.url });
    expect(clips[0].completedAt).toBeString();
    const processed = (await client.get('/api/processed-videos')).data.videos;
    expect(processed.map((v: { id: string }) => v.id)).toEqual([videoId]);
    expect((await client.get('/api/videos')).data.find((v: { id: string }) => v.id === videoId).status).toBe('completed');
  }, 60_000);
});

describe('bad input', () => {
  test('empty or over-long script: 400 with a clear message', async () => {
    const { client } = await signedInClient(ctx.app);
    const empty = await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.data.message).toContain('script is empty');
    expect((await client.post('/api/avatars/talk', { avatarId: 'stock-1' })).status).toBe(400);
    const long = await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'a'.repeat(SCRIPT_MAX_CHARS + 1) });
    expect(long.status).toBe(400);
    expect(long.data.message).toBe('The script must be at most 5,000 characters');
    expect((await client.post('/api/avatars/talk', { script: 'Hello' })).data.message).toBe('Please choose an avatar');
    expect((await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi', avatarStyle: 'huge' })).status).toBe(400);
    expect((await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi', offsetX: 3 })).data.message).toBe('Offsets must be between -1 and 1');
    expect((await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi', circleBackgroundColor: 'blue' })).status).toBe(400);
    expect((await client.get('/api/clips')).data.clips).toEqual([]);
  });

  test('unknown avatar, voice, template or background: 404; nothing is created', async () => {
    const { client } = await signedInClient(ctx.app);
    const cases = [
      [{ avatarId: 'stock-99999', script: 'Hi' }, 'Avatar not found'],
      [{ avatarId: 'custom-avatar-nope', script: 'Hi' }, 'Avatar not found'],
      [{ avatarId: 'stock-1', script: 'Hi', voiceId: 'robot' }, 'Voice not found'],
      [{ avatarId: 'stock-1', script: 'Hi', templateId: 'nope' }, 'Template not found'],
      [{ avatarId: 'stock-1', script: 'Hi', backgroundId: 'bg-nope' }, 'Background not found'],
      [{ avatarId: 'stock-1', script: 'Hi', backgroundId: 'template-nope' }, 'Background not found'],
    ] as const;
    for (const [body, message] of cases) {
      const res = await client.post('/api/avatars/talk', body);
      expect({ status: res.status, message: res.data.message }).toEqual({ status: 404, message });
    }
    expect((await client.get('/api/videos')).data).toEqual([]);
  });

  test('anonymous calls are 401', async () => {
    const anon = new TestClient(ctx.app);
    for (const path of ['/api/clips', '/api/processed-videos', '/api/background-videos', '/api/videos/x/status', '/api/avatars/talk/x'])
      expect((await anon.get(path)).status).toBe(401);
    expect((await anon.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi' })).status).toBe(401);
  });

  test('a render that cannot finish ends failed with a message (the background file vanished)', async () => {
    const { client } = await signedInClient(ctx.app);
    const bg = await client.post('/api/backgrounds/upload', formWith('file', png(64, 36, '<rect width="64" height="36" fill="#0a0"/>'), 'bg.png', 'image/png'));
    expect(bg.status).toBe(201);
    await ctx.deps.providers.storage.delete(bg.data.url.slice('/files/'.length));
    const { data } = await client.post('/api/avatars/talk', { avatarId: 'stock-2', script: 'This will not render.', backgroundId: bg.data.id });
    const st = await pollUntil(client, `/api/videos/${data.videoId}/status`, settled);
    expect(st.data).toMatchObject({
      status: 'failed',
      url: null,
      error: "We couldn't render this video: the background image of this video no longer exists.",
    });
    expect(st.data.message).toBe(st.data.error);
    const talk = (await client.get(`/api/avatars/talk/${data.taskId}`)).data;
    expect(talk).toMatchObject({
      status: 'error',
      result_url: null,
      error: "We couldn't render this video: the background image of this video no longer exists.",
    });
    expect((await client.get('/api/clips')).data.clips[0].status).toBe('error');
    expect((await client.get('/api/processed-videos')).data.videos).toEqual([]);
  });
});

describe('status of other users’ renders', () => {
  test('another user’s video id or task id answers 404', async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const { data } = await a.client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hi.', captions: 'none' });
    for (const path of [
      `/api/videos/${data.videoId}/status`,
      `/api/heygen/videos/${data.taskId}/status`,
      `/api/avatars/talk/${data.taskId}`,
      `/api/avatars/talk/${data.videoId}`,
    ]) {
      expect((await b.client.get(path)).status).toBe(404);
      expect((await a.client.get(path)).status).toBe(200);
    }
    expect((await b.client.get('/api/clips')).data.clips).toEqual([]);
    expect((await a.client.get('/api/videos/nope/status')).status).toBe(404);
  });
  // A lost render (its queue job ended) is recorded as failed by the render sweep: sweep.test.ts.
});

describe('backgrounds', () => {
  test('upload takes images only (by content), lists the user’s uploads first, then template backgrounds', async () => {
    const a = await signedInClient(ctx.app);
    const b = await signedInClient(ctx.app);
    const up = await a.client.post('/api/backgrounds/upload', formWith('file', PNG_1x1, 'sky.png', 'image/png'));
    expect(up.status).toBe(201);
    expect(up.data).toMatchObject({ url: expect.stringMatching(/^\/files\/background\/.+\.png$/), name: 'sky.png', type: 'image' });
    const fake = await a.client.post('/api/backgrounds/upload', formWith('file', new TextEncoder().encode('not an image'), 'x.png', 'image/png'));
    expect(fake.status).toBe(400);
    expect(fake.data.message).toContain('Only image files');
    expect((await a.client.post('/api/backgrounds/upload', new FormData())).status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 10);
    big.set(PNG_1x1);
    const tooBig = await a.client.post('/api/backgrounds/upload', formWith('file', big, 'big.png', 'image/png'));
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.message).toBe('File must be 10MB or smaller');

    const list = (await a.client.get('/api/background-videos')).data.backgrounds;
    expect(list[0]).toMatchObject({ id: up.data.id, source: 'upload', url: up.data.url });
    const templates = list.filter((x: { source: string }) => x.source === 'template');
    expect(templates.length).toBeGreaterThanOrEqual(6);
    expect(templates.some((x: { type: string; url: string }) => x.type === 'image' && x.url.endsWith('/background.png'))).toBe(true);
    expect(templates.some((x: { type: string; color: string }) => x.type === 'color' && /^#/.test(x.color))).toBe(true);
    // Another user sees only the template backgrounds and cannot render with a's upload.
    expect((await b.client.get('/api/background-videos')).data.backgrounds.every((x: { source: string }) => x.source === 'template')).toBe(true);
    expect((await b.client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi', backgroundId: up.data.id })).status).toBe(404);
  });
});

describe('tRPC', () => {
  test('generation, clips and status over tRPC', async () => {
    const { client } = await signedInClient(ctx.app);
    const bad = await client.trpc('mutation', 'generation.talk', { avatarId: 'stock-1', script: '' });
    expect(bad.status).toBe(400);
    const clips = await client.trpc('query', 'generation.clips');
    expect(clips.data.result.data.clips).toEqual([]);
    const missing = await client.trpc('query', 'generation.videoStatus', { id: 'nope' });
    expect(missing.status).toBe(404);
  });
});

test('cloud status polls back off from 1 s to 15 s', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 20].map(pollDelaySeconds)).toEqual([1, 1, 2, 2, 3, 5, 8, 11, 15, 15]);
});
