import { beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { signedInClient, testApp, TestClient } from '../../test/harness';
import { beacon, servedPage, shareLink } from './fixtures/viewer';

let t: Awaited<ReturnType<typeof testApp>>;
let anon: TestClient;
beforeAll(async () => {
  t = await testApp();
  anon = new TestClient(t.app);
});
beforeEach(() => t.deps.limits.track.reset(anon.ip));

async function setup() {
  const s = await signedInClient(t.app);
  const campaign = (await s.client.post('/api/campaigns', { name: 'Retention', platforms: ['email'] })).data;
  const video = (await s.client.post('/api/videos', { title: 'Curve', videoUrl: 'https://cdn.example.com/c.mp4', campaignId: campaign.id })).data;
  const retention = async (videoId = video.id, client = s.client) => client.trpc('query', 'analytics.retention', { campaignId: campaign.id, videoId });
  const link = await shareLink(s.client, video.id);
  return { ...s, campaign, video, retention, load: () => servedPage(anon, link) };
}

/** One viewing as the landing page reports it: view, then every 5 % mark up to `max` (none when 0). */
async function watch(page: { token: string; page: string }, max: number) {
  expect((await beacon(anon, page, 'view')).status).toBe(204);
  for (let p = 5; p <= max; p += 5) expect((await beacon(anon, page, 'progress', p)).status).toBe(204);
}

describe('audience retention per video', () => {
  test('at each 5 % mark, the share of views whose highest progress reached it', async () => {
    const { retention, load } = await setup();
    // Four views that stopped at 100 %, 50 %, 20 % and before any mark; one progress sent out of order.
    await watch(await load(), 100);
    await watch(await load(), 50);
    await watch(await load(), 20);
    await watch(await load(), 0);
    const late = await load();
    await beacon(anon, late, 'progress', 37);
    await beacon(anon, late, 'progress', 12);
    // 5 views: maxima 100, 50, 20, 0, 37.
    const res = await retention();
    expect(res.status).toBe(200);
    const curve = res.data.result.data as { views: number; points: { percent: number; viewers: number; share: number }[] };
    expect(curve.views).toBe(5);
    expect(curve.points).toHaveLength(21);
    const at = (p: number) => curve.points.find((x) => x.percent === p)!;
    expect(at(0)).toEqual({ percent: 0, viewers: 5, share: 100 });
    expect(at(5)).toEqual({ percent: 5, viewers: 4, share: 80 });
    expect(at(20)).toEqual({ percent: 20, viewers: 4, share: 80 });
    expect(at(25)).toEqual({ percent: 25, viewers: 3, share: 60 });
    expect(at(35)).toEqual({ percent: 35, viewers: 3, share: 60 });
    expect(at(40)).toEqual({ percent: 40, viewers: 2, share: 40 });
    expect(at(50)).toEqual({ percent: 50, viewers: 2, share: 40 });
    expect(at(55)).toEqual({ percent: 55, viewers: 1, share: 20 });
    expect(at(100)).toEqual({ percent: 100, viewers: 1, share: 20 });
    // Never rising: a viewer still watching at p was watching at every mark before it.
    for (let i = 1; i < curve.points.length; i++) expect(curve.points[i]!.viewers).toBeLessThanOrEqual(curve.points[i - 1]!.viewers);
  });

  test('a repeated beacon changes nothing; before any view every point is 0', async () => {
    const { retention, load } = await setup();
    expect((await retention()).data.result.data.points.every((p: { share: number }) => p.share === 0)).toBe(true);
    const page = await load();
    for (let i = 0; i < 3; i++) {
      await beacon(anon, page, 'view');
      await beacon(anon, page, 'progress', 45);
    }
    const curve = (await retention()).data.result.data;
    expect(curve.views).toBe(1);
    expect(curve.points.find((p: { percent: number }) => p.percent === 45).share).toBe(100);
    expect(curve.points.find((p: { percent: number }) => p.percent === 50).share).toBe(0);
  });

  test("scoped to the owner and to the campaign's own videos", async () => {
    const { video, client, retention } = await setup();
    const other = await signedInClient(t.app);
    expect((await retention(video.id, other.client)).status).toBe(404);
    const elsewhere = (await client.post('/api/videos', { title: 'Not in it', videoUrl: 'https://cdn.example.com/n.mp4' })).data;
    expect((await retention(elsewhere.id)).status).toBe(404);
    expect((await retention('nosuchvideo')).status).toBe(404);
  });
});
