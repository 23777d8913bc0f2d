import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { appWithViewer, beacon, type Page, trackedVideo } from './fixtures/viewer';
import { createApp } from '../../app/app';
import { trackingEvents, videoStats } from './tables';
import { issuePageToken, PAGE_TOKEN_TTL_MS } from './page-token';
import { BEACON_MESSAGES } from './service';
import { workspaceMembers } from '../workspaces/tables';

// The beacon's intake: what it accepts, refuses and counts once. The figures built from it: aggregates.test.ts.

// One anonymous client (one address) posts every beacon of the file: a fresh window per test.
const fx = appWithViewer();

const track = (body: unknown, headers?: Record<string, string>) => fx.anon.post('/api/track', body, headers);
const send = (p: Page, event: string, percent?: number, headers?: Record<string, string>) => beacon(fx.anon, p, event, percent, headers);
const setup = () => trackedVideo(fx);

describe('the beacon', () => {
  test('of a served page answers 204 and counts a view', async () => {
    const { video, detail, client, load } = await setup();
    const res = await send(await load(), 'view');
    expect(res.status).toBe(204);
    expect(res.data).toBeNull();
    expect((await detail()).views).toBe(1);
    expect((await client.get(`/api/videos/${video.id}`)).data.views).toBe(1);
  });

  test.each([
    [{ event: 'view', page: 'p'.repeat(30) }, 'Invalid token'],
    [{ token: 'tokentoken', event: 'view' }, 'Invalid page token'],
    [{ token: 'tokentoken', event: 'view', page: 'short' }, 'Invalid page token'],
    [{ token: 'tokentoken', event: 'view', page: `${'x'.repeat(30)} spaces` }, 'Invalid page token'],
    [{ token: 'tokentoken', event: 'play', page: 'p'.repeat(30) }, 'event must be open, view, progress or cta'],
    [{ token: 'tokentoken', event: 'progress', page: 'p'.repeat(30) }, 'percent is required with progress'],
    [{ token: 'tokentoken', event: 'progress', page: 'p'.repeat(30), percent: 101 }, 'percent must be a number from 0 to 100'],
    [{ token: 'tokentoken', event: 'progress', page: 'p'.repeat(30), percent: -1 }, 'percent must be a number from 0 to 100'],
    [{ token: 'tokentoken', event: 'progress', page: 'p'.repeat(30), percent: '50' }, 'percent must be a number from 0 to 100'],
    [{ token: 'tokentoken', event: 'view', page: 'p'.repeat(30), percent: 10 }, 'percent is only sent with progress'],
    [{ token: 'tokentoken', event: 'view', page: 'p'.repeat(30), viewId: 'abcdefgh' }, 'Unknown field: viewId'],
    [{ videoId: 'v', token: 'tokentoken', event: 'view', page: 'p'.repeat(30) }, 'Unknown field: videoId'],
    ['{"token": ', 'Malformed JSON body'],
  ])('refuses case %# with 400', async (body, message) => {
    const res = await track(body);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message });
  });

  test('an unknown link answers 404; a page token of another link, forged or expired answers 403', async () => {
    const { load, client, video } = await setup();
    const page = await load();
    expect((await send({ ...page, token: 'nosuchtoken1234567' }, 'view')).status).toBe(404);
    const other = await setup();
    const theirs = await other.load();
    expect((await send({ token: page.token, page: theirs.page }, 'view')).status).toBe(403);
    const [viewId, viewer, exp, sig] = page.page.split('.');
    expect((await send({ ...page, page: `${viewId}.${viewer}.${exp}.${sig!.replace(/.$/, (c) => (c === '0' ? '1' : '0'))}` }, 'view')).status).toBe(403);
    expect((await send({ ...page, page: `${'A'.repeat(22)}.${viewer}.${exp}.${sig}` }, 'view')).status).toBe(403);
    const stale = await issuePageToken(fx.t.deps.box, {
      linkToken: page.token,
      videoId: video.id,
      ip: fx.anon.ip,
      now: new Date(Date.now() - PAGE_TOKEN_TTL_MS - 1000),
    });
    const res = await send({ ...page, page: stale }, 'view');
    expect(res.status).toBe(403);
    expect(res.data).toEqual({ message: BEACON_MESSAGES.pageExpired });
    expect((await client.get(`/api/videos/${video.id}`)).data.views).toBe(0);
  });

  test("sendBeacon's text/plain body is read as JSON", async () => {
    const { detail, load } = await setup();
    const p = await load();
    const res = await track(JSON.stringify({ ...p, event: 'view' }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    expect((await detail()).views).toBe(1);
  });

  test('is rate-limited per client address (429 with Retry-After)', async () => {
    const { load } = await setup();
    const limit = fx.t.deps.limits.track.limit;
    const p = await load();
    // A beacon is parsed before it is counted (a malformed one costs no reservation: 400, not 429);
    // every well-formed one counts, the same view repeated included (idempotent, so cheap).
    for (let i = 0; i < 3; i++) expect((await track({ ...p, event: 'view', page: 'short' })).status).toBe(400);
    await Promise.all(Array.from({ length: limit - 2 }, () => fx.t.deps.limits.track.reserve(fx.anon.ip)));
    for (let i = 0; i < 2; i++) expect((await send(p, 'view')).status).toBe(204);
    const res = await send(p, 'view');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.data.message).toBeString();
  });
});

describe('forged beacons (issue 25)', () => {
  test("a beacon by a video's id, without a served page's token, counts nothing and fires no webhook", async () => {
    const { video, client, detail } = await setup();
    const emitted: unknown[] = [];
    const app = createApp({ ...fx.t.deps, emit: async (e) => void emitted.push(e) }, { distDir: join(fx.t.dataDir, 'no-dist') });
    const anon = new TestClient(app);
    for (const body of [
      { videoId: video.id, event: 'cta', viewId: 'forged-view-1' },
      { videoId: video.id, event: 'view', viewId: 'forged-view-2' },
      { token: video.id, event: 'view', page: 'p'.repeat(40) },
    ])
      expect((await anon.post('/api/track', body)).status).toBeOneOf([400, 404]);
    expect(await detail()).toMatchObject({ views: 0, ctaClicks: 0 });
    expect((await client.get(`/api/videos/${video.id}`)).data.views).toBe(0);
    expect(await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id))).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  test('a page served before the share link was turned off counts nothing afterwards', async () => {
    const { video, client, detail, load } = await setup();
    const p = await load();
    expect((await send(p, 'view')).status).toBe(204);
    expect((await client.delete(`/api/videos/${video.id}/share`)).status).toBe(200);
    expect((await send(p, 'cta')).status).toBe(404);
    expect((await fx.anon.get(`/v/${p.token}`)).status).toBe(404);
    expect(await detail()).toMatchObject({ views: 1, ctaClicks: 0 });
  });

  test('40 User-Agents from one page load are one view and one unique viewer', async () => {
    const { detail, load } = await setup();
    const p = await load();
    for (let i = 0; i < 40; i++) expect((await send(p, i % 2 ? 'cta' : 'view', undefined, { 'user-agent': `Browser/${i}` })).status).toBe(204);
    expect(await detail()).toMatchObject({ views: 1, uniqueViewers: 1, ctaClicks: 1 });
  });

  test('reloading the page from one address is another view of the same viewer; another address is another viewer', async () => {
    const { detail, load } = await setup();
    for (let i = 0; i < 3; i++) await send(await load(), 'view', undefined, { 'user-agent': `Reload/${i}` });
    const elsewhere = new TestClient(fx.t.app);
    await beacon(elsewhere, await load(elsewhere), 'view');
    expect(await detail()).toMatchObject({ views: 4, uniqueViewers: 2 });
  });
});

describe('idempotency', () => {
  test('the same page twice is one view; progress keeps its highest percent; a click counts once', async () => {
    const { video, detail, listed, load } = await setup();
    const a = await load();
    const b = await load();
    for (const [p, event, percent] of [
      [a, 'view'],
      [a, 'view'],
      [a, 'progress', 30],
      [a, 'progress', 80],
      [a, 'progress', 50],
      [a, 'cta'],
      [a, 'cta'],
      [b, 'view'],
      [b, 'progress', 20.4],
    ] as [Page, string, number?][])
      expect((await send(p, event, percent)).status).toBe(204);
    // views 2; engagement (80 + 20) / 2 = 50 %; CTR 1 / 2 = 50 %.
    expect(await detail()).toMatchObject({ views: 2, engagementRate: 50, ctr: 50, ctaClicks: 1 });
    expect(await listed()).toMatchObject({ views: 2, engagementRate: 50, ctr: 50 });
    const rows = await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id));
    expect(rows).toHaveLength(5);
  });

  test('progress or a click without its view records the view once', async () => {
    const { detail, load } = await setup();
    const a = await load();
    await send(a, 'progress', 60);
    await send(a, 'cta');
    await send(a, 'view');
    expect(await detail()).toMatchObject({ views: 1, engagementRate: 60, ctr: 100 });
  });

  test('concurrent beacons of one view count its growth once', async () => {
    const { video, user, load } = await setup();
    const a = await load();
    await Promise.all([10, 40, 90, 70, 90, 20].map((percent) => send(a, 'progress', percent)));
    await Promise.all([1, 2, 3].map(() => send(a, 'view')));
    const [stats] = await fx.t.deps.db.select().from(videoStats).where(eq(videoStats.videoId, video.id));
    expect(stats).toMatchObject({ views: 1, watchedSum: 90, workspaceId: user.id });
  });
});

describe("the owner's previews", () => {
  test('are accepted with 204 and never counted', async () => {
    const { video, client, detail, load } = await setup();
    const p = await load(client);
    const res = await beacon(client, p, 'view');
    expect(res.status).toBe(204);
    await beacon(client, p, 'progress', 100);
    expect(await detail()).toMatchObject({ views: 0, engagementRate: 0 });
    expect(await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id))).toHaveLength(0);
  });

  test('another signed-in user watching does count', async () => {
    const { detail, load } = await setup();
    const other = await signedInClient(fx.t.app);
    expect((await beacon(other.client, await load(other.client), 'view')).status).toBe(204);
    expect((await detail()).views).toBe(1);
  });

  test("a member of the video's workspace previewing is not counted, whatever workspace their session is in", async () => {
    const { detail, user, load } = await setup();
    const member = await signedInClient(fx.t.app);
    await fx.t.deps.db.insert(workspaceMembers).values({ workspaceId: user.id, userId: member.user.id, role: 'member' });
    expect((await beacon(member.client, await load(member.client), 'view')).status).toBe(204);
    expect((await detail()).views).toBe(0);
  });
});
