import { describe, expect, test } from 'bun:test';
import { signedInClient } from '../../test/harness';
import { payload, t, setUpTestApp, withVideos } from './fixtures/campaigns';
import { CAMPAIGN_MESSAGES } from './schemas';

/**
 * Reading (list aggregates, detail figures, recent videos), editing and deleting a campaign.
 * Creating: campaigns-create.test.ts; status actions: campaigns-status.test.ts.
 */
setUpTestApp();

describe('reading campaigns', () => {
  test('the list carries real aggregates per campaign, newest first', async () => {
    const { client, ids } = await withVideos(3);
    const first = (await client.post('/api/campaigns', payload({ name: 'First', videoIds: ids.slice(0, 2) }))).data;
    const second = (await client.post('/api/campaigns', payload({ name: 'Second', videoIds: ids.slice(2) }))).data;
    await client.post('/api/campaigns', payload({ name: 'Empty' }));
    const list = (await client.get('/api/campaigns')).data as { id: string; name: string; videoCount: number; views: number; engagementRate: number }[];
    expect(list.map((c) => c.name)).toEqual(['Empty', 'Second', 'First']);
    expect(list.find((c) => c.id === first.id)).toMatchObject({ videoCount: 2, views: 0, engagementRate: 0 });
    expect(list.find((c) => c.id === second.id)?.videoCount).toBe(1);
    expect(list.find((c) => c.name === 'Empty')?.videoCount).toBe(0);
  });

  test('the detail counts published and pending videos, budget percent and duration', async () => {
    const { client, ids } = await withVideos(5, ['published', 'published', 'published']);
    const c = (
      await client.post('/api/campaigns', payload({ videoIds: ids, startDate: '2025-01-01', endDate: '2025-04-02', totalBudget: 5000, spentBudget: 2750 }))
    ).data;
    const res = await client.get(`/api/campaigns/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      totalVideos: 5,
      publishedVideos: 3,
      pendingVideos: 2,
      budgetPercent: 55,
      durationDays: 91,
      spentBudget: 2750,
      totalBudget: 5000,
    });
    expect(res.data.platformStats.map((p: { platform: string }) => p.platform)).toEqual(['email', 'linkedin']);
    expect(res.data).toMatchObject({ reach: 0, views: 0, uniqueViewers: 0, engagementRate: 0, ctr: 0 });
  });

  test("recent videos are the campaign's own, newest first, four at most", async () => {
    const { client, ids } = await withVideos(6);
    const c = (await client.post('/api/campaigns', payload({ videoIds: ids.slice(0, 5) }))).data;
    const detail = (await client.get(`/api/campaigns/${c.id}`)).data;
    expect(detail.recentVideos).toHaveLength(4);
    expect(detail.recentVideos.map((v: { id: string }) => v.id)).toEqual(ids.slice(1, 5).reverse());
    expect(detail.recentVideos.every((v: { campaignId: string }) => v.campaignId === c.id)).toBe(true);
  });
});

describe('editing a campaign', () => {
  test('any field can change, including the settings tab', async () => {
    const { client } = await signedInClient(t.app);
    const c = (await client.post('/api/campaigns', payload())).data;
    const res = await client.patch(`/api/campaigns/${c.id}`, {
      name: 'Renamed',
      description: '',
      sector: 'Retail',
      platforms: ['whatsapp'],
      endDate: '2025-06-30',
      totalBudget: '8000',
      spentBudget: 2000,
      ctaLabel: 'Book a test drive',
      ctaUrl: 'https://dealer.example.com/book',
      senderName: 'Ada at Dealer',
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      name: 'Renamed',
      description: null,
      sector: 'Retail',
      platforms: ['whatsapp'],
      endDate: '2025-06-30',
      totalBudget: 8000,
      spentBudget: 2000,
      budgetPercent: 25,
      ctaLabel: 'Book a test drive',
      ctaUrl: 'https://dealer.example.com/book',
      senderName: 'Ada at Dealer',
    });
    expect((await client.get(`/api/campaigns/${c.id}`)).data.name).toBe('Renamed');
  });

  test('the rules hold against the stored values too', async () => {
    const { client } = await signedInClient(t.app);
    const c = (await client.post('/api/campaigns', payload({ startDate: '2025-03-01', endDate: '2025-03-31', totalBudget: 100 }))).data;
    expect((await client.patch(`/api/campaigns/${c.id}`, { endDate: '2025-02-01' })).data).toEqual({ message: CAMPAIGN_MESSAGES.dates });
    expect((await client.patch(`/api/campaigns/${c.id}`, { spentBudget: 150 })).data).toEqual({ message: CAMPAIGN_MESSAGES.spent });
    expect((await client.patch(`/api/campaigns/${c.id}`, { name: '' })).data).toEqual({ message: CAMPAIGN_MESSAGES.name });
    expect((await client.patch(`/api/campaigns/${c.id}`, { platforms: [] })).data).toEqual({ message: CAMPAIGN_MESSAGES.platforms });
    expect((await client.patch(`/api/campaigns/${c.id}`, { ctaUrl: 'ftp://x.example' })).status).toBe(400);
    expect((await client.get(`/api/campaigns/${c.id}`)).data).toMatchObject({ endDate: '2025-03-31', spentBudget: 0 });
  });
});

describe('deleting a campaign', () => {
  test('keeps its videos and unlinks them', async () => {
    const { client, ids } = await withVideos(2);
    const c = (await client.post('/api/campaigns', payload({ videoIds: ids }))).data;
    const res = await client.delete(`/api/campaigns/${c.id}`);
    expect(res.status).toBe(200);
    expect((await client.get(`/api/campaigns/${c.id}`)).status).toBe(404);
    const videos = (await client.get('/api/videos')).data as { id: string; campaignId: string | null }[];
    expect(videos.map((v) => v.id).sort()).toEqual([...ids].sort());
    expect(videos.every((v) => v.campaignId === null)).toBe(true);
  });
});
