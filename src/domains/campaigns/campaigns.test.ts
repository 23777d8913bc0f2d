import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp, TestClient } from '../../test/harness';
import { personalScope, type Scope } from '../workspaces/scope';
import { workspaceMembers } from '../workspaces/tables';
import { CAMPAIGN_MESSAGES } from './schemas';
import { budgetPercent, createCampaign, deleteCampaign, durationDays, getCampaign, listCampaigns, statusByDates, updateCampaign, utcDay } from './service';
import { campaigns } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
  // The first file to open the shared database migrates it: slow on a loaded machine.
}, 60_000);

const DAY = 86_400_000;
const dayFromToday = (n: number) => utcDay(new Date(Date.now() + n * DAY));
const payload = (over: Record<string, unknown> = {}) => ({
  name: 'Spring launch',
  description: 'Dealers in the north',
  sector: 'Automotive',
  status: 'active',
  startDate: '2025-01-01',
  endDate: '2025-04-02',
  platforms: ['email', 'linkedin'],
  totalBudget: 5000,
  ...over,
});

async function withVideos(n: number, statuses: string[] = []) {
  const s = await signedInClient(t.app);
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await s.client.post('/api/videos', { title: `Video ${i}`, videoUrl: `https://cdn.example.com/${i}.mp4` });
    if (statuses[i]) await s.client.patch(`/api/videos/${res.data.id}`, { status: statuses[i] });
    ids.push(res.data.id);
  }
  return { ...s, ids };
}

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
    [{ platforms: ['facebook'] }, CAMPAIGN_MESSAGES.platform],
    [{ platforms: ['youtube', 'email'] }, CAMPAIGN_MESSAGES.platform],
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

describe('status actions', () => {
  async function campaign(over: Record<string, unknown>) {
    const s = await signedInClient(t.app);
    const c = (await s.client.post('/api/campaigns', payload(over))).data;
    const act = async (action: string) => s.client.patch(`/api/campaigns/${c.id}`, { action });
    return { ...s, c, act };
  }

  test('launch makes a campaign active when it runs today, scheduled before its start, completed after its end', async () => {
    expect((await (await campaign({ startDate: dayFromToday(-1), endDate: dayFromToday(10) })).act('launch')).data.status).toBe('active');
    expect((await (await campaign({ startDate: dayFromToday(3), endDate: dayFromToday(10) })).act('launch')).data.status).toBe('scheduled');
    expect((await (await campaign({ startDate: dayFromToday(-10), endDate: dayFromToday(-1) })).act('launch')).data.status).toBe('completed');
    expect((await (await campaign({ startDate: null, endDate: null })).act('launch')).data.status).toBe('active');
  });

  test('pause, resume and complete', async () => {
    const { act, client, c } = await campaign({ startDate: dayFromToday(0), endDate: dayFromToday(30) });
    expect((await act('pause')).data).toEqual({ message: 'Only an active or scheduled campaign can be paused' });
    expect((await act('resume')).data).toEqual({ message: 'Only a paused campaign can be resumed' });
    expect((await act('launch')).data.status).toBe('active');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('resume')).data.status).toBe('active');
    expect((await act('complete')).data.status).toBe('completed');
    expect((await act('pause')).status).toBe(400);
    expect((await client.get(`/api/campaigns/${c.id}`)).data.status).toBe('completed');
    expect((await client.patch(`/api/campaigns/${c.id}`, { action: 'archive' })).data).toEqual({ message: 'Unknown action' });
  });

  test('resuming a campaign whose start is still ahead makes it scheduled', async () => {
    const { act } = await campaign({ startDate: dayFromToday(5), endDate: dayFromToday(30) });
    expect((await act('launch')).data.status).toBe('scheduled');
    expect((await act('pause')).data.status).toBe('paused');
    expect((await act('resume')).data.status).toBe('scheduled');
  });

  test('scheduled campaigns start, and running ones end, as the days pass', async () => {
    const { user } = await signedInClient(t.app);
    const db = t.deps.db;
    const day0 = new Date('2031-05-01T12:00:00Z');
    const c = await createCampaign({
      db,
      hooks: t.deps.hooks,
      scope: personalScope(user.id),
      input: { name: 'Timed', platforms: ['email'], startDate: '2031-05-10', endDate: '2031-05-20' },
      now: day0,
    });
    expect((await updateCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, input: { action: 'launch' }, now: day0 })).status).toBe(
      'scheduled',
    );
    expect((await listCampaigns({ db, hooks: t.deps.hooks, scope: personalScope(user.id), now: new Date('2031-05-09T23:59:00Z') })).items[0].status).toBe(
      'scheduled',
    );
    expect((await listCampaigns({ db, hooks: t.deps.hooks, scope: personalScope(user.id), now: new Date('2031-05-10T00:01:00Z') })).items[0].status).toBe(
      'active',
    );
    expect((await getCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, now: new Date('2031-05-20T23:00:00Z') })).status).toBe(
      'active',
    );
    expect((await getCampaign({ db, hooks: t.deps.hooks, scope: personalScope(user.id), id: c.id, now: new Date('2031-05-21T00:00:01Z') })).status).toBe(
      'completed',
    );
  });

  test('moving the dates of a running campaign re-evaluates it', async () => {
    const { act, client, c } = await campaign({ startDate: dayFromToday(-1), endDate: dayFromToday(30) });
    expect((await act('launch')).data.status).toBe('active');
    expect((await client.patch(`/api/campaigns/${c.id}`, { startDate: dayFromToday(2) })).data.status).toBe('scheduled');
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

describe("another user's campaign", () => {
  test('GET, PATCH, DELETE and its analytics answer 404 and change nothing', async () => {
    const a = await withVideos(1);
    const b = await signedInClient(t.app);
    const c = (await a.client.post('/api/campaigns', payload({ videoIds: a.ids }))).data;
    for (const res of [
      await b.client.get(`/api/campaigns/${c.id}`),
      await b.client.patch(`/api/campaigns/${c.id}`, { name: 'Hijacked' }),
      await b.client.patch(`/api/campaigns/${c.id}`, { action: 'launch' }),
      await b.client.delete(`/api/campaigns/${c.id}`),
      await b.client.get(`/api/campaigns/${c.id}/analytics`),
    ]) {
      expect(res.status).toBe(404);
      expect(res.data).toEqual({ message: 'Campaign not found' });
    }
    expect((await b.client.trpc('query', 'campaigns.byId', { id: c.id })).status).toBe(404);
    expect((await b.client.trpc('mutation', 'campaigns.delete', { id: c.id })).status).toBe(404);
    expect((await b.client.get('/api/campaigns')).data).toEqual([]);
    const mine = (await a.client.get(`/api/campaigns/${c.id}`)).data;
    expect(mine).toMatchObject({ name: 'Spring launch', status: 'draft', totalVideos: 1 });
  });

  test('anonymous callers get 401', async () => {
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/campaigns')).status).toBe(401);
    expect((await anon.post('/api/campaigns', payload())).status).toBe(401);
  });
});

describe('in a workspace', () => {
  test("a member makes, edits and deletes the workspace's campaigns (no role needed); the row records who made it", async () => {
    const owner = await withVideos(1);
    const member = await signedInClient(t.app);
    const outsider = await signedInClient(t.app);
    const { db, hooks } = t.deps;
    await db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    const asMember: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };

    const c = await createCampaign({ db, hooks, scope: asMember, input: { name: 'Team launch', platforms: ['email'], videoIds: owner.ids } });
    expect(c.totalVideos).toBe(1);
    const [row] = await db.select().from(campaigns).where(eq(campaigns.id, c.id));
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });
    // The owner sees it in the same workspace; the member's own workspace and outsiders do not.
    expect(((await owner.client.get('/api/campaigns')).data as { id: string }[]).map((x) => x.id)).toContain(c.id);
    expect((await listCampaigns({ db, hooks, scope: personalScope(member.user.id) })).items).toHaveLength(0);
    await expect(getCampaign({ db, hooks, scope: personalScope(outsider.user.id), id: c.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(updateCampaign({ db, hooks, scope: personalScope(outsider.user.id), id: c.id, input: { name: 'Hijacked' } })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    expect((await updateCampaign({ db, hooks, scope: asMember, id: c.id, input: { name: 'Renamed', action: 'launch' } })).name).toBe('Renamed');
    // Editing keeps who made it.
    expect((await db.select().from(campaigns).where(eq(campaigns.id, c.id)))[0]).toMatchObject({ createdBy: member.user.id, name: 'Renamed' });
    expect(await deleteCampaign({ db, scope: asMember, id: c.id })).toEqual({ ok: true, id: c.id });
    expect((await owner.client.get(`/api/campaigns/${c.id}`)).status).toBe(404);
  });
});

describe('rules of §9', () => {
  test('duration is the rounded-up day difference; budget percent is rounded; dates decide the launch status', () => {
    expect(durationDays('2025-01-01', '2025-04-02')).toBe(91);
    expect(durationDays('2025-01-01', '2025-01-01')).toBe(0);
    expect(durationDays(null, '2025-01-01')).toBeNull();
    expect(budgetPercent(2750, 5000)).toBe(55);
    expect(budgetPercent(1, 3)).toBe(33);
    expect(budgetPercent(5, 0)).toBe(0);
    expect(statusByDates({ startDate: '2025-01-02', endDate: null }, '2025-01-01')).toBe('scheduled');
    expect(statusByDates({ startDate: '2025-01-01', endDate: '2025-01-01' }, '2025-01-01')).toBe('active');
    expect(statusByDates({ startDate: null, endDate: '2025-01-01' }, '2025-01-02')).toBe('completed');
  });
});
