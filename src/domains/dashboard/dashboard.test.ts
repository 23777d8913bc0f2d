import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { appWithViewer, watch } from '../tracking/fixtures/viewer';
import { DEFAULT_REMAINING_CREDITS, PLANS } from '../../shared/plans';
import { TEMPLATES } from '../../shared/templates';
import { subscriptions } from '../billing/tables';
import { POPULAR_TEMPLATES, TOP_CAMPAIGNS } from './service';

const fx = appWithViewer();

async function views(owner: TestClient, videoId: string, percents: number[]) {
  for (const percent of percents) await watch(fx.anon, owner, videoId, percent);
}

describe('GET /api/dashboard', () => {
  test("a new user sees zeros, the trial plan's credits and the catalogue's templates", async () => {
    const { client } = await signedInClient(fx.t.app);
    const res = await client.get('/api/dashboard');
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ videoCount: 0, totalViews: 0, engagementRate: 0, remainingCredits: PLANS.pro.videosPerMonth, campaigns: [] });
    expect(res.data.templates).toEqual(
      TEMPLATES.slice(0, POPULAR_TEMPLATES).map(({ id, name, description, thumbnailUrl, type }) => ({ id, name, description, thumbnailUrl, type })),
    );
    for (const tpl of res.data.templates) expect(Object.keys(tpl).sort()).toEqual(['description', 'id', 'name', 'thumbnailUrl', 'type']);
  });

  test('figures change as videos are saved and events are posted', async () => {
    const { client } = await signedInClient(fx.t.app);
    const a = (await client.post('/api/videos', { title: 'A', videoUrl: 'https://cdn.example.com/a.mp4' })).data;
    const b = (await client.post('/api/videos', { title: 'B', videoUrl: 'https://cdn.example.com/b.mp4' })).data;
    const before = (await client.get('/api/dashboard')).data;
    // Saving a finished video is not a render: credits are spent by renders only (docs/decisions/120).
    expect(before).toMatchObject({ videoCount: 2, totalViews: 0, remainingCredits: PLANS.pro.videosPerMonth });
    await views(client, a.id, [100, 50]);
    await views(client, b.id, [0]);
    const after = (await client.get('/api/dashboard')).data;
    expect(after).toMatchObject({ videoCount: 2, totalViews: 3, engagementRate: 50 });
  });

  test('the campaign table holds the top 5 campaigns by views', async () => {
    const { client } = await signedInClient(fx.t.app);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const v = (await client.post('/api/videos', { title: `V${i}`, videoUrl: `https://cdn.example.com/${i}.mp4` })).data;
      const c = (await client.post('/api/campaigns', { name: `C${i}`, platforms: ['email'], videoIds: [v.id] })).data;
      ids.push(c.id);
      await views(
        client,
        v.id,
        Array.from({ length: [2, 0, 5, 1, 4, 3, 0][i] }, () => 40),
      );
    }
    const { campaigns } = (await client.get('/api/dashboard')).data;
    expect(campaigns).toHaveLength(TOP_CAMPAIGNS);
    expect(campaigns.map((c: { name: string; views: number }) => [c.name, c.views])).toEqual([
      ['C2', 5],
      ['C4', 4],
      ['C5', 3],
      ['C0', 2],
      ['C3', 1],
    ]);
    expect(campaigns[0]).toEqual({ id: ids[2], name: 'C2', status: 'draft', videoCount: 1, deliveredTo: 0, views: 5, engagementRate: 40, ctr: 0 });
  });

  test("popular templates are those the user's videos use most, topped up from the catalogue", async () => {
    const { client } = await signedInClient(fx.t.app);
    const save = (templateId: string) => client.post('/api/videos', { title: 'T', videoUrl: 'https://cdn.example.com/t.mp4', templateId });
    const [, , third, fourth] = TEMPLATES.map((x) => x.id);
    await save(third);
    await save(fourth);
    await save(fourth);
    await save('no-longer-exists');
    const ids = (await client.get('/api/dashboard')).data.templates.map((x: { id: string }) => x.id);
    expect(ids.slice(0, 2)).toEqual([fourth, third]);
    expect(ids).toHaveLength(POPULAR_TEMPLATES);
    expect(new Set(ids).size).toBe(POPULAR_TEMPLATES);
  });

  test('remaining credits: null when the plan is unlimited, 10 when unknown', async () => {
    const { client, user } = await signedInClient(fx.t.app);
    expect((await client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' })).status).toBe(200);
    expect((await client.get('/api/dashboard')).data.remainingCredits).toBeNull();
    await fx.t.deps.db.delete(subscriptions).where(eq(subscriptions.userId, user.id));
    expect((await client.get('/api/dashboard')).data.remainingCredits).toBe(DEFAULT_REMAINING_CREDITS);
  });

  test("counts only the user's own data; the same over tRPC; 401 when anonymous", async () => {
    const a = await signedInClient(fx.t.app);
    const b = await signedInClient(fx.t.app);
    const v = (await a.client.post('/api/videos', { title: 'A', videoUrl: 'https://cdn.example.com/a.mp4' })).data;
    await a.client.post('/api/campaigns', { name: 'Mine', platforms: ['share'], videoIds: [v.id] });
    await views(a.client, v.id, [30]);
    expect((await b.client.get('/api/dashboard')).data).toMatchObject({ videoCount: 0, totalViews: 0, campaigns: [] });
    const viaTrpc = (await a.client.trpc('query', 'dashboard.get')).data.result.data;
    expect(viaTrpc).toEqual((await a.client.get('/api/dashboard')).data);
    expect(viaTrpc).toMatchObject({ videoCount: 1, totalViews: 1, engagementRate: 30 });
    expect((await new TestClient(fx.t.app).get('/api/dashboard')).status).toBe(401);
  });

  test('the popular templates in the language the screen names (a French screen: French names)', async () => {
    const { client } = await signedInClient(fx.t.app);
    const fr = (await client.trpc('query', 'dashboard.get', { language: 'fr' })).data.result.data.templates as { id: string; name: string }[];
    const en = (await client.trpc('query', 'dashboard.get')).data.result.data.templates as { id: string; name: string }[];
    expect(fr.map((t) => t.id)).toEqual(en.map((t) => t.id));
    for (const [i, t] of fr.entries()) expect(t.name).not.toBe(en[i]?.name);
    expect((await client.trpc('query', 'dashboard.get', { language: 'xx' })).status).toBe(400);
  });
});
