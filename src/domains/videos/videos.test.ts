import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp, TestClient } from '../../test/harness';
import { findFile, storeBytes } from '../files/service';
import { personalScope, type Scope } from '../../server/scope';
import { addMember } from '../workspaces/fixtures/team';
import { VIDEO_MESSAGES } from './schemas';
import { createVideo, getVideo, listVideos } from './service';
import { videos } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

/** A file of `scope`'s, stored as an upload or a render stores it: an MP4 video unless said otherwise. */
const THUMBNAIL = { contentType: 'image/png', kind: 'thumbnail' };
const storeFile = (scope: Scope, bytes: number[], as = { contentType: 'video/mp4', kind: 'video' }) =>
  storeBytes({ db: t.deps.db, storage: t.deps.providers.storage, scope, bytes: new Uint8Array(bytes), ...as });

const video = (over: Record<string, unknown> = {}) => ({ title: 'Welcome Ada', videoUrl: 'https://cdn.example.com/v.mp4', duration: 31.5, ...over });

describe('saving and reading videos', () => {
  test('POST saves a finished video and returns it with its id, url alias and views', async () => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/videos', video({ script: 'Hi {first_name}', avatarId: 'av1', avatarType: 'stock', templateId: 'sales-intro' }));
    expect(res.status).toBe(201);
    expect(res.data.id).toBeString();
    expect(res.data).toMatchObject({
      title: 'Welcome Ada',
      status: 'completed',
      url: 'https://cdn.example.com/v.mp4',
      videoUrl: 'https://cdn.example.com/v.mp4',
      views: 0,
      duration: 31.5,
      campaignId: null,
    });
    const one = await client.get(`/api/videos/${res.data.id}`);
    expect(one.status).toBe(200);
    expect(one.data.title).toBe('Welcome Ada');
    const list = await client.get('/api/videos');
    expect(list.data.map((v: { id: string }) => v.id)).toEqual([res.data.id]);
  });

  test('url is accepted as another name for videoUrl; drafts may have no address yet', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('/api/videos', { title: 'X', url: 'http://x.example/y.mp4' })).data.videoUrl).toBe('http://x.example/y.mp4');
    const draft = await client.post('/api/videos', { title: 'Draft', status: 'draft' });
    expect(draft.status).toBe(201);
    expect(draft.data.videoUrl).toBeNull();
  });

  test.each([
    [{ videoUrl: 'https://a.example/v.mp4' }, VIDEO_MESSAGES.title],
    [video({ title: '   ' }), VIDEO_MESSAGES.title],
    [video({ videoUrl: 'javascript:alert(1)' }), VIDEO_MESSAGES.url],
    [video({ videoUrl: '/files/../secrets.json' }), VIDEO_MESSAGES.url],
    [video({ videoUrl: 'ftp://a.example/v.mp4' }), VIDEO_MESSAGES.url],
    [{ title: 'No address' }, VIDEO_MESSAGES.url],
    [video({ thumbnail: 'data:image/png;base64,AAAA' }), VIDEO_MESSAGES.thumbnail],
    [video({ status: 'archived' }), 'Unknown video status'],
    [video({ owner: 'me' }), 'Unknown field: owner'],
  ])('rejects case %# with 400 and its message', async (body, message) => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/videos', body);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message });
  });

  test('a /files/ address must be a stored file of this user', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const stored = await storeFile(personalScope(a.user.id), [1, 2, 3]);
    expect((await b.client.post('/api/videos', video({ videoUrl: stored.url }))).status).toBe(400);
    expect((await a.client.post('/api/videos', video({ videoUrl: '/files/video/missing.mp4' }))).status).toBe(400);
    const ok = await a.client.post('/api/videos', video({ videoUrl: stored.url }));
    expect(ok.status).toBe(201);
    expect(ok.data.url).toBe(stored.url);
  });

  test('anonymous callers get 401', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/videos')).status).toBe(401);
    expect((await anon.post('/api/videos', video())).status).toBe(401);
  });
});

describe('editing and publishing', () => {
  test("PATCH renames, moves into one of the user's campaigns and out again", async () => {
    const { client } = await signedInClient(t.app);
    const v = (await client.post('/api/videos', video())).data;
    const c = (await client.post('/api/campaigns', { name: 'Spring', platforms: ['email'] })).data;
    const moved = await client.patch(`/api/videos/${v.id}`, { title: 'Renamed', campaignId: c.id });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ title: 'Renamed', campaignId: c.id });
    expect((await client.get(`/api/videos?campaignId=${c.id}`)).data.map((x: { id: string }) => x.id)).toEqual([v.id]);
    expect((await client.patch(`/api/videos/${v.id}`, { campaignId: null })).data.campaignId).toBeNull();
    expect((await client.get(`/api/videos?campaignId=${c.id}`)).data).toEqual([]);
  });

  test('publishing sets published; an unfinished video cannot be published', async () => {
    const { client } = await signedInClient(t.app);
    const v = (await client.post('/api/videos', video())).data;
    const pub = await client.patch(`/api/videos/${v.id}`, { status: 'published' });
    expect(pub.status).toBe(200);
    expect(pub.data.status).toBe('published');
    const processing = (await client.post('/api/videos', { title: 'Rendering', status: 'processing' })).data;
    const refused = await client.patch(`/api/videos/${processing.id}`, { status: 'published' });
    expect(refused.status).toBe(400);
    expect(refused.data.message).toBe(VIDEO_MESSAGES.notFinished);
  });

  test("moving a video into another user's campaign answers 404", async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const v = (await a.client.post('/api/videos', video())).data;
    const foreign = (await b.client.post('/api/campaigns', { name: 'Theirs', platforms: ['share'] })).data;
    expect((await a.client.patch(`/api/videos/${v.id}`, { campaignId: foreign.id })).status).toBe(404);
    expect((await a.client.post('/api/videos', video({ campaignId: foreign.id }))).status).toBe(404);
    expect((await a.client.get(`/api/videos?campaignId=${foreign.id}`)).status).toBe(404);
    expect((await a.client.get(`/api/videos/${v.id}`)).data.campaignId).toBeNull();
  });
});

describe("another user's video", () => {
  test('GET, PATCH and DELETE answer 404 and change nothing', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const v = (await a.client.post('/api/videos', video())).data;
    for (const res of [
      await b.client.get(`/api/videos/${v.id}`),
      await b.client.patch(`/api/videos/${v.id}`, { title: 'Hijacked' }),
      await b.client.delete(`/api/videos/${v.id}`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.data).toEqual({ message: 'Video not found' });
    }
    expect((await b.client.get('/api/videos')).data).toEqual([]);
    expect((await a.client.get(`/api/videos/${v.id}`)).data.title).toBe('Welcome Ada');
  });

  test('over tRPC too', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const v = (await a.client.post('/api/videos', video())).data;
    const res = await b.client.trpc('query', 'videos.byId', { id: v.id });
    expect(res.status).toBe(404);
    expect(res.data.error.message).toBe('Video not found');
    const del = await b.client.trpc('mutation', 'videos.delete', { id: v.id });
    expect(del.status).toBe(404);
    expect((await a.client.trpc('query', 'videos.list')).data.result.data.items).toHaveLength(1);
  });
});

describe('deleting', () => {
  test('DELETE removes the video and its stored files', async () => {
    const { client, user } = await signedInClient(t.app);
    const { db, providers } = t.deps;
    const mp4 = await storeFile(personalScope(user.id), [0, 0, 0, 24]);
    const png = await storeFile(personalScope(user.id), [137, 80], THUMBNAIL);
    const v = (await client.post('/api/videos', video({ videoUrl: mp4.url, thumbnail: png.url }))).data;
    expect((await client.get(mp4.url)).status).toBe(200);
    const res = await client.delete(`/api/videos/${v.id}`);
    expect(res.status).toBe(200);
    expect((await client.get(`/api/videos/${v.id}`)).status).toBe(404);
    expect(await findFile(db, mp4.key)).toBeNull();
    expect(await findFile(db, png.key)).toBeNull();
    expect(await providers.storage.open(mp4.key)).toBeNull();
    expect((await client.get(mp4.url)).status).toBe(404);
  });

  test('a file that another video of the user still shows is kept', async () => {
    const { client, user } = await signedInClient(t.app);
    const mp4 = await storeFile(personalScope(user.id), [9]);
    const first = (await client.post('/api/videos', video({ videoUrl: mp4.url }))).data;
    await client.post('/api/videos', video({ title: 'Saved again', videoUrl: mp4.url }));
    expect((await client.delete(`/api/videos/${first.id}`)).status).toBe(200);
    expect(await findFile(t.deps.db, mp4.key)).not.toBeNull();
  });
});

describe('service', () => {
  test('list and get are owner-scoped', async () => {
    const a = await signedInClient(t.app);
    const b = await signedInClient(t.app);
    const db = t.deps.db;
    const v = await createVideo({ db, scope: personalScope(a.user.id), input: { title: 'Mine', videoUrl: 'https://a.example/v.mp4' } });
    expect((await listVideos({ db, scope: personalScope(b.user.id) })).items.length).toBe(0);
    await expect(getVideo({ db, scope: personalScope(b.user.id), id: v.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getVideo({ db, scope: personalScope(a.user.id), id: v.id })).title).toBe('Mine');
  });
});

describe('in a workspace', () => {
  test("a member's video is the workspace's: every member reads it, it records who made it, outsiders get 404", async () => {
    const owner = await signedInClient(t.app);
    const member = await signedInClient(t.app);
    const outsider = await signedInClient(t.app);
    const db = t.deps.db;
    const asMember = await addMember(db, owner.user.id, member.user.id);
    const stored = await storeFile(asMember, [1, 2]);
    expect(await findFile(db, stored.key)).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });

    const v = await createVideo({ db, scope: asMember, input: { title: 'Team video', videoUrl: stored.url } });
    const [row] = await db.select().from(videos).where(eq(videos.id, v.id));
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });
    expect((await getVideo({ db, scope: personalScope(owner.user.id), id: v.id })).title).toBe('Team video');
    expect((await listVideos({ db, scope: personalScope(owner.user.id) })).items.map((x) => x.id)).toContain(v.id);
    // The member's own workspace holds nothing of it, nor does anyone else's.
    expect((await listVideos({ db, scope: personalScope(member.user.id) })).items).toHaveLength(0);
    await expect(getVideo({ db, scope: personalScope(outsider.user.id), id: v.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The workspace's file, not the member's: saving it from their personal workspace is refused.
    await expect(createVideo({ db, scope: personalScope(member.user.id), input: { title: 'Mine', videoUrl: stored.url } })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });
});
