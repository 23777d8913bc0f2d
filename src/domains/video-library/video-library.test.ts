import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { files } from '../files/tables';
import { VIDEO_MESSAGES } from '../videos/schemas';
import { attachmentHeader, LIBRARY_MESSAGES, safeFileName } from './copy';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs: plug distribution's back.
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

type Client = TestClient;
const usedBytes = async (client: Client) => (await client.get('/api/subscription')).data.usage.storage.usedBytes as number;

/** A video rendered by the app (local engine), finished. */
async function rendered(client: Client, script: string, extra: Record<string, unknown> = {}) {
  const talk = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceId: 'local-en-female', ...extra });
  expect(talk.status).toBe(201);
  const id = talk.data.videoId as string;
  const st = await pollUntil(client, `/api/videos/${id}/status`, settled, 60_000);
  expect(st.data.status).toBe('completed');
  return (await client.get(`/api/videos/${id}`)).data;
}

const keysOf = async (workspaceId: string) =>
  (await t.deps.db.select({ key: files.key }).from(files).where(eq(files.workspaceId, workspaceId))).map((f) => f.key);

describe('rename', () => {
  test('a new title is saved; a blank one is refused with the spec message; another user gets 404', async () => {
    const { client } = await signedInClient(t.app);
    const v = (await client.post('/api/videos', { title: 'Old', videoUrl: 'https://cdn.example.com/a.mp4' })).data;
    const ok = await client.trpc('mutation', 'videos.update', { id: v.id, patch: { title: '  Spring offer  ' } });
    expect(ok.status).toBe(200);
    expect((await client.get(`/api/videos/${v.id}`)).data.title).toBe('Spring offer');
    const blank = await client.patch(`/api/videos/${v.id}`, { title: '   ' });
    expect(blank).toMatchObject({ status: 400, data: { message: VIDEO_MESSAGES.title } });
    const other = (await signedInClient(t.app)).client;
    expect((await other.patch(`/api/videos/${v.id}`, { title: 'Mine' })).status).toBe(404);
    expect((await client.get(`/api/videos/${v.id}`)).data.title).toBe('Spring offer');
  });
});

describe('download', () => {
  test('safe file names', () => {
    expect(safeFileName('Été à Paris / "Q3" <offer>')).toBe('Ete-a-Paris-Q3-offer.mp4');
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd.mp4');
    expect(safeFileName('日本語')).toBe('video.mp4');
    expect(attachmentHeader('Café\r\nX: y')).toBe(`attachment; filename="Cafe-X-y.mp4"; filename*=UTF-8''Caf%C3%A9%20%20X%3A%20y.mp4`);
  });

  test('the owner downloads the MP4 as an attachment with byte ranges; others get 404, anonymous 401', async () => {
    const { client } = await signedInClient(t.app);
    const v = await rendered(client, 'Hello from the download test.');
    await client.patch(`/api/videos/${v.id}`, { title: 'Été "launch"' });
    const res = await client.get(`/api/videos/${v.id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(res.headers.get('content-disposition')).toStartWith('attachment; filename="Ete-launch.mp4"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const size = Number(res.headers.get('content-length'));
    expect(size).toBeGreaterThan(1000);
    const part = await client.get(`/api/videos/${v.id}/download`, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(part.headers.get('content-disposition')).toStartWith('attachment;');

    expect((await (await signedInClient(t.app)).client.get(`/api/videos/${v.id}/download`)).status).toBe(404);
    expect((await new TestClient(t.app).get(`/api/videos/${v.id}/download`)).status).toBe(401);
    const external = (await client.post('/api/videos', { title: 'X', videoUrl: 'https://cdn.example.com/x.mp4' })).data;
    expect((await client.get(`/api/videos/${external.id}/download`)).data).toEqual({ message: LIBRARY_MESSAGES.elsewhere });
    const draft = (await client.post('/api/videos', { title: 'D', status: 'draft' })).data;
    expect(await client.get(`/api/videos/${draft.id}/download`)).toMatchObject({ status: 404, data: { message: LIBRARY_MESSAGES.noFile } });
  }, 90_000);
});

describe('duplicate and edit', () => {
  test("the draft carries the script, values, avatar, voice, look and template; another user's id is 404", async () => {
    const { client } = await signedInClient(t.app);
    const v = await rendered(client, 'Hi {first_name}, a short one.', {
      previewValues: { first_name: 'Jane' },
      fallbacks: { first_name: 'friend' },
      avatarStyle: 'circle',
    });
    const draft = await client.trpc('query', 'videos.draft', { id: v.id });
    expect(draft.status).toBe(200);
    expect(draft.data.result.data).toMatchObject({
      sourceId: v.id,
      script: 'Hi {first_name}, a short one.',
      previewValues: { first_name: 'Jane' },
      fallbacks: { first_name: 'friend' },
      avatar: { id: 'stock-3', type: 'stock' },
      voiceId: 'local-en-female',
      look: { avatarStyle: 'circle' },
    });
    const other = (await signedInClient(t.app)).client;
    expect((await other.trpc('query', 'videos.draft', { id: v.id })).status).toBe(404);
    // Saving the edited copy is a new render: a new video; the original is untouched.
    const copy = await rendered(client, 'Hi {first_name}, a longer one now.', { previewValues: { first_name: 'Jane' } });
    expect(copy.id).not.toBe(v.id);
    const original = (await client.get(`/api/videos/${v.id}`)).data;
    expect(original).toMatchObject({ title: v.title, script: v.script, videoUrl: v.videoUrl });
  }, 120_000);
});

describe('delete', () => {
  test("the video, its files, its recipients' personal videos and its share render go; usage drops; links answer 410", async () => {
    const { client, user } = await signedInClient(t.app);
    const before = await usedBytes(client);
    const keep = await rendered(client, 'Another video that stays.');
    const withKeep = await usedBytes(client);
    const v = await rendered(client, 'Hi {first_name}. Thanks for your time.', { previewValues: { first_name: 'Jane' } });
    const list = await client.post('/api/contact-lists', { name: 'VIP' });
    await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com' });
    const sent = await client.post(`/api/videos/${v.id}/distribute`, { listIds: [list.data.id], platforms: ['email'] });
    expect(sent.data).toMatchObject({ personalised: true, renders: 1 });
    await pollUntil(client, `/api/distributions/${sent.data.distributionId}/progress`, (p) => p.done, 90_000);
    const share = (await client.post(`/api/videos/${v.id}/share`)).data;
    const anon = new TestClient(t.app);
    await pollUntil(anon, share.path, (page) => typeof page === 'string' && page.includes('video.mp4'), 90_000);
    const delivery = (await client.get(`/api/distributions/${sent.data.distributionId}`)).data.deliveries[0];
    const landing = new URL(delivery.landingUrl).pathname;
    // Her e-mail's images and her video exist before.
    expect((await anon.get(`${landing}/poster.jpg`)).status).toBe(200);
    const keysBefore = await keysOf(user.id);
    const full = await usedBytes(client);
    expect(full).toBeGreaterThan(withKeep);

    // Another user cannot delete it.
    expect((await (await signedInClient(t.app)).client.delete(`/api/videos/${v.id}`)).status).toBe(404);
    const del = await client.trpc('mutation', 'videos.delete', { id: v.id });
    expect(del.status).toBe(200);
    expect((await client.get(`/api/videos/${v.id}`)).status).toBe(404);

    // Every file made for it is gone from storage and from the usage figure; the other video's stay.
    const keysAfter = await keysOf(user.id);
    const removed = keysBefore.filter((k) => !keysAfter.includes(k));
    expect(removed.length).toBeGreaterThanOrEqual(2 + 4 + 1 + 4); // render + poster, her opening/poster/GIF/captions, the shared tail, the share render's
    for (const k of removed) expect(await t.deps.providers.storage.open(k)).toBeNull();
    for (const k of keysAfter) expect(await t.deps.providers.storage.open(k)).not.toBeNull();
    expect(await usedBytes(client)).toBe(withKeep);
    expect(withKeep).toBeGreaterThan(before);
    expect((await client.get(`/api/videos/${keep.id}`)).status).toBe(200);

    // Her landing page and the share link: "no longer available", not an error; their media: 404.
    for (const path of [landing, share.path]) {
      const page = await anon.get(path);
      expect(page.status).toBe(410);
      expect(page.data).toContain('This video is no longer available');
    }
    expect((await anon.get(`${landing}/video.mp4`)).status).toBe(404);
    expect((await anon.get('/v/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa')).status).toBe(404);
    expect((await client.delete(`/api/videos/${v.id}`)).status).toBe(404);
  }, 240_000);
});
