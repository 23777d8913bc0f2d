import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq, sql } from 'drizzle-orm';
import { join } from 'node:path';
import { createApp } from '../../app/app';
import { createLogger } from '../../server/log';
import { startUnipileFake, UNIPILE_FAKE, type UnipileFake } from '../../test/fakes/messaging/unipile-fake';
import { createUnipileMessaging } from '../../server/providers/messaging/unipile';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { socialConnectRequests, socialProfiles } from './tables';

// The whole social surface with Unipile as the provider, against the local fake of its API.
let fake: UnipileFake;
let t: Awaited<ReturnType<typeof testApp>>;
let app: ReturnType<typeof createApp>;
const logLines: string[] = [];

beforeAll(async () => {
  fake = startUnipileFake();
  t = await testApp();
  const deps = {
    ...t.deps,
    log: createLogger('debug', (line) => logLines.push(line)),
    providers: { ...t.deps.providers, messaging: createUnipileMessaging({ dsn: fake.url, apiKey: fake.apiKey }) },
  };
  app = createApp(deps, { distDir: join(t.dataDir, 'no-dist') });
});
afterAll(() => fake.stop());

/** Every row of every table of the app's schema, as text. */
async function everyRow(): Promise<string> {
  const tables = (await t.deps.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)) as unknown;
  const names = (Array.isArray(tables) ? tables : (tables as { rows: unknown[] }).rows).map((r) => (r as { table_name: string }).table_name);
  let all = '';
  for (const name of names) {
    const res = (await t.deps.db.execute(sql.raw(`select * from "${name}"`))) as unknown;
    all += JSON.stringify(Array.isArray(res) ? res : (res as { rows: unknown[] }).rows);
  }
  return all;
}

const notifyPath = () => {
  const body = fake.requests.findLast((r) => r.path === '/api/v1/hosted/accounts/link')!.body;
  const u = new URL(body.notify_url);
  return { path: u.pathname + u.search, secret: u.searchParams.get('secret')!, body };
};

describe('Unipile as the messaging provider', () => {
  test('hosted auth: link from Unipile, completion through the notify webhook, status webhooks', async () => {
    const { client } = await signedInClient(app);
    const res = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin', redirectUri: '/social-profiles' });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ sandbox: false });
    expect(res.data.authUrl).toStartWith('https://account.unipile.test/hosted/');
    const { path, secret, body } = notifyPath();
    expect(body).toMatchObject({
      type: 'create',
      providers: ['LINKEDIN'],
      name: res.data.requestId,
      success_redirect_url: `http://localhost/social/connected?request=${res.data.requestId}`,
    });
    expect(secret).toMatch(/^[0-9a-f]{64}$/);

    // The user finishes the wizard: Unipile creates the account and calls notify_url (no session).
    fake.accounts.set('acc_hosted', { id: 'acc_hosted', type: 'LINKEDIN', name: 'Jane Hosted', status: 'OK', created_at: new Date().toISOString() });
    const provider = new TestClient(app);
    expect(
      (await provider.post('/api/webhooks/unipile?secret=wrong', { status: 'CREATION_SUCCESS', account_id: 'acc_hosted', name: res.data.requestId })).status,
    ).toBe(401);
    expect((await provider.post('/api/webhooks/unipile', { status: 'CREATION_SUCCESS', account_id: 'acc_hosted', name: res.data.requestId })).status).toBe(401);
    expect((await client.get('/api/social-profiles')).data).toEqual([]);
    // Ids that cannot be ids (a NUL used to reach PostgreSQL: 500) are ignored, not looked up.
    for (const bad of [
      { account_id: 'acc\u0000', name: res.data.requestId },
      { account_id: 'acc_hosted', name: 'req\u0000' },
    ])
      expect(await provider.post(path, { status: 'CREATION_SUCCESS', ...bad })).toMatchObject({ status: 200, data: { handled: false } });
    const hook = await provider.post(path, { status: 'CREATION_SUCCESS', account_id: 'acc_hosted', name: res.data.requestId });
    expect(hook.status).toBe(200);

    const [profile] = (await client.get('/api/social-profiles')).data;
    expect(profile).toMatchObject({ platform: 'linkedin', profileName: 'Jane Hosted', status: 'active', sandbox: false, provider: 'unipile' });
    const contacts = (await client.get('/api/social-contacts')).data;
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Jane Doe', 'Li Wei', 'Omar Haddad']);
    expect(contacts[0]).toMatchObject({
      headline: 'VP Sales at Globex',
      profileUrl: 'https://www.linkedin.com/in/jane-doe-123',
      connectionId: profile.id,
      sandbox: false,
    });

    // The browser comes back to the app's page, which closes the popup or returns to redirect_uri.
    const back = await client.get(`/social/connected?request=${res.data.requestId}`);
    expect(back.data).toContain('"/social-profiles"');

    // Account status webhooks move the profile.
    await provider.post(path, { AccountStatus: { account_id: 'acc_hosted', account_type: 'LINKEDIN', message: 'CREDENTIALS' } });
    expect((await client.get('/api/social-profiles')).data[0].status).toBe('disconnected');
    await provider.post(path, { AccountStatus: { account_id: 'acc_hosted', account_type: 'LINKEDIN', message: 'OK' } });
    expect((await client.get('/api/social-profiles')).data[0].status).toBe('active');
    expect((await provider.post(path, { something: 'else' })).data).toEqual({ ok: true, handled: false });

    // GET /api/unipile/accounts asks Unipile: an account whose credentials expired shows it.
    fake.setAccountStatus('acc_hosted', 'CREDENTIALS');
    expect((await client.get('/api/unipile/accounts')).data).toEqual([
      { id: profile.id, platform: 'linkedin', platform_name: 'LinkedIn', username: 'Jane Hosted', status: 'disconnected', sandbox: false },
    ]);
    fake.setAccountStatus('acc_hosted', 'OK');

    // Disconnect deletes the Unipile account too.
    expect((await client.delete(`/api/social-profiles/${profile.id}`)).status).toBe(200);
    expect(fake.accounts.has('acc_hosted')).toBe(false);
  });

  test('hosted auth past the allowance: completions arriving at once fill the free slots; the others are cancelled and their Unipile accounts deleted', async () => {
    const { client, user } = await signedInClient(app);
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
    // Three links made while Basic's 2 slots are free, then three completions at once.
    const requests: string[] = [];
    for (let i = 0; i < 3; i++) requests.push((await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' })).data.requestId);
    const { path } = notifyPath();
    const ids = requests.map((_, i) => `acc_full_${i}_${user.id}`);
    for (const id of ids) fake.accounts.set(id, { id, type: 'LINKEDIN', name: id, status: 'OK', created_at: new Date().toISOString() });
    const provider = new TestClient(app);
    const hooks = await Promise.all(requests.map((r, i) => provider.post(path, { status: 'CREATION_SUCCESS', account_id: ids[i], name: r })));
    expect(hooks.map((h) => h.status)).toEqual([200, 200, 200]);
    expect(hooks.filter((h) => h.data.handled)).toHaveLength(2);
    expect((await client.get('/api/social-profiles')).data).toHaveLength(2);
    expect(ids.filter((id) => fake.accounts.has(id))).toHaveLength(2);
    const refused = requests[hooks.findIndex((h) => !h.data.handled)]!;
    const [row] = await t.deps.db.select({ status: socialConnectRequests.status }).from(socialConnectRequests).where(eq(socialConnectRequests.id, refused));
    expect(row?.status).toBe('cancelled');
  });

  test('direct LinkedIn: the password goes to Unipile only — not to the database, not to the logs', async () => {
    const { client } = await signedInClient(app);
    const password = `Pw-${crypto.randomUUID()}`;
    const wrong = await client.post('/api/social-connections/linkedin/direct', { username: 'carol@example.com', password: UNIPILE_FAKE.wrongPassword });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ message: 'Failed to connect LinkedIn account: Invalid credentials.' });

    const r = await client.post('/api/social-connections/linkedin/direct', { username: 'dan-2fa@example.com', password });
    expect(r.data).toMatchObject({ status: 'pending', checkpoint: { type: '2FA' } });
    expect(fake.requests.findLast((x) => x.path === '/api/v1/accounts')!.body.password).toBe(password);
    const ok = await client.post('/api/social-connections/checkpoint', { profileId: r.data.profileId, code: UNIPILE_FAKE.checkpointCode });
    expect(ok.data).toMatchObject({ status: 'active' });

    const rows = await everyRow();
    expect(rows).not.toContain(password);
    expect(rows).not.toContain(UNIPILE_FAKE.wrongPassword);
    expect(logLines.join('\n')).not.toContain(password);
    expect(logLines.join('\n')).not.toContain(UNIPILE_FAKE.wrongPassword);
  });

  test('provider account ids are encrypted at rest and decrypt back with the app key', async () => {
    const { client, user } = await signedInClient(app);
    const wa = await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345678' });
    expect(wa.data).toMatchObject({ status: 'pending', checkpoint: { type: 'QRCODE' } });
    expect(wa.data.checkpoint.qrcode).toStartWith('2@fake-qr-');

    const [row] = await t.deps.db.select().from(socialProfiles).where(eq(socialProfiles.workspaceId, user.id));
    const accountId = await t.deps.box.decrypt(row.accountIdEnc, `social_profile:${row.id}:${row.workspaceId}`);
    expect(accountId).toMatch(/^acc_/);
    expect(row.accountIdEnc).not.toContain(accountId);
    expect(row.accountRef).not.toContain(accountId);
    expect((await everyRow()).includes(`"${accountId}"`)).toBe(false);
    // Bound to its row: the same ciphertext under another row's identity does not decrypt.
    await expect(t.deps.box.decrypt(row.accountIdEnc, `social_profile:other:${row.workspaceId}`)).rejects.toThrow();

    // The phone is scanned: Unipile reports the account created; the pending profile becomes active.
    fake.accounts.set(accountId, { id: accountId, type: 'WHATSAPP', name: '+33612345678', status: 'OK', created_at: new Date().toISOString() });
    await client.post('/api/social-connections/hosted-auth', {});
    const { path } = notifyPath();
    await new TestClient(app).post(path, { AccountStatus: { account_id: accountId, account_type: 'WHATSAPP', message: 'CREATION_SUCCESS' } });
    const profiles = (await client.get('/api/social-profiles')).data;
    expect(profiles.find((p: { platform: string }) => p.platform === 'whatsapp')).toMatchObject({ status: 'active', checkpoint: null });
    expect((await client.get('/api/unipile/whatsapp-test')).data).toMatchObject({ success: true, contactCount: 2 });
  });

  test('sending through Unipile: chat started with the resolved attendee; a refused send is reported', async () => {
    const { client } = await signedInClient(app);
    await client.post('/api/social-connections/linkedin/direct', { username: 'erin@example.com', password: 'pw' });
    const ok = await client.post('/api/unipile/send-linkedin', {
      linkedinId: 'https://www.linkedin.com/in/omar-haddad',
      message: 'Hi Omar',
      videoUrl: 'https://app.test/v/t1',
    });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({ success: true, sandbox: false });
    // multipart/form-data carries line breaks as CRLF.
    expect(fake.chats.at(-1)).toMatchObject({ attendees_ids: ['ACoAA1XYZ'], text: 'Hi Omar\r\n\r\nhttps://app.test/v/t1' });
    const refused = await client.post('/api/unipile/send-linkedin', { linkedinId: UNIPILE_FAKE.failingAttendee, message: 'x' });
    expect(refused.status).toBe(400);
    expect(refused.data).toEqual({ message: 'Failed to send LinkedIn message: The recipient cannot be reached.' });
    // Nothing was filed in the sandbox inbox: Unipile sent it.
    expect((await client.get('/api/sandbox/inbox?channel=linkedin')).data.messages).toEqual([]);
  });

  test('an unreachable or refusing Unipile fails the request with a message, not a crash', async () => {
    const broken = createApp(
      { ...t.deps, providers: { ...t.deps.providers, messaging: createUnipileMessaging({ dsn: fake.url, apiKey: 'wrong-key' }) } },
      { distDir: join(t.dataDir, 'no-dist') },
    );
    const { client } = await signedInClient(broken);
    const r = await client.post('/api/social-connections/auth-url', { platformId: 'linkedin' });
    expect(r.status).toBe(500);
    expect(r.data.message).toStartWith('Could not generate authentication URL: Unipile:');
  });
});
