// Issue 13: the authorization sweep over two workspaces. W1 is the world's owner's workspace with one
// of everything; B is another user. Every documented operation that names a W1 row, called by B from
// B's own workspace, answers 404; B's lists show nothing of W1. Made a member of W1, B reads the same
// rows but cannot do an admin's or the owner's action (403). Removed, B loses access at once: the
// session falls back to B's personal workspace (404 again) and B's API key made in W1 stops working.
import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq } from 'drizzle-orm';
import { workspaceMembers } from '../../domains/workspaces/tables';
import { API_CALLS, type ApiCall } from '../../test/api-calls';
import { buildApiWorld, type ApiWorld } from '../../test/api-world';
import { signedInClient, testApp, type TestClient } from '../../test/harness';

let t: Awaited<ReturnType<typeof testApp>>;
let w: ApiWorld;
let b: Awaited<ReturnType<typeof signedInClient>>;
const made = new Map<string, ApiCall>();

/** W1's rows, by what they are: none of them may reach B outside W1. */
const w1Ids = () =>
  [
    w.campaignId,
    w.talk.videoId,
    w.talk.taskId,
    w.savedVideoId,
    w.listId,
    w.contactId,
    w.avatarId,
    w.profileId,
    w.socialContactId,
    w.distributionId,
    w.inboxMessageId,
  ].filter(Boolean);
const PER_USER = /^(GET|PATCH|POST|DELETE) \/api\/users\//; // the user's own account, not a workspace's rows

beforeAll(async () => {
  t = await testApp();
  w = await buildApiWorld(t.app, t.deps.db);
  b = await signedInClient(t.app);
  const ctx = { w, deps: t.deps, app: t.app };
  for (const [key, make] of Object.entries(API_CALLS)) {
    // Destructive makers would act on W1's rows for real: only their shape matters here.
    if (key.startsWith('DELETE ') && !key.includes(':id')) continue;
    made.set(key, await make(ctx));
  }
}, 240_000);

const call = (client: TestClient, key: string, c: ApiCall) => client.request(key.split(' ')[0]!, c.path, c.body, c.headers);
const namesW1 = (c: ApiCall) => w1Ids().some((id) => c.path.includes(id));
const bodyNamesW1 = (c: ApiCall) => !namesW1(c) && w1Ids().some((id) => JSON.stringify(c.body ?? null).includes(id));
/** The made calls a signed-in user makes about a workspace's rows (not anonymous, not about their own account). */
const workspaceCalls = (pick: (c: ApiCall, key: string) => boolean) =>
  [...made].filter(([key, c]) => (c.as ?? 'user') === 'user' && !PER_USER.test(key) && pick(c, key));

/** B's answer to each of the picked calls, by call. */
async function answersOfB(pick: (c: ApiCall, key: string) => boolean): Promise<Record<string, number>> {
  const answers: Record<string, number> = {};
  for (const [key, c] of workspaceCalls(pick)) answers[key] = (await call(b.client, key, c)).status;
  return answers;
}

async function joinW1(role: 'member' | 'admin') {
  await t.deps.db
    .insert(workspaceMembers)
    .values({ workspaceId: w.user.id, userId: b.user.id, role })
    .onConflictDoUpdate({
      target: [workspaceMembers.workspaceId, workspaceMembers.userId],
      set: { role },
    });
  const r = await b.client.trpc('mutation', 'workspaces.switch', { workspaceId: w.user.id });
  expect(r.status).toBe(200);
}

describe('two workspaces: another workspace answers 404', () => {
  test('every operation naming a W1 row in its path answers 404 to a user of W2', async () => {
    const answers = await answersOfB(namesW1);
    expect(Object.keys(answers).length).toBeGreaterThan(20);
    expect(Object.entries(answers).filter(([, s]) => s !== 404)).toEqual([]);
  }, 120_000);

  test('an operation naming a W1 row in its body never succeeds for a user of W2', async () => {
    const answers = await answersOfB(bodyNamesW1);
    expect(Object.keys(answers).length).toBeGreaterThan(0);
    expect(Object.entries(answers).filter(([, s]) => s < 400)).toEqual([]);
  }, 60_000);

  test("W2's lists and figures show nothing of W1", async () => {
    const leaks: string[] = [];
    for (const [key, c] of workspaceCalls((c, key) => key.startsWith('GET ') && !namesW1(c))) {
      const text = JSON.stringify((await call(b.client, key, c)).data);
      for (const id of w1Ids()) if (text.includes(id)) leaks.push(`${key} shows ${id}`);
    }
    expect(leaks).toEqual([]);
  }, 60_000);
});

describe('two workspaces: members and roles', () => {
  test('a member of W1 reads W1 rows; a member cannot do an admin or owner action (403)', async () => {
    await joinW1('member');
    for (const key of ['GET /api/campaigns/:id', 'GET /api/videos/:id', 'GET /api/contact-lists/:id', 'GET /api/distributions/:id']) {
      const c = made.get(key)!;
      expect({ key, status: (await call(b.client, key, c)).status }).toEqual({ key, status: 200 });
    }
    const list = await b.client.get('/api/campaigns');
    expect(JSON.stringify(list.data)).toContain(w.campaignId);

    // The owner's: the plan. An admin's: webhooks, exports, inviting.
    expect((await b.client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' })).status).toBe(403);
    const hook = await b.client.trpc('mutation', 'webhooks.create', { url: 'http://127.0.0.1:9/hook', events: ['video.ready'] });
    expect(hook.status).toBe(403);
    expect((await b.client.trpc('mutation', 'exports.request', { includeFiles: false })).status).toBe(403);
    expect((await b.client.trpc('mutation', 'workspaces.invite', { email: 'someone@example.com', role: 'member' })).status).toBe(403);
  }, 60_000);

  test('a removed member loses access at once: the session answers 404 and the API key stops working', async () => {
    await joinW1('member');
    const key = await b.client.trpc('mutation', 'apiKeys.create', { name: 'W1 key' });
    expect(key.status).toBe(200);
    const secret = JSON.stringify(key.data).match(/"(vk_[^"]+)"/)?.[1] ?? (key.data.result.data.key as string);
    const withKey = { authorization: `Bearer ${secret}` };
    const campaign = `/api/campaigns/${w.campaignId}`;
    expect((await b.client.get(campaign)).status).toBe(200);
    expect((await w.anon.get(campaign, withKey)).status).toBe(200);

    await t.deps.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, w.user.id), eq(workspaceMembers.userId, b.user.id)));

    expect((await b.client.get(campaign)).status).toBe(404);
    expect((await w.anon.get(campaign, withKey)).status).toBe(401);
    // B is back in B's own workspace, signed in.
    expect((await b.client.get('/api/campaigns')).status).toBe(200);
  }, 60_000);
});
