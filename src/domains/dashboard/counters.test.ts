import { describe, expect, test } from 'bun:test';
import { sql } from 'drizzle-orm';
import { signedInClient } from '../../test/harness';
import { appWithViewer, watch } from '../tracking/fixtures/viewer';
import { TEMPLATES } from '../../shared/templates';
import { rebuildVideoStats, rowsOf } from '../tracking/aggregates';
import { personalScope } from '../../server/scope';

// The dashboard reads counters kept by triggers (campaign_stats, template_uses: decision 180). Whatever
// writes happen, they must equal what the raw tables say.

const fx = appWithViewer();

/** The counters as kept, and as recomputed from video_stats and videos. */
async function both(workspaceId: string) {
  const q = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, unknown>>(await fx.t.deps.db.execute(query))
      .map((r) => JSON.stringify(r))
      .sort();
  return {
    kept: {
      campaigns: await q(
        sql`select campaign_key as k, views::int as v, watched_sum::int as w, cta_clicks::int as c from campaign_stats where workspace_id = ${workspaceId} and (views, watched_sum, cta_clicks) <> (0, 0, 0)`,
      ),
      templates: await q(sql`select template_key as k, uses as n from template_uses where workspace_id = ${workspaceId} and uses <> 0`),
    },
    truth: {
      campaigns: await q(
        sql`select coalesce(campaign_id, '') as k, sum(views)::int as v, sum(watched_sum)::int as w, sum(cta_clicks)::int as c from video_stats where workspace_id = ${workspaceId} group by 1 having (sum(views), sum(watched_sum), sum(cta_clicks)) <> (0, 0, 0)`,
      ),
      templates: await q(sql`select coalesce(template_id, '') as k, count(*)::int as n from videos where workspace_id = ${workspaceId} group by 1`),
    },
  };
}

describe('dashboard counters', () => {
  test('follow beacons, moves, template changes, deletions and rebuilds', async () => {
    const { client, user } = await signedInClient(fx.t.app);
    const mk = async (over: object) => (await client.post('/api/videos', { title: 'V', videoUrl: 'https://cdn.example.com/v.mp4', ...over })).data.id as string;
    const [a, b, c] = [await mk({ templateId: TEMPLATES[0].id }), await mk({ templateId: TEMPLATES[1].id }), await mk({})];
    const view = (videoId: string, percent: number, cta = false) => watch(fx.anon, client, videoId, percent, cta);
    const one = (await client.post('/api/campaigns', { name: 'One', platforms: ['email'], videoIds: [a, b] })).data.id as string;
    const two = (await client.post('/api/campaigns', { name: 'Two', platforms: ['email'] })).data.id as string;
    await view(a, 50, true);
    await view(a, 80);
    await view(b, 30);
    await view(c, 100, true);
    let s = await both(user.id);
    expect(s.kept).toEqual(s.truth);
    expect(s.kept.campaigns).toHaveLength(2); // One, and the videos in no campaign

    // The dashboard reads them.
    const dash = (await client.get('/api/dashboard')).data;
    expect(dash).toMatchObject({ videoCount: 3, totalViews: 4 });
    expect(dash.campaigns.map((x: { name: string; views: number }) => [x.name, x.views])).toEqual([
      ['One', 3],
      ['Two', 0],
    ]);

    // A move, a template change, a video deleted, a campaign deleted, a rebuild.
    expect((await client.patch(`/api/videos/${b}`, { campaignId: two })).status).toBe(200);
    await fx.t.deps.db.execute(sql`update videos set template_id = ${TEMPLATES[2].id} where id = ${c}`);
    expect((await client.delete(`/api/videos/${a}`)).status).toBe(200);
    s = await both(user.id);
    expect(s.kept).toEqual(s.truth);
    expect((await client.delete(`/api/campaigns/${two}`)).status).toBe(200);
    s = await both(user.id);
    expect(s.kept).toEqual(s.truth);
    await rebuildVideoStats({ db: fx.t.deps.db, scope: personalScope(user.id) });
    s = await both(user.id);
    expect(s.kept).toEqual(s.truth);
    expect((await client.get('/api/dashboard')).data).toMatchObject({ videoCount: 2, totalViews: 2, campaigns: [{ name: 'One', views: 0 }] });
    expect(one).toBeString();
  });
});
