import { describe, expect, test } from 'bun:test';
import { createSandboxMessaging } from './sandbox';
import { MessagingError, type SandboxInboxMessage } from './types';

function memoryInbox() {
  const messages: SandboxInboxMessage[] = [];
  return { messages, record: async (m: SandboxInboxMessage) => (messages.push(m), { id: `m${messages.length}` }) };
}

describe('sandbox messaging provider', () => {
  test('consent link is the local page; accounts and contacts are deterministic and labelled', async () => {
    const p = createSandboxMessaging({ inbox: memoryInbox() });
    expect(p.sandbox).toBe(true);
    const { url } = await p.createAuthLink({
      requestId: 'r',
      token: 'tok',
      platform: 'linkedin',
      expiresAt: new Date(),
      successUrl: '',
      failureUrl: '',
      notifyUrl: '',
    });
    expect(url).toBe('/sandbox/connect/tok');
    const a = p.authorize({ platform: 'linkedin', name: 'Alice' });
    expect(a).toMatchObject({ platform: 'linkedin', name: 'Alice', status: 'active' });
    expect(await p.getAccount(a.id)).toEqual(a);
    const c1 = await p.listContacts({ accountId: a.id, platform: 'linkedin' });
    const c2 = await p.listContacts({ accountId: a.id, platform: 'linkedin' });
    expect(c1).toEqual(c2);
    expect(c1).toHaveLength(8);
    expect(new Set(c1.map((c) => c.providerId)).size).toBe(8);
    for (const c of c1) {
      expect(c.name).toEndWith('(sandbox)');
      expect(c.profileUrl).toContain('.sandbox.invalid/');
    }
    const other = await p.listContacts({ accountId: p.authorize({ platform: 'linkedin', name: 'Bob' }).id, platform: 'linkedin' });
    expect(other.map((c) => c.providerId)).not.toEqual(c1.map((c) => c.providerId));
  });

  test('LinkedIn "2fa" usernames ask for a code; any 4–8 digits solve it', async () => {
    const p = createSandboxMessaging({ inbox: memoryInbox() });
    const r = await p.connectLinkedIn({ username: 'me-2fa', password: 'x' });
    expect(r).toMatchObject({ status: 'checkpoint', checkpoint: { type: '2FA' } });
    if (r.status !== 'checkpoint') return;
    await expect(p.solveCheckpoint({ accountId: r.accountId, platform: 'linkedin', code: 'abc' })).rejects.toBeInstanceOf(MessagingError);
    expect(await p.solveCheckpoint({ accountId: r.accountId, platform: 'linkedin', code: '123456' })).toMatchObject({
      status: 'connected',
      account: { name: 'me-2fa' },
    });
  });

  test('send files the message in the inbox; a WhatsApp send needs a phone', async () => {
    const inbox = memoryInbox();
    const p = createSandboxMessaging({ inbox });
    const wa = await p.connectWhatsApp({ phoneNumber: '+33612345678' });
    if (wa.status !== 'connected') throw new Error('expected connected');
    const r = await p.send({
      accountId: wa.account.id,
      platform: 'whatsapp',
      to: { phone: '+15550100000' },
      text: 'Hello',
      workspaceId: 'w1',
      userId: 'u1',
      reference: 'd1',
    });
    expect(r.messageId).toBe('m1');
    expect(inbox.messages[0]).toMatchObject({
      workspaceId: 'w1',
      createdBy: 'u1',
      channel: 'whatsapp',
      to: '+15550100000',
      text: 'Hello',
      from: '+33612345678',
      meta: { reference: 'd1' },
    });
    await expect(p.send({ accountId: wa.account.id, platform: 'whatsapp', to: {}, text: 'x', workspaceId: 'w1' })).rejects.toThrow(
      'A phone number is required',
    );
    await expect(p.send({ accountId: 'acc_unknown', platform: 'whatsapp', to: { phone: '1' }, text: 'x', workspaceId: 'w1' })).rejects.toThrow(
      'Unknown account',
    );
  });
});
