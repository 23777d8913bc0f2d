import { beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { faceClipMp4 } from '../../test/face-clips';
import { formWith } from '../../test/fixtures';
import { signedInClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { runFfmpeg } from '../../media/ffmpeg';
import { CLIP_MESSAGES } from '../../media/video-check';
import { customAvatars } from './tables';

// Clips uploaded as custom avatars: refused at upload (400, a sentence about faces or length) unless
// most of their frames show one face; accepted ones become video avatars that render.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let db: Awaited<ReturnType<typeof testApp>>['database']['db'];
beforeAll(async () => {
  const t = await testApp();
  app = t.app;
  db = t.database.db;
}, 60_000);

async function longClip(): Promise<Uint8Array> {
  const out = `${process.env.TMPDIR ?? '/tmp'}/long-${crypto.randomUUID()}.mp4`;
  await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=gray:s=64x64:r=5:d=61', '-c:v', 'libx264', '-preset', 'ultrafast', out], { timeoutMs: 60_000 });
  return new Uint8Array(await Bun.file(out).arrayBuffer());
}

test('clips with no face, with two faces, or longer than a minute are refused at upload with a clear 400', async () => {
  const { client } = await signedInClient(app);
  const refused = async (bytes: Uint8Array, name: string) => {
    const res = await client.post('/api/avatars/upload', formWith('image', bytes, name, 'video/mp4'));
    expect(res.status).toBe(400);
    return res.data.message as string;
  };
  expect(await refused(await faceClipMp4({ faces: 'none', seconds: 3 }), 'bars.mp4')).toBe(CLIP_MESSAGES.none);
  expect(await refused(await faceClipMp4({ faces: 'two', seconds: 3 }), 'two.mp4')).toBe(CLIP_MESSAGES.several);
  expect(await refused(await longClip(), 'long.mp4')).toBe(CLIP_MESSAGES.tooLong(61));
  expect((await client.get('/api/avatars?category=custom')).data.avatars).toEqual([]);
}, 120_000);

test('a clip of one face becomes a video avatar: processing … done, its loop stored, it renders, and deleting it removes every file', async () => {
  const { client } = await signedInClient(app);
  const up = await client.post('/api/avatars/upload', formWith('image', await faceClipMp4({ faces: 'one', seconds: 3 }), 'me.mp4', 'video/mp4'));
  expect(up.status).toBe(200);
  expect(up.data.mimeType).toBe('video/mp4');
  const created = await client.post('/api/avatars/create-custom', { name: 'Me on video', gender: 'female', consentVideo: up.data.url, mimeType: 'video/mp4' });
  expect(created.status).toBe(200);
  const id = created.data.id as string;
  // While it is prepared it has no picture yet: the library (tRPC, its output checked) still lists it.
  const listed = await client.trpc('query', 'avatars.list', { category: 'custom' });
  expect(listed.status).toBe(200);
  expect(listed.data.result.data.avatars.map((a: { id: string }) => a.id)).toContain(id);
  const st = await pollUntil(client, `/api/avatars/custom/${id}`, (d) => d.status === 'done' || d.status === 'failed', 180_000);
  expect(st.data).toMatchObject({ id, status: 'done', errorMessage: null, mimeType: 'video/mp4' });
  const [row] = await db.select().from(customAvatars).where(eq(customAvatars.id, id));
  expect(row?.rig).toMatchObject({ kind: 'video', frames: 75 });
  expect(row?.clipUrl).toMatch(/^\/files\/custom-avatar\/.+\.mp4$/);
  const loop = await client.get(row!.clipUrl!, { range: 'bytes=0-11' });
  expect(loop.status).toBe(206);
  // The library card: the face cut out as a circle (RGBA PNG).
  const card = new Uint8Array(await (await app.handle(new Request(`http://localhost${st.data.thumbnail}`))).arrayBuffer());
  expect(card[25]).toBe(6);

  const talk = await client.post('/api/avatars/talk', { avatarId: id, script: 'Hello from my own video.', captions: 'none' });
  expect(talk.status).toBe(201);
  const done = await pollUntil(client, `/api/videos/${talk.data.videoId}/status`, settled, 180_000);
  expect(done.data.status).toBe('completed');

  expect((await client.delete(`/api/avatars/${id}`)).status).toBe(200);
  for (const url of [up.data.url, row!.imageUrl!, row!.thumbnailUrl!, row!.rigUrl!, row!.clipUrl!]) expect((await client.get(url)).status).toBe(404);
}, 400_000);
