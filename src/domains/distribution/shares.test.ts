import { beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { trackingEvents } from '../tracking/tables';
import { SHARE_MESSAGES } from './shares';
import { servedPage } from '../tracking/fixtures/viewer';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs: plug distribution's back.
});
beforeEach(() => t.deps.limits.track.reset('unknown'));

/** The page served to `client` (its page-load token, decision 206). */
const load = async (client: TestClient, token: string) => (await servedPage(client, token)).page;

/** A user with a finished video in a campaign (CTA and sender set). */
async function setup() {
  const s = await signedInClient(t.app);
  const campaign = (
    await s.client.post('/api/campaigns', {
      name: 'Shared',
      platforms: ['email'],
      ctaLabel: 'Book a demo',
      ctaUrl: 'https://acme.example.com/demo',
      senderName: 'Acme Sales',
    })
  ).data;
  const video = (
    await s.client.post('/api/videos', {
      title: 'Our <tour>',
      videoUrl: 'https://cdn.example.com/s/tour.mp4',
      thumbnail: 'https://cdn.example.com/s/tour.jpg',
      status: 'completed',
      campaignId: campaign.id,
    })
  ).data;
  const detail = async () => (await s.client.get(`/api/campaigns/${campaign.id}`)).data;
  return { ...s, campaign, video, detail };
}

const beacon = (client: TestClient, body: unknown, ua = 'Browser/1') =>
  client.request('POST', '/api/track', JSON.stringify(body), { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua });

describe('share links', () => {
  test('Share makes one link per video (the same on the next call), its page serves the video with the campaign CTA and no greeting or unsubscribe', async () => {
    const { client, video } = await setup();
    const first = await client.post(`/api/videos/${video.id}/share`);
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({ videoId: video.id, path: `/v/${first.data.token}`, url: `http://localhost/v/${first.data.token}` });
    expect(first.data.token).toMatch(/^[a-z2-7]{32}$/);
    const again = await client.post(`/api/videos/${video.id}/share`, {});
    expect(again.status).toBe(200);
    expect(again.data.token).toBe(first.data.token);
    expect((await client.get(`/api/videos/${video.id}/share`)).data.share.token).toBe(first.data.token);

    const page = await new TestClient(t.app).get(first.data.path);
    expect(page.status).toBe(200);
    const html = page.data as string;
    expect(html).toContain('src="https://cdn.example.com/s/tour.mp4"');
    expect(html).toContain('poster="https://cdn.example.com/s/tour.jpg"');
    expect(html).toContain('<h1>Our &lt;tour&gt;</h1>');
    expect(html).toContain('Acme Sales shared a video with you.');
    expect(html).toContain('href="https://acme.example.com/demo"');
    expect(html).toContain('>Book a demo</a>');
    expect(html).not.toContain('Unsubscribe');
    expect(html).not.toContain('Hi there');
    expect(html).toContain(`var T="${first.data.token}"`);
    expect(html).not.toContain('/files/render'); // the page, never a raw-file link, is what is shared
  });

  test('beacons through the link count in every figure: views, anonymous unique viewers, engagement, CTR, dashboard, campaign card; channel share', async () => {
    const { client, video, campaign, detail } = await setup();
    const { token } = (await client.post(`/api/videos/${video.id}/share`)).data;
    const anon = new TestClient(t.app);
    const elsewhere = new TestClient(t.app);
    const a = await load(anon, token);
    const b = await load(anon, token);
    const c = await load(elsewhere, token);
    for (const [client, body, ua] of [
      [anon, { token, event: 'open', page: a }, 'Browser/1'],
      [anon, { token, event: 'view', page: a }, 'Browser/1'],
      [anon, { token, event: 'progress', page: a, percent: 40 }, 'Browser/1'],
      [anon, { token, event: 'progress', page: a, percent: 80 }, 'Browser/1'],
      [anon, { token, event: 'cta', page: a }, 'Browser/1'],
      // The same address again (another page load, another browser even): another view, the same viewer.
      [anon, { token, event: 'view', page: b }, 'Browser/2'],
      // Another address: a second anonymous viewer.
      [elsewhere, { token, event: 'view', page: c }, 'Browser/1'],
      [elsewhere, { token, event: 'progress', page: c, percent: 20 }, 'Browser/1'],
    ] as const)
      expect((await beacon(client, body, ua)).status).toBe(204);

    const d = await detail();
    // 3 views; engagement (80 + 0 + 20) / 3 = 33.3 %; CTR 1 / 3 = 33.3 %; 2 anonymous viewers.
    expect(d).toMatchObject({ views: 3, uniqueViewers: 2, engagementRate: 33.3, ctr: 33.3 });
    expect(d.platformStats.find((p: { platform: string }) => p.platform === 'share')).toMatchObject({ views: 3, uniqueViewers: 2, ctaClicks: 1 });
    expect((await client.get('/api/campaigns')).data.find((x: { id: string }) => x.id === campaign.id)).toMatchObject({ views: 3 });
    expect((await client.get('/api/dashboard')).data).toMatchObject({ totalViews: 3 });
    expect((await client.get(`/api/videos/${video.id}`)).data.views).toBe(3);
    const rows = await t.deps.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.videoId, video.id), eq(trackingEvents.viewId, a.split('.')[0]!)));
    expect(rows.map((r) => r.event).sort()).toEqual(['cta', 'open', 'progress', 'view']);
    expect(rows.every((r) => r.channel === 'share' && r.deliveryToken === token && r.viewer.startsWith('a:') && r.campaignId === campaign.id)).toBe(true);

    // The owner watching their own link is a preview: nothing is counted.
    expect(
      (await client.request('POST', '/api/track', JSON.stringify({ token, event: 'view', page: await load(client, token) }), { 'content-type': 'text/plain' }))
        .status,
    ).toBe(204);
    expect((await detail()).views).toBe(3);
  });

  test('an open alone is not a view, and a repeated open is recorded once', async () => {
    const { client, video, detail } = await setup();
    const { token } = (await client.post(`/api/videos/${video.id}/share`)).data;
    const anon = new TestClient(t.app);
    const a = await load(anon, token);
    await beacon(anon, { token, event: 'open', page: a });
    await beacon(anon, { token, event: 'open', page: a });
    expect((await detail()).views).toBe(0);
    const opens = await t.deps.db
      .select()
      .from(trackingEvents)
      .where(and(eq(trackingEvents.videoId, video.id), eq(trackingEvents.event, 'open')));
    expect(opens).toHaveLength(1);
  });

  test('regenerate replaces the link (the old one answers 404, its views stay); revoke turns it off', async () => {
    const { client, video, detail } = await setup();
    const old = (await client.post(`/api/videos/${video.id}/share`)).data;
    const first = new TestClient(t.app);
    const oldPage = await load(first, old.token);
    await beacon(first, { token: old.token, event: 'view', page: oldPage });
    const fresh = await client.post(`/api/videos/${video.id}/share`, { regenerate: true });
    expect(fresh.status).toBe(201);
    expect(fresh.data.token).not.toBe(old.token);
    const anon = new TestClient(t.app);
    expect((await anon.get(old.path)).status).toBe(404);
    expect((await beacon(anon, { token: old.token, event: 'view', page: oldPage })).status).toBe(404);
    expect((await anon.get(fresh.data.path)).status).toBe(200);
    expect((await detail()).views).toBe(1);

    expect((await client.delete(`/api/videos/${video.id}/share`)).data).toEqual({ revoked: true });
    expect((await client.delete(`/api/videos/${video.id}/share`)).data).toEqual({ revoked: false });
    expect((await anon.get(fresh.data.path)).status).toBe(404);
    expect((await client.get(`/api/videos/${video.id}/share`)).data).toEqual({ share: null });
    expect((await detail()).views).toBe(1);
  });

  test("another user's video answers 404 on every share route (REST and tRPC); an unfinished video cannot be shared; bad input is 400", async () => {
    const { video, client } = await setup();
    const other = await signedInClient(t.app);
    expect((await other.client.post(`/api/videos/${video.id}/share`)).status).toBe(404);
    expect((await other.client.get(`/api/videos/${video.id}/share`)).status).toBe(404);
    expect((await other.client.delete(`/api/videos/${video.id}/share`)).status).toBe(404);
    expect((await other.client.post('/api/videos/nosuchvideo/share')).status).toBe(404);
    expect((await other.client.trpc('mutation', 'distribution.share', { videoId: video.id })).status).toBe(404);
    expect((await other.client.trpc('query', 'distribution.shareOf', { videoId: video.id })).status).toBe(404);
    expect((await other.client.trpc('mutation', 'distribution.unshare', { videoId: video.id })).status).toBe(404);
    expect((await new TestClient(t.app).post(`/api/videos/${video.id}/share`)).status).toBe(401);

    const draftRes = await client.post('/api/videos', { title: 'Draft', status: 'draft' });
    expect(draftRes.status).toBe(201);
    const draft = draftRes.data;
    expect((await client.post(`/api/videos/${draft.id}/share`)).data).toEqual({ message: SHARE_MESSAGES.notReady });
    expect((await client.post(`/api/videos/${video.id}/share`, { regenerate: 'yes' })).status).toBe(400);
    expect((await client.post(`/api/videos/${video.id}/share`, { token: 'mine' })).status).toBe(400);

    const viaTrpc = await client.trpc('mutation', 'distribution.share', { videoId: video.id });
    expect(viaTrpc.status).toBe(200);
    expect(viaTrpc.data.result.data.path).toMatch(/^\/v\/[a-z2-7]{32}$/);
  });

  test('deleting the video deletes its link: its page says the video is no longer available', async () => {
    const { client, video } = await setup();
    const { path } = (await client.post(`/api/videos/${video.id}/share`)).data;
    await client.delete(`/api/videos/${video.id}`);
    const page = await new TestClient(t.app).get(path);
    expect(page.status).toBe(410);
    expect(page.data).toContain('This video is no longer available');
    expect((await new TestClient(t.app).get(`${path}/video.mp4`)).status).toBe(404);
  });
});
