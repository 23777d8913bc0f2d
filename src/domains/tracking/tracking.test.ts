import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { appWithViewer, newViewId } from './fixtures/viewer';
import { rebuildVideoStats } from './aggregates';
import { createApp } from '../../app/app';
import { trackingEvents, videoStats } from './tables';
import { personalScope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';

// One anonymous client (one address) posts every beacon of the file: a fresh window per test.
const fx = appWithViewer();

const viewId = () => newViewId('view');
const track = (body: unknown, headers?: Record<string, string>) => fx.anon.post('/api/track', body, headers);

/** A user with one video in one campaign. */
async function setup() {
  const s = await signedInClient(fx.t.app);
  const video = (await s.client.post('/api/videos', { title: 'Hello', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
  const campaign = (await s.client.post('/api/campaigns', { name: 'Tracked', platforms: ['email', 'share'], videoIds: [video.id] })).data;
  const detail = async () => (await s.client.get(`/api/campaigns/${campaign.id}`)).data;
  const listed = async () => (await s.client.get('/api/campaigns')).data.find((c: { id: string }) => c.id === campaign.id);
  return { ...s, video, campaign, detail, listed };
}

describe('the beacon', () => {
  test('answers 204 and counts a view', async () => {
    const { video, detail, client } = await setup();
    const res = await track({ videoId: video.id, event: 'view', viewId: viewId() });
    expect(res.status).toBe(204);
    expect(res.data).toBeNull();
    expect((await detail()).views).toBe(1);
    expect((await client.get(`/api/videos/${video.id}`)).data.views).toBe(1);
  });

  test.each([
    [{ event: 'view', viewId: 'abcdefgh' }, 'Send either videoId or token'],
    [{ videoId: 'v', token: 'tokentoken', event: 'view', viewId: 'abcdefgh' }, 'Send either videoId or token'],
    [{ videoId: 'v', event: 'view', viewId: 'short' }, 'viewId must be 8 to 64 letters, digits, - or _'],
    [{ videoId: 'v', event: 'view', viewId: 'has spaces in it' }, 'viewId must be 8 to 64 letters, digits, - or _'],
    [{ videoId: 'v', event: 'view', viewId: 'x'.repeat(65) }, 'viewId must be 8 to 64 letters, digits, - or _'],
    [{ videoId: 'v', event: 'view' }, 'viewId must be 8 to 64 letters, digits, - or _'],
    [{ videoId: 'v', event: 'play', viewId: 'abcdefgh' }, 'event must be open, view, progress or cta'],
    [{ videoId: 'v', event: 'progress', viewId: 'abcdefgh' }, 'percent is required with progress'],
    [{ videoId: 'v', event: 'progress', viewId: 'abcdefgh', percent: 101 }, 'percent must be a number from 0 to 100'],
    [{ videoId: 'v', event: 'progress', viewId: 'abcdefgh', percent: -1 }, 'percent must be a number from 0 to 100'],
    [{ videoId: 'v', event: 'progress', viewId: 'abcdefgh', percent: '50' }, 'percent must be a number from 0 to 100'],
    [{ videoId: 'v', event: 'view', viewId: 'abcdefgh', percent: 10 }, 'percent is only sent with progress'],
    [{ videoId: 'v', event: 'view', viewId: 'abcdefgh', userId: 'x' }, 'Unknown field: userId'],
    ['{"videoId": ', 'Malformed JSON body'],
  ])('refuses case %# with 400', async (body, message) => {
    const res = await track(body);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message });
  });

  test('an unknown video or token answers 404', async () => {
    expect((await track({ videoId: 'nosuchvideo', event: 'view', viewId: viewId() })).status).toBe(404);
    expect((await track({ token: 'nosuchtoken123', event: 'view', viewId: viewId() })).status).toBe(404);
  });

  test("sendBeacon's text/plain body is read as JSON", async () => {
    const { video, detail } = await setup();
    const res = await track(JSON.stringify({ videoId: video.id, event: 'view', viewId: viewId() }), { 'content-type': 'text/plain;charset=UTF-8' });
    expect(res.status).toBe(204);
    expect((await detail()).views).toBe(1);
  });

  test('is rate-limited per client address (429 with Retry-After)', async () => {
    const { video } = await setup();
    const limit = fx.t.deps.limits.track.limit;
    // A beacon is parsed before it is counted (a malformed one costs no reservation: 400, not 429);
    // every well-formed one counts, the same view repeated included (idempotent, so cheap).
    const view = viewId();
    for (let i = 0; i < 3; i++) expect((await track({ videoId: video.id, event: 'view', viewId: 'short' })).status).toBe(400);
    for (let i = 0; i < limit; i++) expect((await track({ videoId: video.id, event: 'view', viewId: view })).status).toBe(204);
    const res = await track({ videoId: video.id, event: 'view', viewId: viewId() });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(res.data.message).toBeString();
  });
});

describe('idempotency', () => {
  test('the same viewId twice is one view; progress keeps its highest percent; a click counts once', async () => {
    const { video, detail, listed } = await setup();
    const a = viewId();
    const b = viewId();
    for (const body of [
      { videoId: video.id, event: 'view', viewId: a },
      { videoId: video.id, event: 'view', viewId: a },
      { videoId: video.id, event: 'progress', viewId: a, percent: 30 },
      { videoId: video.id, event: 'progress', viewId: a, percent: 80 },
      { videoId: video.id, event: 'progress', viewId: a, percent: 50 },
      { videoId: video.id, event: 'cta', viewId: a },
      { videoId: video.id, event: 'cta', viewId: a },
      { videoId: video.id, event: 'view', viewId: b },
      { videoId: video.id, event: 'progress', viewId: b, percent: 20.4 },
    ])
      expect((await track(body)).status).toBe(204);
    // views 2; engagement (80 + 20) / 2 = 50 %; CTR 1 / 2 = 50 %.
    expect(await detail()).toMatchObject({ views: 2, engagementRate: 50, ctr: 50, ctaClicks: 1 });
    expect(await listed()).toMatchObject({ views: 2, engagementRate: 50, ctr: 50 });
    const rows = await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id));
    expect(rows).toHaveLength(5);
  });

  test('progress or a click without its view records the view once', async () => {
    const { video, detail } = await setup();
    const a = viewId();
    await track({ videoId: video.id, event: 'progress', viewId: a, percent: 60 });
    await track({ videoId: video.id, event: 'cta', viewId: a });
    await track({ videoId: video.id, event: 'view', viewId: a });
    expect(await detail()).toMatchObject({ views: 1, engagementRate: 60, ctr: 100 });
  });

  test('concurrent beacons of one view count its growth once', async () => {
    const { video, user } = await setup();
    const a = viewId();
    await Promise.all([10, 40, 90, 70, 90, 20].map((percent) => track({ videoId: video.id, event: 'progress', viewId: a, percent })));
    await Promise.all([1, 2, 3].map(() => track({ videoId: video.id, event: 'view', viewId: a })));
    const [stats] = await fx.t.deps.db.select().from(videoStats).where(eq(videoStats.videoId, video.id));
    expect(stats).toMatchObject({ views: 1, watchedSum: 90, workspaceId: user.id });
  });

  test('the same viewId on another video is another view', async () => {
    const { video, client, detail } = await setup();
    const other = (await client.post('/api/videos', { title: 'Other', videoUrl: 'https://cdn.example.com/o.mp4' })).data;
    const a = viewId();
    await track({ videoId: video.id, event: 'view', viewId: a });
    await track({ videoId: other.id, event: 'view', viewId: a });
    expect((await detail()).views).toBe(1);
    expect((await client.get(`/api/videos/${other.id}`)).data.views).toBe(1);
  });
});

describe("the owner's previews", () => {
  test('are accepted with 204 and never counted', async () => {
    const { video, client, detail } = await setup();
    const res = await client.post('/api/track', { videoId: video.id, event: 'view', viewId: viewId() });
    expect(res.status).toBe(204);
    await client.post('/api/track', { videoId: video.id, event: 'progress', viewId: viewId(), percent: 100 });
    expect(await detail()).toMatchObject({ views: 0, engagementRate: 0 });
    expect(await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id))).toHaveLength(0);
  });

  test('another signed-in user watching does count', async () => {
    const { video, detail } = await setup();
    const other = await signedInClient(fx.t.app);
    expect((await other.client.post('/api/track', { videoId: video.id, event: 'view', viewId: viewId() })).status).toBe(204);
    expect((await detail()).views).toBe(1);
  });

  test("a member of the video's workspace previewing is not counted, whatever workspace their session is in", async () => {
    const { video, detail, user } = await setup();
    const member = await signedInClient(fx.t.app);
    await fx.t.deps.db.insert(workspaceMembers).values({ workspaceId: user.id, userId: member.user.id, role: 'member' });
    expect((await member.client.post('/api/track', { videoId: video.id, event: 'view', viewId: viewId() })).status).toBe(204);
    expect((await detail()).views).toBe(0);
  });
});

describe('aggregates', () => {
  test('unique viewers, platforms and days follow the events', async () => {
    const { video, detail, client, campaign } = await setup();
    const ua = (n: number) => ({ 'user-agent': `Browser/${n}` });
    await track({ videoId: video.id, event: 'view', viewId: viewId() }, ua(1));
    await track({ videoId: video.id, event: 'view', viewId: viewId() }, ua(1));
    await track({ videoId: video.id, event: 'view', viewId: viewId() }, ua(2));
    const d = await detail();
    // Nothing was delivered: "Delivered to" stays 0 (it is not the viewers), "Watched by" is 2.
    expect(d).toMatchObject({ views: 3, uniqueViewers: 2, watchedBy: 2, deliveredTo: 0, reach: 0 });
    expect(d.platformStats).toEqual([
      { platform: 'email', deliveries: 0, views: 0, uniqueViewers: 0, ctaClicks: 0, engagementRate: 0, ctr: 0 },
      { platform: 'share', deliveries: 0, views: 0, uniqueViewers: 0, ctaClicks: 0, engagementRate: 0, ctr: 0 },
      { platform: 'direct', deliveries: 0, views: 3, uniqueViewers: 2, ctaClicks: 0, engagementRate: 0, ctr: 0 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const analytics = (await client.get(`/api/campaigns/${campaign.id}/analytics`)).data;
    expect(analytics.viewsPerDay).toEqual([{ date: today, views: 3, uniqueViewers: 2, ctaClicks: 0 }]);
    const perDay = await client.trpc('query', 'analytics.viewsPerDay', { campaignId: campaign.id });
    expect(perDay.data.result.data).toEqual(analytics.viewsPerDay);
    const perPlatform = await client.trpc('query', 'analytics.perPlatform', { campaignId: campaign.id });
    expect(perPlatform.data.result.data).toEqual(analytics.platforms);
  });

  test('days without views are zero-filled; the chart is empty before any view', async () => {
    const { video, client, campaign, user } = await setup();
    expect((await client.get(`/api/campaigns/${campaign.id}/analytics`)).data.viewsPerDay).toEqual([]);
    const base = { workspaceId: user.id, videoId: video.id, campaignId: campaign.id, channel: 'direct', viewer: 'a:x', event: 'view' as const };
    await fx.t.deps.db.insert(trackingEvents).values([
      { ...base, viewId: 'seeded-1', createdAt: new Date('2030-01-01T10:00:00Z') },
      { ...base, viewId: 'seeded-2', createdAt: new Date('2030-01-03T23:59:00Z') },
    ]);
    const days = (await client.get(`/api/campaigns/${campaign.id}/analytics`)).data.viewsPerDay;
    expect(days.map((d: { date: string; views: number }) => [d.date, d.views])).toEqual([
      ['2030-01-01', 1],
      ['2030-01-02', 0],
      ['2030-01-03', 1],
    ]);
  });

  test("a campaign's figures are those of the videos it holds now", async () => {
    const { video, detail, client, campaign } = await setup();
    await track({ videoId: video.id, event: 'view', viewId: viewId() });
    expect((await detail()).views).toBe(1);
    await client.patch(`/api/videos/${video.id}`, { campaignId: null });
    expect((await detail()).views).toBe(0);
    await client.patch(`/api/videos/${video.id}`, { campaignId: campaign.id });
    expect((await detail()).views).toBe(1);
  });

  test('delivery tokens resolve through the hooks the deps carry, with their channel and contact', async () => {
    // An app built on other hooks: nothing global changes, the shared app keeps distribution's.
    let ids: { videoId: string; workspaceId: string; campaignId: string } | null = null;
    const app = createApp(
      {
        ...fx.t.deps,
        hooks: {
          ...fx.t.deps.hooks,
          resolveToken: async (_db, token) => (ids && token.startsWith('known') ? { ...ids, channel: 'linkedin', contactId: token.slice(5, 8) } : null),
          deliveryStats: async () => ({ reach: 7, byPlatform: { linkedin: 9, whatsapp: 2 } }),
        },
      },
      { distDir: join(fx.t.dataDir, 'no-dist') },
    );
    const { client, user } = await signedInClient(app);
    const video = (await client.post('/api/videos', { title: 'Hello', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    const campaign = (await client.post('/api/campaigns', { name: 'Tracked', platforms: ['email', 'share'], videoIds: [video.id] })).data;
    ids = { videoId: video.id, workspaceId: user.id, campaignId: campaign.id };
    const detail = async () => (await client.get(`/api/campaigns/${campaign.id}`)).data;
    const viewer = new TestClient(app);
    const track = (body: unknown) => viewer.post('/api/track', body);
    await track({ token: 'knownAAA-token', event: 'view', viewId: viewId() });
    await track({ token: 'knownAAA-token', event: 'view', viewId: viewId() });
    await track({ token: 'knownBBB-token', event: 'view', viewId: viewId() });
    expect((await track({ token: 'unknown-token', event: 'view', viewId: viewId() })).status).toBe(404);
    const d = await detail();
    expect(d).toMatchObject({ views: 3, uniqueViewers: 2, reach: 7, deliveredTo: 7 });
    expect(d.platformStats.find((p: { platform: string }) => p.platform === 'linkedin')).toMatchObject({ deliveries: 9, views: 3, uniqueViewers: 2 });
    expect(d.platformStats.find((p: { platform: string }) => p.platform === 'whatsapp')).toMatchObject({ deliveries: 2, views: 0 });
    const [row] = await fx.t.deps.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.videoId, video.id), eq(trackingEvents.deliveryToken, 'knownBBB-token')));
    expect(row).toMatchObject({ channel: 'linkedin', campaignId: campaign.id, viewer: 'c:BBB' });
  });

  test('the counters equal a recomputation from the raw events', async () => {
    const { video, user, client, campaign, listed } = await setup();
    const second = (await client.post('/api/videos', { title: 'Second', videoUrl: 'https://cdn.example.com/2.mp4' })).data;
    for (let i = 0; i < 6; i++) {
      const v = i % 2 ? video.id : second.id;
      const id = viewId();
      await track({ videoId: v, event: 'view', viewId: id });
      await track({ videoId: v, event: 'progress', viewId: id, percent: 10 * i });
      if (i % 3 === 0) await track({ videoId: v, event: 'cta', viewId: id });
    }
    // Moves keep the per-campaign copy in step: into the campaign, out again, back in.
    await client.patch(`/api/videos/${second.id}`, { campaignId: campaign.id });
    await client.patch(`/api/videos/${video.id}`, { campaignId: null });
    await client.patch(`/api/videos/${video.id}`, { campaignId: campaign.id });
    const read = async () =>
      (await fx.t.deps.db.select().from(videoStats).where(eq(videoStats.workspaceId, user.id)))
        .map(({ lastEventAt: _, ...s }) => s)
        .sort((a, b) => a.videoId.localeCompare(b.videoId));
    const live = await read();
    expect(live.reduce((n, s) => n + s.views, 0)).toBe(6);
    await rebuildVideoStats({ db: fx.t.deps.db, scope: personalScope(user.id) });
    expect(await read()).toEqual(live);
    expect((await listed()).views).toBe(6);
    expect(live.every((x) => x.campaignId === campaign.id)).toBe(true);
  });

  test('deleting a video removes its events and counters', async () => {
    const { video, client } = await setup();
    await track({ videoId: video.id, event: 'view', viewId: viewId() });
    await client.delete(`/api/videos/${video.id}`);
    expect(await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id))).toHaveLength(0);
    expect(await fx.t.deps.db.select().from(videoStats).where(eq(videoStats.videoId, video.id))).toHaveLength(0);
  });
});
