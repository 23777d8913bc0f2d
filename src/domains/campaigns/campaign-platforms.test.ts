import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { signedInClient } from '../../test/harness';
import { CAMPAIGN_PLATFORMS, currentPlatforms } from './constants';
import { payload, setUpTestApp, t } from './fixtures/campaigns';
import { CAMPAIGN_MESSAGES } from './schemas';
import { campaigns } from './tables';

/**
 * The spec's platforms (docs/decisions/231-campaign-platforms.md): Facebook, Instagram and YouTube
 * are campaign platforms again, beside the send channels and the share link; TikTok is refused.
 */
setUpTestApp();

describe('campaign platforms', () => {
  test('the list: the send channels, the publishing platforms and the share link; never TikTok', () => {
    expect([...CAMPAIGN_PLATFORMS]).toEqual(['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'facebook', 'email', 'youtube', 'share']);
    expect(CAMPAIGN_MESSAGES.platform).toBe(
      'Unknown platform: choose linkedin, twitter, instagram, whatsapp, google, outlook, facebook, email, youtube, share (nothing can publish to TikTok)',
    );
    expect(currentPlatforms(['facebook', 'youtube', 'tiktok', 'facebook'])).toEqual(['facebook', 'youtube']);
    expect(currentPlatforms(['tiktok'])).toEqual(['share']);
  });

  test.each(['facebook', 'instagram', 'youtube'])('POST /api/campaigns with %s answers 201 and reads it back', async (platform) => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/campaigns', payload({ platforms: [platform] }));
    expect(res.status).toBe(201);
    expect(res.data.platforms).toEqual([platform]);
    const read = await client.get(`/api/campaigns/${res.data.id}`);
    expect(read.data.platforms).toEqual([platform]);
  });

  test('TikTok answers 400 naming the valid platforms', async () => {
    const { client } = await signedInClient(t.app);
    const res = await client.post('/api/campaigns', payload({ platforms: ['facebook', 'TikTok'] }));
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message: CAMPAIGN_MESSAGES.platform });
    const patched = await client.post('/api/campaigns', payload({ platforms: ['email'] }));
    expect((await client.patch(`/api/campaigns/${patched.data.id}`, { platforms: ['tiktok'] })).status).toBe(400);
  });

  test('an update sets and keeps them, over REST and tRPC', async () => {
    const { client } = await signedInClient(t.app);
    const { id } = (await client.post('/api/campaigns', payload({ platforms: ['email'] }))).data;
    const set = await client.patch(`/api/campaigns/${id}`, { platforms: ['youtube', 'facebook', 'email'] });
    expect(set.status).toBe(200);
    expect(set.data.platforms).toEqual(['youtube', 'facebook', 'email']);
    expect((await client.patch(`/api/campaigns/${id}`, { name: 'Renamed' })).data.platforms).toEqual(['youtube', 'facebook', 'email']);
    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.platforms).toEqual(['youtube', 'facebook', 'email']);
    const viaTrpc = await client.trpc('mutation', 'campaigns.update', { id, patch: { platforms: ['instagram', 'share'] } });
    expect(viaTrpc.status).toBe(200);
    const created = await client.trpc('mutation', 'campaigns.create', { name: 'Via tRPC', platforms: ['youtube'] });
    expect(created.data.result.data.platforms).toEqual(['youtube']);
    expect((await client.get(`/api/campaigns/${id}`)).data.platforms).toEqual(['instagram', 'share']);
  });

  test('a list stored before keeps Facebook and YouTube; only TikTok is dropped, and saving stores the rest', async () => {
    const { client, user } = await signedInClient(t.app);
    const id = newId();
    await t.deps.db.insert(campaigns).values({ id, workspaceId: user.id, name: 'Old', platforms: ['facebook', 'tiktok', 'youtube', 'linkedin'] });
    const detail = (await client.get(`/api/campaigns/${id}`)).data;
    expect(detail.platforms).toEqual(['facebook', 'youtube', 'linkedin']);
    expect(detail.platformStats.map((p: { platform: string }) => p.platform)).toEqual(['facebook', 'youtube', 'linkedin']);
    expect((await client.patch(`/api/campaigns/${id}`, { name: 'Old but gold' })).status).toBe(200);
    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.platforms).toEqual(['facebook', 'youtube', 'linkedin']);
  });
});
