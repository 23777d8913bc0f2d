import { beforeAll, describe, expect, test } from 'bun:test';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { personalScope } from '../../server/scope';
import { connectViaConsent, notEmail } from './fixtures/consent';
import { socialDepsOf } from './profiles';
import { resolveSocialRecipients } from './social-contacts';
import { SOCIAL_MESSAGES } from './schemas';
import { sendSocialMessage } from './send';

// Sending through connected profiles: the sandbox inbox, tRPC, and the services distribution calls.
// Connecting them: social.test.ts.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
});

describe('sending through the sandbox', () => {
  test('send-whatsapp and send-linkedin land in the sandbox inbox', async () => {
    const { client } = await signedInClient(app);
    expect((await client.post('/api/unipile/send-whatsapp', { message: 'hi' })).data).toEqual({ message: SOCIAL_MESSAGES.phoneRequired });
    expect((await client.post('/api/unipile/send-linkedin', { message: 'hi' })).data).toEqual({ message: SOCIAL_MESSAGES.linkedinRequired });
    const none = await client.post('/api/unipile/send-whatsapp', { phoneNumber: '+15550100000', message: 'hi' });
    expect(none.status).toBe(400);
    expect(none.data.message).toBe('No connected WhatsApp account: connect one first');

    await client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33612345678' });
    await connectViaConsent(client, 'linkedin', 'Me on LinkedIn');
    const wa = await client.post('/api/unipile/send-whatsapp', { phoneNumber: '+1 555 010 0000', message: 'Hello Sam', videoUrl: 'http://localhost/v/abc' });
    expect(wa.status).toBe(200);
    expect(wa.data).toMatchObject({ success: true, sandbox: true });
    const li = await client.post('/api/unipile/send-linkedin', { linkedinId: 'https://www.linkedin.com/in/jane-doe', message: 'Hello Jane' });
    expect(li.data).toMatchObject({ success: true });
    expect((await client.post('/api/unipile/send-linkedin', { linkedinId: 'jane', message: '', videoUrl: '' })).data).toEqual({
      message: SOCIAL_MESSAGES.messageRequired,
    });

    const inbox = (await client.get('/api/sandbox/inbox')).data;
    expect(inbox.sandbox).toBe(true);
    // The sign-up's address-check e-mail (docs/decisions/205) is there too: only the messaging sends count here.
    inbox.messages = notEmail(inbox.messages);
    expect(inbox.messages.map((m: { channel: string; to: string; text: string; from: string }) => [m.channel, m.to, m.text, m.from])).toEqual([
      ['linkedin', 'https://www.linkedin.com/in/jane-doe', 'Hello Jane', 'Me on LinkedIn'],
      ['whatsapp', '+1 555 010 0000', 'Hello Sam\n\nhttp://localhost/v/abc', '+33612345678'],
    ]);
    expect((await client.get('/api/sandbox/inbox?channel=whatsapp')).data.messages).toHaveLength(1);
    expect((await new TestClient(app).get('/api/sandbox/inbox')).status).toBe(401);
    await client.post('/api/unipile/send-whatsapp', { phoneNumber: '+1 555 010 0000', message: '<script>alert(1)</script>' });
    const page = await client.get('/sandbox/inbox');
    expect(page.status).toBe(200);
    expect(page.data).toContain('Hello Jane');
    expect(page.data).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.data).not.toContain('<script>alert(1)');

    // Nobody else sees them.
    const other = await signedInClient(app);
    expect(notEmail((await other.client.get('/api/sandbox/inbox')).data.messages)).toEqual([]);
    expect((await other.client.get(`/api/sandbox/inbox/${inbox.messages[0].id}`)).status).toBe(404);
  });

  test('tRPC: provider, profiles, inbox', async () => {
    const { client } = await signedInClient(app);
    expect((await client.trpc('query', 'social.provider')).data.result.data).toEqual({ name: 'sandbox', sandbox: true });
    const r = await client.trpc('mutation', 'social.whatsappDirect', { phoneNumber: '123' });
    expect(r.data.error.message).toBe(SOCIAL_MESSAGES.phone);
    await client.trpc('mutation', 'social.whatsappDirect', { phoneNumber: '+33612345678' });
    expect((await client.trpc('query', 'social.profiles')).data.result.data[0]).toMatchObject({ platform: 'whatsapp', sandbox: true });
    expect((await client.trpc('query', 'social.contacts', { platforms: ['whatsapp'] })).data.result.data).toHaveLength(8);
  });
});

describe('services for distribution', () => {
  test('resolveSocialRecipients keeps the user’s own contacts; sendSocialMessage files a sandbox send with its reference', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    await connectViaConsent(a.client, 'linkedin');
    await connectViaConsent(b.client, 'linkedin');
    const mine = (await a.client.get('/api/social-contacts')).data as { id: string }[];
    const theirs = (await b.client.get('/api/social-contacts')).data as { id: string }[];
    const picked = await resolveSocialRecipients({ db: deps.db, scope: personalScope(a.user.id), ids: [mine[0].id, mine[1].id, theirs[0].id] });
    expect(picked.map((p) => p.id).sort()).toEqual([mine[0].id, mine[1].id].sort());
    expect(picked[0].providerId).toStartWith('sbx-linkedin-');

    const r = await sendSocialMessage({
      ...socialDepsOf(deps),
      scope: personalScope(a.user.id),
      platform: picked[0].platform,
      to: { providerId: picked[0].providerId },
      text: 'Hi there',
      profileId: picked[0].profileId,
      reference: 'delivery-1',
    });
    expect(r).toMatchObject({ profileId: picked[0].profileId, sandbox: true });
    const inbox = notEmail((await a.client.get('/api/sandbox/inbox')).data.messages);
    expect(inbox[0]).toMatchObject({ id: r.messageId, channel: 'linkedin', to: picked[0].providerId, text: 'Hi there', meta: { reference: 'delivery-1' } });

    const err = await sendSocialMessage({
      ...socialDepsOf(deps),
      scope: personalScope(a.user.id),
      platform: 'whatsapp',
      to: { phone: '+15550100000' },
      text: 'x',
    }).catch((e) => e);
    expect(err.message).toBe('No connected WhatsApp account: connect one first');
    expect(err).toMatchObject({ code: 'INVALID_INPUT', retryable: false, details: undefined });
  });
});
