import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { shared, signedInClient, TestClient, testApp } from '../../test/harness';
import { sandboxMessages } from '../social/tables';
import { INVITE_EMAIL_JOB } from './invites';
import { workspaceMembers } from './tables';

// The teams procedures over HTTP, as the web app calls them: sessions, roles and the e-mail job.

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof shared>>['deps'];
beforeAll(async () => {
  ({ app } = await testApp());
  deps = (await shared()).deps;
}, 60_000);

describe('workspaces over tRPC', () => {
  test('a member switches into the workspace, sees it, and may not invite (403); strangers get 404; nobody signed in gets 401', async () => {
    const owner = await signedInClient(app);
    const mate = await signedInClient(app);
    const stranger = await signedInClient(app);
    await deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: mate.user.id, role: 'member' });

    const mine = await mate.client.trpc('query', 'workspaces.mine');
    expect(mine.status).toBe(200);
    expect(mine.data.result.data.map((w: { id: string; current: boolean }) => [w.id, w.current])).toEqual([
      [mate.user.id, true],
      [owner.user.id, false],
    ]);
    expect((await mate.client.trpc('mutation', 'workspaces.switch', { workspaceId: owner.user.id })).status).toBe(200);
    const team = await mate.client.trpc('query', 'workspaces.members');
    expect(team.data.result.data.myRole).toBe('member');
    expect(team.data.result.data.workspace.id).toBe(owner.user.id);

    const denied = await mate.client.trpc('mutation', 'workspaces.invite', { email: 'someone@example.com', role: 'member' });
    expect(denied.status).toBe(403);
    expect(denied.data.error.message).toBe('Only an admin or the owner of this workspace can do this');
    expect((await mate.client.trpc('mutation', 'workspaces.switch', { workspaceId: stranger.user.id })).status).toBe(404);

    const anon = new TestClient(app);
    expect((await anon.trpc('query', 'workspaces.members')).status).toBe(401);
    expect((await anon.trpc('query', 'workspaces.previewInvite', { token: 'no-such-token' })).status).toBe(404);
    const bad = await owner.client.trpc('mutation', 'workspaces.invite', { email: 'nope', role: 'owner' });
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toBe('Invalid email address');
  }, 30_000);

  test('an invitation is e-mailed by a job with a link to /invite/<token>', async () => {
    const owner = await signedInClient(app);
    const address = `invitee.${owner.user.id.toLowerCase()}@example.com`;
    const res = await owner.client.trpc('mutation', 'workspaces.invite', { email: address, role: 'admin' });
    expect(res.status).toBe(200);
    const end = Date.now() + 20_000;
    let states: string[] = [];
    while (Date.now() < end) {
      const jobs = await deps.queue.boss.findJobs<{ inviteId: string }>(INVITE_EMAIL_JOB, { data: { inviteId: res.data.result.data.id } });
      states = jobs.map((j) => j.state);
      if (states.length && states.every((s) => s === 'completed' || s === 'failed')) break;
      await Bun.sleep(50);
    }
    expect(states).toEqual(['completed']);
    const [m] = await deps.db.select().from(sandboxMessages).where(eq(sandboxMessages.to, address));
    expect(m?.text).toMatch(/http:\/\/localhost(:\d+)?\/invite\/[A-Za-z0-9_-]{43}\n/);
    const token = m!.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1];
    const preview = await new TestClient(app).trpc('query', 'workspaces.previewInvite', { token });
    expect(preview.data.result.data).toMatchObject({ email: address, role: 'admin', expired: false, used: false });
  }, 30_000);
});
