import { beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { signedInClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});

/** The picture size of a video the app serves. */
async function sizeOf(url: string) {
  const file = join(await mkdtemp(join(tmpdir(), 'reframe-')), 'v.mp4');
  await Bun.write(file, await (await t.app.handle(new Request(`http://localhost${new URL(url, 'http://localhost').pathname}`))).arrayBuffer());
  const info = await probe(file);
  return { width: info.video?.width ?? 0, height: info.video?.height ?? 0 };
}

describe('a finished video rendered again in another shape', () => {
  test('the vertical version: same script and presenter, a new portrait video; the same shape again, an unfinished video or another workspace’s are refused', async () => {
    const { client } = await signedInClient(t.app);
    const started = await client.post('/api/avatars/talk', {
      avatarId: 'stock-4',
      script: 'Hi {first_name}, a short hello.',
      voiceId: 'local-en-female',
      previewValues: { first_name: 'Ana' },
      fallbacks: { first_name: 'there' },
    });
    expect(started.status).toBe(201);
    const original = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 90_000);
    expect(original.data.status).toBe('completed');
    const landscape = (await client.get(`/api/videos/${started.data.videoId}`)).data;
    const shape = await sizeOf(landscape.videoUrl);
    expect(shape.width).toBeGreaterThan(shape.height);

    const reframed = await client.trpc('mutation', 'generation.reframe', { videoId: started.data.videoId, aspectRatio: 'portrait' });
    expect(reframed.status).toBe(200);
    const { videoId } = reframed.data.result.data;
    expect(videoId).not.toBe(started.data.videoId);
    expect((await pollUntil(client, `/api/videos/${videoId}/status`, settled, 90_000)).data.status).toBe('completed');
    const vertical = (await client.get(`/api/videos/${videoId}`)).data;
    expect(vertical).toMatchObject({
      script: landscape.script,
      avatarId: landscape.avatarId,
      voiceId: landscape.voiceId,
      previewValues: { first_name: 'Ana' },
    });
    expect(vertical.title).toEndWith('(vertical)');
    const tall = await sizeOf(vertical.videoUrl);
    expect(tall.height).toBeGreaterThan(tall.width);

    // Already that shape: said so. Still rendering: refused. Another workspace's video: not found.
    const same = await client.trpc('mutation', 'generation.reframe', { videoId, aspectRatio: 'portrait' });
    expect([same.status, same.data.error?.message]).toEqual([400, 'This video is already vertical']);
    const busy = await client.post('/api/avatars/talk', { avatarId: 'stock-4', script: 'Another one.', voiceId: 'local-en-female' });
    const early = await client.trpc('mutation', 'generation.reframe', { videoId: busy.data.videoId, aspectRatio: 'portrait' });
    if (early.status !== 200) expect([early.status, early.data.error?.message]).toEqual([400, 'Only a finished video can be rendered in another shape']);
    const stranger = (await signedInClient(t.app)).client;
    expect((await stranger.trpc('mutation', 'generation.reframe', { videoId: started.data.videoId, aspectRatio: 'portrait' })).status).toBe(404);
    await pollUntil(client, `/api/videos/${busy.data.videoId}/status`, settled, 90_000);
  }, 240_000);
});
