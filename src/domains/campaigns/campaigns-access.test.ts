import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { addMember } from '../workspaces/fixtures/team';
import { personalScope } from '../../server/scope';
import { payload, t, setUpTestApp, withVideos } from './fixtures/campaigns';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';
import { campaigns } from './tables';

/**
 * Who reaches a campaign: another user and anonymous callers get nothing; members of a workspace
 * share its campaigns, and the row records who made it.
 */
setUpTestApp();

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
    const asMember = await addMember(db, owner.user.id, member.user.id);

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
