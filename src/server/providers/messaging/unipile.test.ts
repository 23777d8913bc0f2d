import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startUnipileFake, UNIPILE_FAKE, type UnipileFake } from '../../../test/fakes/messaging/unipile-fake';
import { MessagingError } from './types';
import { createUnipileMessaging, linkedinIdentifier } from './unipile';

let fake: UnipileFake;
beforeAll(() => {
  fake = startUnipileFake();
});
afterAll(() => fake.stop());

const provider = (apiKey = fake.apiKey) => createUnipileMessaging({ dsn: fake.url, apiKey });

describe('Unipile adapter against the fake', () => {
  test('hosted auth link: documented body, X-API-KEY, and the url back', async () => {
    const expiresAt = new Date('2030-01-02T03:04:05.678Z');
    const { url } = await provider().createAuthLink({
      requestId: 'req123',
      token: 'unused',
      platform: 'linkedin',
      expiresAt,
      successUrl: 'https://app.test/social/connected',
      failureUrl: 'https://app.test/social/connected?error=1',
      notifyUrl: 'https://app.test/api/webhooks/unipile?secret=s',
    });
    expect(url).toStartWith('https://account.unipile.test/hosted/');
    const req = fake.requests.findLast((r) => r.path === '/api/v1/hosted/accounts/link')!;
    expect(req.headers['x-api-key']).toBe(UNIPILE_FAKE.apiKey);
    expect(req.body).toEqual({
      type: 'create',
      providers: ['LINKEDIN'],
      api_url: fake.url,
      expiresOn: '2030-01-02T03:04:05.678Z',
      success_redirect_url: 'https://app.test/social/connected',
      failure_redirect_url: 'https://app.test/social/connected?error=1',
      notify_url: 'https://app.test/api/webhooks/unipile?secret=s',
      name: 'req123',
    });
  });

  test('a wrong API key is a 401 MessagingError, not retryable', async () => {
    const e = await provider('nope')
      .listAccounts()
      .catch((x) => x);
    expect(e).toBeInstanceOf(MessagingError);
    expect(e.status).toBe(401);
    expect(e.retryable).toBe(false);
    expect(e.message).toContain('credentials');
  });

  test('LinkedIn credentials connect at once; the password only travels in the request', async () => {
    const r = await provider().connectLinkedIn({ username: 'alice@example.com', password: 's3cret-pass' });
    expect(r.status).toBe('connected');
    if (r.status !== 'connected') return;
    expect(r.account.platform).toBe('linkedin');
    expect(r.account.status).toBe('active');
    const req = fake.requests.findLast((x) => x.path === '/api/v1/accounts' && x.method === 'POST')!;
    expect(req.body).toEqual({ provider: 'LINKEDIN', username: 'alice@example.com', password: 's3cret-pass' });
    expect((await provider().listAccounts()).map((a) => a.id)).toContain(r.account.id);
  });

  test('LinkedIn checkpoint: 2FA, wrong code refused, right code connects', async () => {
    const r = await provider().connectLinkedIn({ username: 'bob-2fa@example.com', password: 'pw' });
    expect(r).toMatchObject({ status: 'checkpoint', checkpoint: { type: '2FA' } });
    if (r.status !== 'checkpoint') return;
    const bad = await provider()
      .solveCheckpoint({ accountId: r.accountId, platform: 'linkedin', code: '000000' })
      .catch((x) => x);
    expect(bad).toBeInstanceOf(MessagingError);
    expect(bad.status).toBe(400);
    const ok = await provider().solveCheckpoint({ accountId: r.accountId, platform: 'linkedin', code: UNIPILE_FAKE.checkpointCode });
    expect(ok.status).toBe('connected');
    expect(fake.requests.findLast((x) => x.path === '/api/v1/accounts/checkpoint')!.body).toEqual({
      provider: 'LINKEDIN',
      account_id: r.accountId,
      code: UNIPILE_FAKE.checkpointCode,
    });
  });

  test('wrong LinkedIn password: 401 with Unipile’s detail', async () => {
    const e = await provider()
      .connectLinkedIn({ username: 'carol@example.com', password: UNIPILE_FAKE.wrongPassword })
      .catch((x) => x);
    expect(e).toBeInstanceOf(MessagingError);
    expect(e.status).toBe(401);
    expect(e.message).toBe('Unipile: Invalid credentials.');
    expect(e.message).not.toContain(UNIPILE_FAKE.wrongPassword);
  });

  test('WhatsApp answers a QR code checkpoint', async () => {
    const r = await provider().connectWhatsApp({ phoneNumber: '+33612345678' });
    expect(r).toMatchObject({ status: 'checkpoint', checkpoint: { type: 'QRCODE' } });
    if (r.status === 'checkpoint') expect(r.checkpoint.qrcode).toStartWith('2@fake-qr-');
  });

  test('send: LinkedIn by profile URL resolves the provider id, WhatsApp by phone; a failed send is a 422', async () => {
    const c = await provider().connectLinkedIn({ username: 'dave@example.com', password: 'pw' });
    if (c.status !== 'connected') throw new Error('expected connected');
    const li = await provider().send({
      accountId: c.account.id,
      platform: 'linkedin',
      to: { profileUrl: 'https://www.linkedin.com/in/jane-doe-123/' },
      text: 'Hello Jane',
      workspaceId: 'w1',
    });
    expect(li.chatId).toBeTruthy();
    expect(fake.chats.at(-1)).toMatchObject({ account_id: c.account.id, attendees_ids: ['ACoAA0XYZ'], text: 'Hello Jane' });
    expect(fake.requests.findLast((x) => x.path === '/api/v1/chats')!.headers['content-type']).toContain('multipart/form-data');

    await provider().send({ accountId: c.account.id, platform: 'whatsapp', to: { phone: '+33 6 12 34 56 78' }, text: 'Hi', workspaceId: 'w1' });
    expect(fake.chats.at(-1)!.attendees_ids).toEqual(['33612345678@s.whatsapp.net']);

    const e = await provider()
      .send({ accountId: c.account.id, platform: 'linkedin', to: { providerId: UNIPILE_FAKE.failingAttendee }, text: 'x', workspaceId: 'w1' })
      .catch((x) => x);
    expect(e).toBeInstanceOf(MessagingError);
    expect(e.status).toBe(422);
    expect(e.retryable).toBe(false);
  });

  test('relations become contacts; account status follows the sources; delete', async () => {
    const c = await provider().connectLinkedIn({ username: 'erin@example.com', password: 'pw' });
    if (c.status !== 'connected') throw new Error('expected connected');
    const contacts = await provider().listContacts({ accountId: c.account.id, platform: 'linkedin' });
    expect(contacts).toHaveLength(3);
    expect(contacts[0]).toEqual({
      providerId: 'ACoAA0XYZ',
      name: 'Jane Doe',
      headline: 'VP Sales at Globex',
      profileUrl: 'https://www.linkedin.com/in/jane-doe-123',
      profilePictureUrl: null,
      phone: null,
    });
    const wa = await provider().listContacts({ accountId: c.account.id, platform: 'whatsapp' });
    expect(wa.map((x) => x.phone)).toEqual(['+33612345678', '+15550100001']);

    fake.setAccountStatus(c.account.id, 'CREDENTIALS');
    expect((await provider().getAccount(c.account.id))?.status).toBe('disconnected');
    await provider().deleteAccount(c.account.id);
    expect(await provider().getAccount(c.account.id)).toBeNull();
    await provider().deleteAccount(c.account.id); // already gone: fine
  });

  test('webhooks: hosted-auth notify and account status', () => {
    const p = provider();
    expect(p.parseWebhook({ status: 'CREATION_SUCCESS', account_id: 'acc1', name: 'req1' })).toEqual({
      kind: 'connected',
      accountId: 'acc1',
      requestId: 'req1',
      platform: null,
      name: null,
    });
    expect(p.parseWebhook({ AccountStatus: { account_id: 'acc1', account_type: 'LINKEDIN', message: 'CREDENTIALS' } })).toEqual({
      kind: 'status',
      accountId: 'acc1',
      status: 'disconnected',
      providerStatus: 'CREDENTIALS',
    });
    expect(p.parseWebhook({ AccountStatus: { account_id: 'acc1', account_type: 'WHATSAPP', message: 'OK' } })).toMatchObject({ status: 'active' });
    expect(p.parseWebhook({ hello: 'world' })).toBeNull();
  });

  test('unreachable service is a retryable error', async () => {
    const p = createUnipileMessaging({ dsn: 'http://127.0.0.1:9', apiKey: 'k', timeoutMs: 2000 });
    const e = await p.listAccounts().catch((x) => x);
    expect(e).toBeInstanceOf(MessagingError);
    expect(e.retryable).toBe(true);
  });

  test('linkedinIdentifier', () => {
    expect(linkedinIdentifier('https://www.linkedin.com/in/jane-doe-123/?x=1')).toBe('jane-doe-123');
    expect(linkedinIdentifier('ACoAA0XYZ')).toBe('ACoAA0XYZ');
  });
});
