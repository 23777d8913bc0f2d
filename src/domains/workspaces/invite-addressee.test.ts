import { beforeAll, describe, expect, test } from 'bun:test';
import { and, desc, eq, like } from 'drizzle-orm';
import { shared, signedInClient, TestClient, testApp, uniqueName } from '../../test/harness';
import { sandboxMessages } from '../social/tables';
import { users } from '../users/tables';
import { workspaceMembers } from './tables';

// Issue 25 item 1: an invitation link is read only by those it is meant for, and accepting it needs
// the invited address proven (docs/decisions/205). Over HTTP, as the web app and an attacker call it.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
}, 60_000);

/** The newest e-mail to `address` whose subject contains `subject`, once its job has sent it (the test is the mailbox). */
async function mailTo(address: string, subject: string) {
  const end = Date.now() + 15_000;
  while (Date.now() < end) {
    const [m] = await deps.db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.channel, 'email'), like(sandboxMessages.to, `%${address}%`), like(sandboxMessages.subject, `%${subject}%`)))
      .orderBy(desc(sandboxMessages.createdAt))
      .limit(1);
    if (m) return m;
    await Bun.sleep(25);
  }
  throw new Error(`no e-mail "${subject}" to ${address}`);
}
const inviteToken = (text: string) => text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1]!;
const verifyToken = (text: string) => text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)![1]!;
const addressFor = (who: string) => `${uniqueName(who)}@example.com`;

/** An owner (Pro trial) with a member acting in the owner's workspace. */
async function teamWithMember() {
  const owner = await signedInClient(app);
  const member = await signedInClient(app);
  await deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
  expect((await member.client.trpc('mutation', 'workspaces.switch', { workspaceId: owner.user.id })).status).toBe(200);
  return { owner, member };
}

async function register(address: string) {
  const client = new TestClient(app);
  const username = uniqueName('u');
  const res = await client.post('/api/register', { fullName: 'New Comer', email: address, username, password: 'correct horse battery' });
  expect(res.status).toBe(201);
  return { client, id: res.data.id as string, password: 'correct horse battery' };
}

describe('the sandbox inbox shows secret links only to their addressee', () => {
  test('a member reads neither another invitee’s link nor the owner’s reset link; the owner (an admin) reads the invitation', async () => {
    const { owner, member } = await teamWithMember();
    const invitee = addressFor('invitee');
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: invitee, role: 'admin' })).status).toBe(200);
    const invitation = await mailTo(invitee, 'invited you');
    const token = inviteToken(invitation.text);
    // Someone (the member) asks for the owner's password reset: it is filed in the owner's workspace, shared by the team.
    expect((await member.client.post('/api/password/forgot', { email: owner.user.email })).status).toBe(200);
    const reset = await mailTo(owner.user.email, 'Reset your password');
    const resetToken = reset.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;

    for (const path of ['/api/sandbox/inbox?channel=email', '/api/sandbox/inbox', '/sandbox/inbox']) {
      const seen = await member.client.get(path);
      expect(seen.status).toBe(200);
      const body = typeof seen.data === 'string' ? seen.data : JSON.stringify(seen.data);
      expect(body).not.toContain(token);
      expect(body).not.toContain(resetToken);
    }
    const viaTrpc = await member.client.trpc('query', 'social.inbox', { channel: 'email' });
    expect(JSON.stringify(viaTrpc.data)).not.toContain(token);
    expect(JSON.stringify(viaTrpc.data)).not.toContain(resetToken);
    for (const id of [invitation.id, reset.id]) {
      expect((await member.client.get(`/api/sandbox/inbox/${id}`)).status).toBe(404);
      expect((await member.client.get(`/sandbox/inbox/${id}/html`)).status).toBe(404);
    }

    // The owner made the invitation (and could make another): it is theirs to read, as is their own reset link.
    const ownerView = JSON.stringify((await owner.client.get('/api/sandbox/inbox?channel=email')).data);
    expect(ownerView).toContain(token);
    expect(ownerView).toContain(resetToken);
  }, 30_000);
});

describe('accepting needs the invited address verified', () => {
  test('registering the invited address and accepting with the link is refused until the address is confirmed', async () => {
    const owner = await signedInClient(app);
    const invitee = addressFor('target');
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: invitee, role: 'admin' })).status).toBe(200);
    const token = inviteToken((await mailTo(invitee, 'invited you')).text);

    // Whoever holds the link registers the address: nothing proves it is theirs.
    const comer = await register(invitee);
    const refused = await comer.client.trpc('mutation', 'workspaces.acceptInvite', { token });
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe('Confirm your e-mail address first: open the link we e-mailed you, then accept the invitation.');
    expect(await deps.db.select().from(workspaceMembers).where(eq(workspaceMembers.userId, comer.id))).toHaveLength(1);
    expect((await comer.client.get('/api/user')).data.emailVerified).toBe(false);

    // The mailbox's owner opens the confirmation link sent at sign-up (single use); then the invitation is theirs.
    const confirm = verifyToken((await mailTo(invitee, 'Confirm your e-mail address')).text);
    expect((await new TestClient(app).post('/api/email/verify', { token: confirm })).data).toEqual({ ok: true, email: invitee });
    expect((await new TestClient(app).post('/api/email/verify', { token: confirm })).status).toBe(400);
    expect((await comer.client.get('/api/user')).data.emailVerified).toBe(true);
    const accepted = await comer.client.trpc('mutation', 'workspaces.acceptInvite', { token });
    expect(accepted.status).toBe(200);
    expect(accepted.data.result.data.role).toBe('admin');
  }, 30_000);
});

describe('changing the e-mail address', () => {
  test('needs the current password, then stays pending until the link sent to the new address is opened', async () => {
    const owner = await signedInClient(app);
    const invitee = addressFor('wanted');
    expect((await owner.client.trpc('mutation', 'workspaces.invite', { email: invitee, role: 'admin' })).status).toBe(200);
    const token = inviteToken((await mailTo(invitee, 'invited you')).text);
    const u = await signedInClient(app);
    const path = `/api/users/${u.user.id}`;

    const bare = await u.client.patch(path, { email: invitee, fullName: 'Changed Name' });
    expect(bare.status).toBe(400);
    expect(bare.data).toEqual({ message: 'Enter your current password to change your e-mail address' });
    const wrong = await u.client.patch(path, { email: invitee, currentPassword: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toEqual({ message: 'Current password is incorrect' });
    const viaTrpc = await u.client.trpc('mutation', 'users.updateProfile', { email: invitee });
    expect(viaTrpc.status).toBe(400);
    const [still] = await deps.db.select().from(users).where(eq(users.id, u.user.id));
    expect([still!.email, still!.fullName]).toEqual([u.user.email, 'Test User']);

    const asked = await u.client.patch(path, { email: invitee, currentPassword: u.password, fullName: 'Changed Name' });
    expect(asked.status).toBe(200);
    expect(asked.data).toMatchObject({ email: u.user.email, fullName: 'Changed Name', pendingEmail: invitee });
    // Pending: the old address stays the account's, and the invitation is not for it.
    expect((await u.client.trpc('mutation', 'workspaces.acceptInvite', { token })).status).toBe(403);

    // The confirmation went to the new address, and in the sandbox only this account reads it.
    const mail = await mailTo(invitee, 'Confirm your e-mail address');
    expect(JSON.stringify((await u.client.get('/api/sandbox/inbox?channel=email')).data)).toContain(verifyToken(mail.text));
    expect((await new TestClient(app).post('/api/email/verify', { token: verifyToken(mail.text) })).status).toBe(200);
    expect((await u.client.get('/api/user')).data).toMatchObject({ email: invitee, emailVerified: true });
    expect((await u.client.trpc('mutation', 'workspaces.acceptInvite', { token })).status).toBe(200);
  }, 30_000);

  test('an address taken by another account is refused at the request and at the link', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const free = addressFor('free');
    expect((await a.client.patch(`/api/users/${a.user.id}`, { email: b.user.email, currentPassword: a.password })).status).toBe(409);
    expect((await a.client.patch(`/api/users/${a.user.id}`, { email: free, currentPassword: a.password })).status).toBe(200);
    const link = verifyToken((await mailTo(free, 'Confirm your e-mail address')).text);
    // Someone registers the address meanwhile: the link cannot take it from them.
    await register(free);
    expect((await new TestClient(app).post('/api/email/verify', { token: link })).status).toBe(409);
    expect((await a.client.get('/api/user')).data.email).toBe(a.user.email);
  }, 30_000);
});
