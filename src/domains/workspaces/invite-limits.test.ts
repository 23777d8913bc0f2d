import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, like } from 'drizzle-orm';
import { shared, signedInClient, testApp, uniqueName } from '../../test/harness';
import { sandboxMessages } from '../social/tables';

// Issue 25 item 7: invitation e-mails are limited per address and per workspace, and their subject
// is the product's own (docs/decisions/205). Over tRPC, as the Team tab calls it.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
}, 60_000);

const AGAIN = 'This address was invited a moment ago. You can send the invitation again in a few minutes.';
const DAILY = "Your workspace has reached today's limit of invitations. You can invite more tomorrow.";
const PER_DAY = 30;

describe('invitation e-mails are limited', () => {
  test('one address: 10 invitations at once send one e-mail, the rest 429; revoking does not reset the wait; another address is fine', async () => {
    const owner = await signedInClient(app);
    const address = `${uniqueName('again')}@example.com`;
    const all = await Promise.all(Array.from({ length: 10 }, () => owner.client.trpc('mutation', 'workspaces.invite', { email: address, role: 'member' })));
    expect(all.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(429)]);
    for (const r of all.filter((x) => x.status === 429)) expect(r.data.error.message).toBe(AGAIN);

    const id = all.find((r) => r.status === 200)!.data.result.data.id as string;
    expect((await owner.client.trpc('mutation', 'workspaces.revokeInvite', { id })).status).toBe(200);
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: address, role: 'member' })).status).toBe(429);
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: `${uniqueName('other')}@example.com`, role: 'member' })).status).toBe(200);
  }, 30_000);

  test(`a workspace sends at most ${PER_DAY} invitations a day, revoked ones included`, async () => {
    const owner = await signedInClient(app);
    for (let i = 0; i < PER_DAY; i++) {
      const r = await owner.client.trpc('mutation', 'workspaces.invite', { email: `${uniqueName(`day${i}`)}@example.com`, role: 'member' });
      expect(r.status).toBe(200);
      // Revoked at once, so that the plan's seats are never what refuses.
      expect((await owner.client.trpc('mutation', 'workspaces.revokeInvite', { id: r.data.result.data.id })).status).toBe(200);
    }
    const over = await owner.client.trpc('mutation', 'workspaces.invite', { email: `${uniqueName('over')}@example.com`, role: 'member' });
    expect(over.status).toBe(429);
    expect(over.data.error.message).toBe(DAILY);
    // Another workspace is not affected.
    const other = await signedInClient(app);
    expect((await other.client.trpc('mutation', 'workspaces.invite', { email: `${uniqueName('else')}@example.com`, role: 'member' })).status).toBe(200);
  }, 60_000);

  test('the subject is the product’s own sentence: the workspace’s name (the sender’s text) is not in it', async () => {
    const owner = await signedInClient(app);
    expect((await owner.client.trpc('mutation', 'workspaces.rename', { name: 'URGENT: your account is suspended' })).status).toBe(200);
    const address = `${uniqueName('subject')}@example.com`;
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: address, role: 'member' })).status).toBe(200);
    const end = Date.now() + 15_000;
    let subject: string | null = null;
    while (Date.now() < end && !subject) {
      const [m] = await deps.db
        .select({ subject: sandboxMessages.subject })
        .from(sandboxMessages)
        .where(and(eq(sandboxMessages.channel, 'email'), like(sandboxMessages.to, `%${address}%`)));
      subject = m?.subject ?? null;
      if (!subject) await Bun.sleep(25);
    }
    expect(subject).toBe('Test User invited you to a team on Avatar Studio');
  }, 30_000);
});
