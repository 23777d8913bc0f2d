import { servedPage } from '../tracking/fixtures/viewer';
import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { waitUntil } from '../../test/wait';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // Other test files swap tracking's hooks for stubs: plug the real ones back.
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

/** A user with campaign "Spring" holding one finished video, sent by e-mail to `people` contacts. */
async function sentVideo(people: number) {
  const { client, user } = await signedInClient(t.app);
  const spring = (await client.post('/api/campaigns', { name: 'Spring', platforms: ['email'] })).data;
  const video = (await client.post('/api/videos', { title: 'Tour', videoUrl: 'https://cdn.example.com/tour.mp4', status: 'completed', campaignId: spring.id }))
    .data;
  const list = (await client.post('/api/contact-lists', { name: 'Leads' })).data;
  for (let i = 0; i < people; i++) await client.post(`/api/contact-lists/${list.id}/contacts`, { name: `Person ${i}`, email: `p${i}@example.com` });
  const sent = await client.post(`/api/videos/${video.id}/distribute`, { listIds: [list.id], platforms: ['email'], message: 'Hi' });
  expect(sent.status).toBe(201);
  const done = async () => (await client.get(`/api/distributions/${sent.data.distributionId}`)).data.counts.sent === people;
  expect(await waitUntil(done)).toBe(true);
  const detail = (await client.get(`/api/distributions/${sent.data.distributionId}`)).data;
  const tokens = detail.deliveries.map((d: { landingUrl: string }) => d.landingUrl.split('/v/')[1]) as string[];
  return { client, user, spring, video, tokens };
}

async function watch(token: string) {
  const anon = new TestClient(t.app);
  const { page } = await servedPage(anon, token);
  const res = await anon.request('POST', '/api/track', JSON.stringify({ token, page, event: 'view' }), {
    'content-type': 'text/plain;charset=UTF-8',
    origin: 'http://localhost',
  });
  expect(res.status).toBe(204);
}

describe('campaign figures agree with their labels', () => {
  test('"Delivered to" counts recipients, "Watched by" counts viewers: on the detail, the list and the dashboard', async () => {
    const { client, spring, tokens } = await sentVideo(3);
    await watch(tokens[0]!);
    const detail = (await client.get(`/api/campaigns/${spring.id}`)).data;
    expect(detail).toMatchObject({ deliveredTo: 3, reach: 3, watchedBy: 1, uniqueViewers: 1, views: 1 });
    expect(detail.platformStats.find((p: { platform: string }) => p.platform === 'email')).toMatchObject({ deliveries: 3, views: 1 });
    const [item] = (await client.get('/api/campaigns')).data;
    expect(item).toMatchObject({ id: spring.id, deliveredTo: 3, views: 1 });
    const [top] = (await client.get('/api/dashboard')).data.campaigns;
    expect(top).toMatchObject({ id: spring.id, deliveredTo: 3, views: 1 });
  }, 60_000);

  test('a video moves only when asked, and its deliveries and views go with it: no campaign keeps figures of videos it no longer holds', async () => {
    const { client, spring, video, tokens } = await sentVideo(2);
    await watch(tokens[1]!);

    const asked = await client.post('/api/campaigns', { name: 'Summer', platforms: ['email'], videoIds: [video.id] });
    expect(asked.status).toBe(409);
    expect(asked.data.message).toBe(
      '“Tour” is already in the campaign “Spring”. Moving it takes its views and deliveries along: send moveVideos: true to move it.',
    );
    expect((await client.get('/api/campaigns')).data).toHaveLength(1);
    expect((await client.get(`/api/campaigns/${spring.id}`)).data).toMatchObject({ totalVideos: 1, deliveredTo: 2, views: 1 });

    const summer = await client.post('/api/campaigns', { name: 'Summer', platforms: ['email'], videoIds: [video.id], moveVideos: true });
    expect(summer.status).toBe(201);
    expect(summer.data).toMatchObject({ totalVideos: 1, deliveredTo: 2, reach: 2, watchedBy: 1, views: 1 });
    const before = (await client.get(`/api/campaigns/${spring.id}`)).data;
    expect(before).toMatchObject({ totalVideos: 0, deliveredTo: 0, reach: 0, watchedBy: 0, views: 0 });
    expect(before.platformStats.find((p: { platform: string }) => p.platform === 'email')).toMatchObject({ deliveries: 0, views: 0 });
    const list = (await client.get('/api/campaigns')).data as { name: string; videoCount: number; deliveredTo: number; views: number }[];
    expect(list.map((c) => [c.name, c.videoCount, c.deliveredTo, c.views])).toEqual([
      ['Summer', 1, 2, 1],
      ['Spring', 0, 0, 0],
    ]);
  }, 60_000);
});
