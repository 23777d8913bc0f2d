import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, testApp } from '../../test/harness';
import { DEFAULT_SETTINGS, mergeSettings } from './schemas';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
});

describe('settings', () => {
  test('new users get the spec defaults', async () => {
    const { client } = await signedInClient(app);
    const { data } = await client.get('/api/user');
    expect(data.settings).toEqual({
      theme: 'system',
      language: 'en',
      notifications: {
        email: { campaigns: true, videos: true, analytics: true },
        push: { campaigns: true, videos: true, analytics: false },
      },
      advanced: { developerMode: false, apiAccess: false, apiKeysVisible: false },
    });
  });

  test('both paths share one service and merge partial updates', async () => {
    const { client, user } = await signedInClient(app);
    const a = await client.patch('/api/settings', { language: 'fr' });
    expect(a.status).toBe(200);
    expect(a.data.settings.language).toBe('fr');
    const b = await client.patch(`/api/users/${user.id}/settings`, { notifications: { push: { analytics: true } }, theme: 'dark' });
    expect(b.data.settings).toMatchObject({ language: 'fr', theme: 'dark' });
    expect(b.data.settings.notifications.push).toEqual({ campaigns: true, videos: true, analytics: true });
    expect(b.data.settings.notifications.email).toEqual(DEFAULT_SETTINGS.notifications.email);
  });

  test.each([
    [{ language: 'ar' }],
    [{ theme: 'blue' }],
    [{ advanced: { root: true } }],
    [{ security: { shareAnalytics: false } }],
    [{ advanced: { betaFeatures: true } }],
    [{ notifications: { email: { updates: true } } }],
  ])('rejects %p with 400 and changes nothing', async (patch) => {
    const { client } = await signedInClient(app);
    const res = await client.patch('/api/settings', patch);
    expect(res.status).toBe(400);
    expect(res.data.message).toBeString();
    expect((await client.get('/api/user')).data.settings).toEqual(DEFAULT_SETTINGS);
  });

  test('mergeSettings keeps untouched sections', () => {
    const merged = mergeSettings(DEFAULT_SETTINGS, { notifications: { push: { analytics: true } } });
    expect(merged.notifications.push).toEqual({ campaigns: true, videos: true, analytics: true });
    expect(merged.notifications.email).toEqual(DEFAULT_SETTINGS.notifications.email);
    expect(merged.advanced).toEqual(DEFAULT_SETTINGS.advanced);
  });
});
