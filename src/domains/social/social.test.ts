import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { connectViaConsent, postForm } from './fixtures/consent';
import { countActiveProfiles } from './profiles';
import { SOCIAL_MESSAGES } from './schemas';

// Connecting a social profile: the sandbox's consent flow and the direct connections, with the
// plan's allowance. Sending through what is connected: sending.test.ts.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
});

describe('sandbox connect flow', () => {
  test('the consent page cleans the account name it is given (control characters)', async () => {
    const { client } = await signedInClient(app);
    await connectViaConsent(client, 'linkedin', 'Ada\u0000 Lovelace\r\n');
    expect((await client.get('/api/social-profiles')).data[0]).toMatchObject({ profileName: 'Ada Lovelace' });
  });

  test('auth-url → consent page → Allow → active profile → contacts → accounts → disconnect', async () => {
    const { client } = await signedInClient(app);
    const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: '/create-video' });
    expect(res.status).toBe(200);
    expect(res.data.sandbox).toBe(true);
    expect(res.data.authUrl).toMatch(/^\/sandbox\/connect\/[a-z2-7]{32}$/);

    const page = await client.get(res.data.authUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.data).toContain('Connect LinkedIn (sandbox)');
    expect(page.data).toContain('value="allow"');
    expect(page.data).toContain('value="cancel"');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");

    const allow = await postForm(client, res.data.authUrl, { action: 'allow', platform: 'linkedin', accountName: 'Ada <b>L</b>' });
    expect(allow.status).toBe(200);
    expect(allow.data).toContain('window.close()');
    expect(allow.data).toContain('"/create-video"');

    const profiles = (await client.get('/api/social-profiles')).data;
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ platform: 'linkedin', profileName: 'Ada <b>L</b>', status: 'active', sandbox: true });
    const id = profiles[0].id;

    const contacts = (await client.get('/api/social-contacts')).data;
    expect(contacts).toHaveLength(8);
    for (const c of contacts) {
      expect(c).toMatchObject({ platform: 'linkedin', connectionId: id, sandbox: true });
      expect(c.name).toEndWith('(sandbox)');
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'name', 'platform', 'headline', 'profileUrl', 'profilePictureUrl', 'connectionId']));
    }
    const first = contacts[0].name.split(' ')[0];
    const found = (await client.get(`/api/social-contacts?search=${encodeURIComponent(first.toUpperCase())}`)).data;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((c: { name: string; headline: string }) => `${c.name} ${c.headline}`.toLowerCase().includes(first.toLowerCase()))).toBe(true);
    expect((await client.get('/api/social-contacts?platforms=whatsapp')).data).toEqual([]);
    expect((await client.get('/api/social-contacts?platforms=whatsapp,linkedin')).data).toHaveLength(8);
    expect((await client.get('/api/social-contacts?platforms=myspace')).status).toBe(400);

    const accounts = (await client.get('/api/unipile/accounts')).data;
    expect(accounts).toEqual([{ id, platform: 'linkedin', platform_name: 'LinkedIn', username: 'Ada <b>L</b>', status: 'active', sandbox: true }]);

    // The link is used up.
    expect((await client.get(res.data.authUrl)).status).toBe(404);

    expect((await client.delete(`/api/social-profiles/${id}`)).status).toBe(200);
    expect((await client.get('/api/social-profiles')).data).toEqual([]);
    expect((await client.get('/api/social-contacts')).data).toEqual([]);
  });

  test('the consent page belongs to its user only', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const { data } = await a.client.post('/api/social-connections/auth-url', { platformId: 'instagram' });
    expect((await b.client.get(data.authUrl)).status).toBe(404);
    expect((await postForm(b.client, data.authUrl, { action: 'allow', platform: 'instagram' })).status).toBe(404);
    expect((await new TestClient(app).get(data.authUrl)).status).toBe(401);
    expect((await b.client.get('/api/social-profiles')).data).toEqual([]);
    expect((await a.client.get(data.authUrl)).status).toBe(200);
  });

  test('Cancel connects nothing and goes back to redirect_uri', async () => {
    const { client } = await signedInClient(app);
    const { data } = await client.post('/api/social-connections/auth-url', { platformId: 'twitter', redirectUri: '/connect-platforms?done=1' });
    const cancel = await postForm(client, data.authUrl, { action: 'cancel' });
    expect(cancel.status).toBe(200);
    expect(cancel.data).toContain('"/connect-platforms?done=1"');
    expect((await client.get('/api/social-profiles')).data).toEqual([]);
    expect((await client.get(data.authUrl)).status).toBe(404);
  });

  test('hosted-auth lets the user pick the platform on the consent page', async () => {
    const { client } = await signedInClient(app);
    const res = await client.post('/api/social-connections/hosted-auth', {});
    expect(res.status).toBe(200);
    const page = await client.get(res.data.url);
    expect(page.data).toContain('<select id="platform"');
    await postForm(client, res.data.url, { action: 'allow', platform: 'whatsapp', accountName: '+33 6 00 00 00 00' });
    expect((await client.get('/api/social-profiles')).data[0]).toMatchObject({ platform: 'whatsapp', status: 'active' });
  });

  test('auth-url validation: the seven platforms, redirects on this app only', async () => {
    const { client } = await signedInClient(app);
    for (const p of ['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook', 'facebook'])
      expect((await client.post('/api/social-connections/auth-url', { platformId: p })).status).toBe(200);
    expect((await client.post('/api/social-connections/auth-url', { platformId: 'myspace' })).data).toEqual({ message: SOCIAL_MESSAGES.platform });
    expect((await client.post('/api/social-connections/auth-url', {})).status).toBe(400);
    for (const r of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)'])
      expect((await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: r })).data).toEqual({
        message: SOCIAL_MESSAGES.redirectUri,
      });
    expect((await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: 'http://localhost/social-profiles' })).status).toBe(
      200,
    );
    expect((await new TestClient(app).post('/api/social-connections/auth-url', { platformId: 'linkedin' })).status).toBe(401);
  });
});

describe('direct connections', () => {
  test('LinkedIn: validation messages, then connected', async () => {
    const { client } = await signedInClient(app);
    const post = (b: unknown) => client.post('/api/social-connections/linkedin/direct', b);
    expect((await post({ password: 'x' })).data).toEqual({ message: SOCIAL_MESSAGES.username });
    expect((await post({ username: '', password: 'x' })).data).toEqual({ message: SOCIAL_MESSAGES.username });
    expect((await post({ username: 'me@example.com' })).data).toEqual({ message: SOCIAL_MESSAGES.password });
    expect((await post({ username: 'me@example.com', password: '' })).data).toEqual({ message: SOCIAL_MESSAGES.password });
    const ok = await post({ username: 'me@example.com', password: 'pw' });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ status: 'active', checkpoint: null, sandbox: true });
    expect(ok.data.profileId).toBeTruthy();
    // Connecting the same account again updates it instead of adding a second profile.
    const again = await post({ username: 'me@example.com', password: 'pw' });
    expect(again.data.profileId).toBe(ok.data.profileId);
    expect((await client.get('/api/social-connections')).data).toHaveLength(1);
  });

  test('LinkedIn checkpoint: pending until the code is given', async () => {
    const { client } = await signedInClient(app);
    const r = await client.post('/api/social-connections/linkedin/direct', { username: 'me-2fa@example.com', password: 'pw' });
    expect(r.data).toMatchObject({ status: 'pending', checkpoint: { type: '2FA' } });
    expect((await client.get('/api/social-profiles')).data[0]).toMatchObject({ status: 'pending', checkpoint: { type: '2FA' } });
    expect((await client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: '' })).data).toEqual({
      message: SOCIAL_MESSAGES.code,
    });
    const bad = await client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.data.message).toBe('Failed to connect LinkedIn account: Invalid verification code');
    const ok = await client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: '123456' });
    expect(ok.data).toMatchObject({ profileId: r.data.profileId, status: 'active' });
    expect((await client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: '123456' })).status).toBe(400);
  });

  test('WhatsApp: phone of at least 10 characters, then connected; whatsapp-test lists its contacts', async () => {
    const { client } = await signedInClient(app);
    expect((await client.get('/api/unipile/whatsapp-test')).data).toMatchObject({ success: false, contacts: [], contactCount: 0 });
    const post = (b: unknown) => client.post('/api/social-connections/whatsapp/direct', b);
    expect((await post({})).data).toEqual({ message: SOCIAL_MESSAGES.phone });
    expect((await post({ phoneNumber: '+3361234' })).data).toEqual({ message: SOCIAL_MESSAGES.phone });
    expect((await post({ phoneNumber: 'call me maybe' })).data).toEqual({ message: SOCIAL_MESSAGES.phone });
    const ok = await post({ phoneNumber: '+33612345678' });
    expect(ok.data).toMatchObject({ status: 'active', sandbox: true });
    const t = (await client.get('/api/unipile/whatsapp-test')).data;
    expect(t).toMatchObject({ success: true, contactCount: 8, sandbox: true });
    expect(t.contacts[0]).toMatchObject({ platform: 'whatsapp' });
    expect(t.contacts[0].phone).toMatch(/^\+1555010\d{4}$/);
    expect(t.message).toMatch(/^8 WhatsApp contacts loaded from /);
    // The result line in the user's language, over REST and tRPC (decision 223).
    await client.patch('/api/settings', { language: 'es' });
    expect((await client.get('/api/unipile/whatsapp-test')).data.message).toMatch(/^8 contactos de WhatsApp cargados desde /);
    expect((await client.trpc('query', 'social.whatsappTest')).data.result.data.message).toMatch(/^8 contactos de WhatsApp cargados desde /);
  });

  test('the plan’s social profile allowance is enforced and counted in usage', async () => {
    const { client } = await signedInClient(app);
    // New users are on the Pro trial: 5 social profiles.
    for (let i = 0; i < 5; i++) expect((await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: `+3361234567${i}` })).status).toBe(200);
    const sixth = await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345679' });
    expect(sixth.status).toBe(402);
    expect(sixth.data.message).toBe('Your Pro plan allows 5 social profiles. Disconnect one or upgrade to Enterprise for unlimited profiles.');
    // Asking for a connection link at the limit is refused with the limit's own words, not a link failure.
    const link = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' });
    expect(link.status).toBe(402);
    expect(link.data.message).toBe('Your Pro plan allows 5 social profiles. Disconnect one or upgrade to Enterprise for unlimited profiles.');
    expect((await client.get('/api/subscription')).data.usage.socialProfiles).toEqual({ used: 5, limit: 5 });
  });

  test('the allowance holds under concurrency: 20 WhatsApp connections at once on Basic make exactly 2 profiles', async () => {
    const { client, user } = await signedInClient(app);
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => client.post('/api/social-connections/whatsapp/direct', { phoneNumber: `+336100000${String(i).padStart(2, '0')}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 402)).toHaveLength(18);
    expect(answers.find((r) => r.status === 402)!.data.message).toBe('Your Basic plan allows 2 social profiles. Disconnect one or upgrade to Pro for 5.');
    expect(await countActiveProfiles(deps.db, user.id)).toBe(2);
    expect((await client.get('/api/social-profiles')).data).toHaveLength(2);
  });

  test('the OAuth connect path takes its slot the same way: 6 consent pages allowed at once on Basic make 2 profiles', async () => {
    const { client, user } = await signedInClient(app);
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
    // Every link is made while no slot is taken yet: the early check lets them all through.
    const links = [];
    for (let i = 0; i < 6; i++) links.push((await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' })).data.authUrl as string);
    const pages = await Promise.all(links.map((url, i) => postForm(client, url, { action: 'allow', platform: 'linkedin', accountName: `Account ${i}` })));
    expect(pages.filter((p) => p.status === 200)).toHaveLength(2);
    const refused = pages.filter((p) => p.status === 402);
    expect(refused).toHaveLength(4);
    expect(refused[0]!.data).toContain('Your Basic plan allows 2 social profiles.');
    expect(await countActiveProfiles(deps.db, user.id)).toBe(2);
  });

  test('another user’s profile: 404 on disconnect and checkpoint', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const r = await a.client.post('/api/social-connections/linkedin/direct', { username: 'x-2fa', password: 'pw' });
    expect((await b.client.delete(`/api/social-profiles/${r.data.profileId}`)).status).toBe(404);
    expect((await b.client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: '1234' })).status).toBe(404);
    expect((await a.client.get('/api/social-profiles')).data).toHaveLength(1);
  });
});
