import { describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { appWithViewer, beacon, type Page, shareLink, trackedVideo } from './fixtures/viewer';
import { rebuildVideoStats } from './aggregates';
import { createApp } from '../../app/app';
import { trackingEvents, videoStats } from './tables';
import { issuePageToken } from './page-token';
import { personalScope } from '../../server/scope';

// The figures built from the beacons: viewers, platforms, days, campaigns' totals and the counters.
// The beacon's intake itself: tracking.test.ts.

// One anonymous client (one address) posts every beacon of the file: a fresh window per test.
const fx = appWithViewer();

const send = (p: Page, event: string, percent?: number, headers?: Record<string, string>) => beacon(fx.anon, p, event, percent, headers);
const setup = () => trackedVideo(fx);

describe('aggregates', () => {
  test('unique viewers, platforms and days follow the events', async () => {
    const { detail, client, campaign, load } = await setup();
    // Two page loads from one address, one from another: three views, two viewers.
    await send(await load(), 'view');
    await send(await load(), 'view');
    const second = new TestClient(fx.t.app);
    await beacon(second, await load(second), 'view');
    const d = await detail();
    // Nothing was delivered: "Delivered to" stays 0 (it is not the viewers), "Watched by" is 2.
    expect(d).toMatchObject({ views: 3, uniqueViewers: 2, watchedBy: 2, deliveredTo: 0, reach: 0 });
    expect(d.platformStats).toEqual([
      { platform: 'email', deliveries: 0, views: 0, uniqueViewers: 0, ctaClicks: 0, engagementRate: 0, ctr: 0 },
      { platform: 'share', deliveries: 0, views: 3, uniqueViewers: 2, ctaClicks: 0, engagementRate: 0, ctr: 0 },
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
    const { video, detail, client, campaign, load } = await setup();
    await send(await load(), 'view');
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
    const page = (token: string) => issuePageToken(fx.t.deps.box, { linkToken: token, videoId: video.id, ip: viewer.ip });
    for (const token of ['knownAAA-token', 'knownAAA-token', 'knownBBB-token'])
      expect((await track({ token, page: await page(token), event: 'view' })).status).toBe(204);
    expect((await track({ token: 'unknown-token', page: await page('unknown-token'), event: 'view' })).status).toBe(404);
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
    const { video, user, client, campaign, listed, link, load } = await setup();
    const second = (await client.post('/api/videos', { title: 'Second', videoUrl: 'https://cdn.example.com/2.mp4' })).data;
    const secondLink = await shareLink(client, second.id);
    for (let i = 0; i < 6; i++) {
      const p = await load(fx.anon, i % 2 ? link : secondLink);
      await send(p, 'view');
      await send(p, 'progress', 10 * i);
      if (i % 3 === 0) await send(p, 'cta');
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
    const { video, client, load } = await setup();
    await send(await load(), 'view');
    await client.delete(`/api/videos/${video.id}`);
    expect(await fx.t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.videoId, video.id))).toHaveLength(0);
    expect(await fx.t.deps.db.select().from(videoStats).where(eq(videoStats.videoId, video.id))).toHaveLength(0);
  });
});
