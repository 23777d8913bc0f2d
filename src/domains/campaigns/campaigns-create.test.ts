import { describe, expect, test } from 'bun:test';
import { signedInClient } from '../../test/harness';
import { payload, t, setUpTestApp, withVideos } from './fixtures/campaigns';
import { CAMPAIGN_MESSAGES } from './schemas';

/**
 * Creating a campaign (REST and tRPC): always a draft, linked videos, the spec's refusal messages
 * in the wizard's order, and another user's videos refused.
 */
setUpTestApp();

describe('creating a campaign', () => {
  test('is a draft whatever status is sent, links the selected videos and returns its id', async () => {
    const { client, ids } = await withVideos(2);
    const res = await client.post('/api/campaigns', payload({ videoIds: ids, sector: 'automotive', platforms: ['Email', 'linkedin', 'email'] }));
    expect(res.status).toBe(201);
    expect(res.data.id).toBeString();
    expect(res.data).toMatchObject({
      name: 'Spring launch',
      status: 'draft',
      sector: 'Automotive',
      startDate: '2025-01-01',
      endDate: '2025-04-02',
      platforms: ['email', 'linkedin'],
      totalBudget: 5000,
      spentBudget: 0,
      totalVideos: 2,
    });
    const linked = await client.get(`/api/videos?campaignId=${res.data.id}`);
    expect(linked.data.map((v: { id: string }) => v.id).sort()).toEqual([...ids].sort());
  });

  test('the API accepts a campaign without videoIds', async () => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/campaigns', { name: 'Bare', platforms: ['share'] });
    expect(res.status).toBe(201);
    expect(res.data).toMatchObject({ totalVideos: 0, startDate: null, durationDays: null, budgetPercent: 0 });
  });

  test.each([
    [{ name: '' }, CAMPAIGN_MESSAGES.name],
    [{ name: '   ' }, CAMPAIGN_MESSAGES.name],
    [{ name: undefined }, CAMPAIGN_MESSAGES.name],
    [{ videoIds: [] }, CAMPAIGN_MESSAGES.videos],
    [{ platforms: [] }, CAMPAIGN_MESSAGES.platforms],
    [{ platforms: undefined }, CAMPAIGN_MESSAGES.platforms],
    [{ startDate: '2025-03-01', endDate: '2025-02-28' }, CAMPAIGN_MESSAGES.dates],
    [{ sector: 'Mining' }, CAMPAIGN_MESSAGES.sector],
    [{ totalBudget: -1 }, CAMPAIGN_MESSAGES.budget],
    [{ totalBudget: 100, spentBudget: 101 }, CAMPAIGN_MESSAGES.spent],
    [{ ctaUrl: 'javascript:alert(1)' }, CAMPAIGN_MESSAGES.ctaUrl],
    [{ startDate: '2025-02-30' }, 'Invalid start date'],
    [{ platforms: ['myspace'] }, CAMPAIGN_MESSAGES.platform],
    [{ platforms: ['tiktok'] }, CAMPAIGN_MESSAGES.platform],
    [{ platforms: ['youtube', 'tiktok'] }, CAMPAIGN_MESSAGES.platform],
    [{ ownerId: 'x' }, 'Unknown field: ownerId'],
  ])('case %# is refused with 400 and the spec message', async (over, message) => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/campaigns', payload(over));
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message });
  });

  test("the submit checks come in the wizard's order: name, then videos, then platforms", async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('/api/campaigns', { name: '', videoIds: [], platforms: [] })).data.message).toBe(CAMPAIGN_MESSAGES.name);
    expect((await client.post('/api/campaigns', { name: 'A', videoIds: [], platforms: [] })).data.message).toBe(CAMPAIGN_MESSAGES.videos);
    expect((await client.post('/api/campaigns', { name: 'A', platforms: [] })).data.message).toBe(CAMPAIGN_MESSAGES.platforms);
  });

  test("another user's video id answers 404 and creates nothing", async () => {
    const a = await withVideos(1);
    const b = await signedInClient(t.app);
    const res = await b.client.post('/api/campaigns', payload({ videoIds: a.ids }));
    expect(res.status).toBe(404);
    expect((await b.client.get('/api/campaigns')).data).toEqual([]);
    expect((await a.client.get(`/api/videos/${a.ids[0]}`)).data.campaignId).toBeNull();
  });

  test('over tRPC, with the same messages', async () => {
    const { client } = await signedInClient(t.app);
    const bad = await client.trpc('mutation', 'campaigns.create', { name: '', platforms: ['email'] });
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toBe(CAMPAIGN_MESSAGES.name);
    const ok = await client.trpc('mutation', 'campaigns.create', { name: 'Via tRPC', platforms: ['email'] });
    expect(ok.data.result.data.status).toBe('draft');
    const list = await client.trpc('query', 'campaigns.list');
    expect(list.data.result.data.items.map((c: { name: string }) => c.name)).toEqual(['Via tRPC']);
  });
});
