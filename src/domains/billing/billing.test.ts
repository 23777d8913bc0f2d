import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { PLANS, periodAmountCents } from '../../shared/plans';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { personalScope, type Scope } from '../../server/scope';
import { workspaceMembers, workspaces } from '../workspaces/tables';
import { startOfMonthUtc } from './limits';
import { changePlan, getSubscription, remainingCredits } from './service';
import { invoices, renderUsage, subscriptions } from './tables';
import { buyRenderTier, chooseRenderTier, setPaymentMethod } from './tiers';

let app: Awaited<ReturnType<typeof testApp>>['app'];
let deps: Awaited<ReturnType<typeof testApp>>['deps'];
beforeAll(async () => {
  ({ app, deps } = await testApp());
});

describe('subscription', () => {
  test('a new user is on a 15-day Pro trial with real usage and no invoices', async () => {
    const { client } = await signedInClient(app);
    const res = await client.get('/api/subscription');
    expect(res.status).toBe(200);
    expect(res.data.plan.id).toBe('pro');
    expect(res.data.status).toBe('trialing');
    const days = (new Date(res.data.trialEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(14.9);
    expect(days).toBeLessThanOrEqual(15);
    expect(res.data.usage.videosThisMonth).toEqual({ used: 0, limit: 20 });
    expect(res.data.usage.socialProfiles).toEqual({ used: 0, limit: 5 });
    expect(res.data.usage.credits).toEqual({ used: 0, total: 20, remaining: 20 });
    expect(res.data.usage.storage.limitBytes).toBe(PLANS.pro.storageBytes);
    expect(res.data.invoices).toEqual([]);
    expect(res.data.billingProvider).toBe('local');
  });

  test('changing the plan goes through the billing provider and records an invoice', async () => {
    const { client } = await signedInClient(app);
    const res = await client.trpc('mutation', 'billing.changePlan', { planId: 'enterprise', billingCycle: 'yearly' });
    expect(res.status).toBe(200);
    const sub = res.data.result.data;
    expect(sub.plan.id).toBe('enterprise');
    expect(sub.status).toBe('active');
    expect(sub.renewsAt).toBeString();
    expect(sub.invoices).toHaveLength(1);
    expect(sub.invoices[0]).toMatchObject({
      planId: 'enterprise',
      billingCycle: 'yearly',
      amount: periodAmountCents('enterprise', 'yearly') / 100,
      status: 'paid',
    });
    expect(sub.invoices[0].amount).toBe(159 * 12);
    expect(sub.usage.videosThisMonth.limit).toBeNull();
    const again = await client.get('/api/subscription');
    expect(again.data.plan.id).toBe('enterprise');
  });

  test('storage usage counts the workspace’s stored files', async () => {
    const { client, user } = await signedInClient(app);
    const { formWith, PNG_1x1 } = await import('../../test/fixtures');
    await client.post(`/api/users/${user.id}/avatar`, formWith('avatar', PNG_1x1, 'a.png', 'image/png'));
    expect((await client.get('/api/subscription')).data.usage.storage.usedBytes).toBe(PNG_1x1.length);
  });

  test('bad plan input is 400; anonymous is 401', async () => {
    const { client } = await signedInClient(app);
    const res = await client.post('/api/subscription', { planId: 'gold', billingCycle: 'monthly' });
    expect(res.status).toBe(400);
    expect(res.data.message).toBe('Unknown plan');
    expect((await new TestClient(app).get('/api/subscription')).status).toBe(401);
    const t = await client.trpc('mutation', 'billing.changePlan', { planId: 'pro', billingCycle: 'weekly' });
    expect(t.status).toBe(400);
    expect(t.data.error.message).toBe('Billing cycle must be monthly or yearly');
  });
});

describe('charges are idempotent, and only a session or a key with the billing scope spends (issue 25)', () => {
  const invoiceCount = async (userId: string) => (await deps.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, userId))).length;
  /** A client holding only an API key of the user, made with these scopes. */
  async function keyClient(client: TestClient, scopes?: string[]) {
    const made = await client.trpc('mutation', 'apiKeys.create', { name: 'billing bot', ...(scopes ? { scopes } : {}) });
    expect(made.status).toBe(200);
    const keyed = new TestClient(app);
    const auth = { authorization: `Bearer ${made.data.result.data.key}` };
    return { post: (p: string, b: unknown, h: Record<string, string> = {}) => keyed.post(p, b, { ...auth, ...h }) };
  }

  test('choosing the plan already running charges nothing: same plan twice, one invoice', async () => {
    const { client, user } = await signedInClient(app);
    const change = { planId: 'enterprise', billingCycle: 'yearly' };
    expect((await client.trpc('mutation', 'billing.changePlan', change)).status).toBe(200);
    const again = await client.trpc('mutation', 'billing.changePlan', change);
    expect(again.status).toBe(200);
    expect(again.data.result.data.invoices).toHaveLength(1);
    expect(await invoiceCount(user.id)).toBe(1);
    // Another cycle is a real change: charged.
    expect((await client.trpc('mutation', 'billing.changePlan', { planId: 'enterprise', billingCycle: 'monthly' })).data.result.data.invoices).toHaveLength(2);
  });

  test('5 concurrent purchases of a render tier: one invoice, the tier bought once', async () => {
    const { client, user } = await signedInClient(app);
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.trpc('mutation', 'billing.buyRenderTier', { tier: 'pro' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const rows = await deps.db.select().from(invoices).where(eq(invoices.userId, user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['plan', 'render-tier']);
    expect(rows.find((r) => r.kind === 'render-tier')!.idempotencyKey).toBe(`render-tier:pro:${new Date().toISOString().slice(0, 7)}`);
  });

  test('5 concurrent identical plan changes: one invoice', async () => {
    const { client, user } = await signedInClient(app);
    const answers = await Promise.all(Array.from({ length: 5 }, () => client.post('/api/subscription', { planId: 'basic', billingCycle: 'yearly' })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await invoiceCount(user.id)).toBe(1);
  });

  test('an API key without the billing scope may not spend (403, nothing charged); with it, 3 POST /api/subscription of one change make 1 invoice', async () => {
    const { client, user } = await signedInClient(app);
    const change = { planId: 'enterprise', billingCycle: 'yearly' };
    const plain = await keyClient(client);
    const refused = await plain.post('/api/subscription', change);
    expect(refused.status).toBe(403);
    expect(refused.data.message).toBe(
      'Spending needs a signed-in browser session, or an API key created with the billing scope (Settings → Advanced → API keys)',
    );
    expect(await invoiceCount(user.id)).toBe(0);
    const listed = (await client.trpc('query', 'apiKeys.list')).data.result.data as { scopes: string[] }[];
    expect(listed.map((k) => k.scopes)).toEqual([[]]);

    const billing = await keyClient(client, ['billing']);
    for (let i = 0; i < 3; i++) {
      const r = await billing.post('/api/subscription', change);
      expect(r.status).toBe(200);
      expect(r.data.plan.id).toBe('enterprise');
    }
    expect(await invoiceCount(user.id)).toBe(1);
    expect((await client.trpc('mutation', 'apiKeys.create', { name: 'x', scopes: ['admin'] })).status).toBe(400);
  });

  test('an Idempotency-Key header replays the purchase it named; reused for another purchase it is refused (400)', async () => {
    const { client, user } = await signedInClient(app);
    const key = { 'idempotency-key': `order-${user.id}` };
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' }, key)).status).toBe(200);
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' }, key)).status).toBe(200);
    // A retry after the plan moved on (another change since): the key still replays, no charge.
    expect((await client.post('/api/subscription', { planId: 'pro', billingCycle: 'monthly' })).status).toBe(200);
    const replay = await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' }, key);
    expect(replay.status).toBe(200);
    expect(replay.data.plan.id).toBe('pro');
    expect(await invoiceCount(user.id)).toBe(2);
    const reused = await client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' }, key);
    expect(reused.status).toBe(400);
    expect(reused.data.message).toBe('This Idempotency-Key was already used for a different purchase');
    expect((await client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' }, { 'idempotency-key': 'x'.repeat(201) })).status).toBe(
      400,
    );
    expect(await invoiceCount(user.id)).toBe(2);
  });
});

describe('a workspace with members', () => {
  const VISA = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' };
  const billingOf = () => ({ db: deps.db, hooks: deps.hooks, billing: deps.providers.billing });

  /** An owner on Pro (paid), and another user who is `role` in the owner's personal workspace. */
  async function ownerWith(role: 'member' | 'admin') {
    const owner = await signedInClient(app);
    const member = await signedInClient(app);
    await changePlan({ ...billingOf(), scope: personalScope(owner.user.id), input: { planId: 'pro', billingCycle: 'monthly' } });
    await deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role });
    const scope: Scope = { workspaceId: owner.user.id, userId: member.user.id, role };
    return { owner, member, scope };
  }

  test('a member reads the workspace’s plan (the owner’s) and usage, without the owner’s invoices or card', async () => {
    const { owner, member, scope } = await ownerWith('member');
    // The member's own subscription is a trial of Pro; in the owner's workspace the owner's plan applies.
    await deps.db.update(subscriptions).set({ planId: 'basic', status: 'active' }).where(eq(subscriptions.userId, member.user.id));
    await deps.db.insert(renderUsage).values({ videoId: `used-${newId()}`, workspaceId: owner.user.id, periodStart: startOfMonthUtc() });
    const seen = await getSubscription({ ...billingOf(), scope });
    expect(seen.plan.id).toBe('pro');
    expect(seen.plan.seats).toBe(10);
    expect(seen.usage.videosThisMonth).toEqual({ used: 1, limit: 20 });
    expect(seen.invoices).toEqual([]);
    expect(seen.paymentMethod).toBeNull();
    expect(await remainingCredits({ db: deps.db, scope })).toBe(19);
    // The owner sees the invoice; the member's personal workspace counts on its own.
    expect((await getSubscription({ ...billingOf(), scope: personalScope(owner.user.id) })).invoices).toHaveLength(1);
    const own = await getSubscription({ ...billingOf(), scope: personalScope(member.user.id) });
    expect(own.plan.id).toBe('basic');
    expect(own.usage.videosThisMonth).toEqual({ used: 0, limit: 5 });
  });

  test('billing actions are the owner’s: a member or an admin gets 403 and nothing changes', async () => {
    for (const role of ['member', 'admin'] as const) {
      const { owner, scope } = await ownerWith(role);
      const forbidden = { code: 'FORBIDDEN', message: 'Only the owner of this workspace can do this' };
      await expect(changePlan({ ...billingOf(), scope, input: { planId: 'enterprise', billingCycle: 'yearly' } })).rejects.toMatchObject(forbidden);
      await expect(buyRenderTier({ ...billingOf(), scope, tier: 'enterprise' })).rejects.toMatchObject(forbidden);
      await expect(setPaymentMethod({ ...billingOf(), scope, input: VISA })).rejects.toMatchObject(forbidden);
      const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.userId, owner.user.id));
      expect(sub).toMatchObject({ planId: 'pro', paidRenderTier: null, cardLast4: null });
      const seen = await getSubscription({ ...billingOf(), scope: personalScope(owner.user.id) });
      expect(seen.invoices).toHaveLength(1);
      // Choosing a tier the plan covers costs nothing: any member may (the wizard's Payment step).
      expect(await chooseRenderTier({ db: deps.db, scope, tier: 'pro' })).toMatchObject({ id: 'pro' });
    }
  });

  test('a team workspace runs on its owner’s plan and counts its own usage', async () => {
    const owner = await signedInClient(app);
    const team = newId();
    await deps.db.insert(workspaces).values({ id: team, name: 'Team', ownerId: owner.user.id });
    await deps.db.insert(workspaceMembers).values({ workspaceId: team, userId: owner.user.id, role: 'owner' });
    await deps.db.insert(renderUsage).values({ videoId: `personal-${newId()}`, workspaceId: owner.user.id, periodStart: startOfMonthUtc() });
    const scope: Scope = { workspaceId: team, userId: owner.user.id, role: 'owner' };
    const changed = await changePlan({ ...billingOf(), scope, input: { planId: 'basic', billingCycle: 'monthly' } });
    expect(changed.plan.id).toBe('basic');
    expect(changed.usage.videosThisMonth).toEqual({ used: 0, limit: 5 });
    // One subscription: the personal workspace is on the same plan, with its own count.
    const personal = await getSubscription({ ...billingOf(), scope: personalScope(owner.user.id) });
    expect(personal.plan.id).toBe('basic');
    expect(personal.usage.videosThisMonth).toEqual({ used: 1, limit: 5 });
  });
});

describe('api keys', () => {
  test('created once, stored hashed, usable as Bearer auth on /api/*, revocable', async () => {
    const { client, user } = await signedInClient(app);
    const created = (await client.trpc('mutation', 'apiKeys.create', { name: 'CI' })).data.result.data;
    expect(created.key).toStartWith('avs_');
    const list = (await client.trpc('query', 'apiKeys.list')).data.result.data;
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(created.key);
    const { shared } = await import('../../test/harness');
    const { apiKeys } = await import('../api-keys/tables');
    const { eq } = await import('drizzle-orm');
    const [row] = await (await shared()).deps.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(row.hash).not.toContain(created.key);
    expect(row.hash).toHaveLength(64);

    const bearer = new TestClient(app);
    const me = await bearer.get('/api/user', { authorization: `Bearer ${created.key}` });
    expect(me.status).toBe(200);
    expect(me.data.id).toBe(user.id);
    await client.trpc('mutation', 'apiKeys.revoke', { id: created.id });
    expect((await bearer.get('/api/user', { authorization: `Bearer ${created.key}` })).status).toBe(401);
  });

  test('another user cannot revoke my key (404)', async () => {
    const a = await signedInClient(app);
    const b = await signedInClient(app);
    const created = (await a.client.trpc('mutation', 'apiKeys.create', { name: 'x' })).data.result.data;
    const res = await b.client.trpc('mutation', 'apiKeys.revoke', { id: created.id });
    expect(res.status).toBe(404);
    expect((await a.client.trpc('query', 'apiKeys.list')).data.result.data).toHaveLength(1);
  });
});

describe('account', () => {
  test('change password needs the current one and ends the other sessions', async () => {
    const { client, user, password } = await signedInClient(app);
    const other = new TestClient(app);
    await other.post('/api/login', { username: user.username, password });
    const wrong = await client.trpc('mutation', 'users.changePassword', { currentPassword: 'nope-nope', newPassword: 'brand new pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.data.error.message).toBe('Current password is incorrect');
    const ok = await client.trpc('mutation', 'users.changePassword', { currentPassword: password, newPassword: 'brand new pass' });
    expect(ok.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(200);
    expect((await other.get('/api/user')).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password: 'brand new pass' })).status).toBe(200);
  });

  test('danger zone needs the typed confirmation; delete account really deletes', async () => {
    const { client, user, password } = await signedInClient(app);
    expect((await client.trpc('mutation', 'users.deleteAccount', { confirm: 'yes' })).status).toBe(400);
    await client.patch('/api/settings', { theme: 'dark' });
    const reset = await client.trpc('mutation', 'users.resetAccount', { confirm: 'RESET' });
    expect(reset.data.result.data.settings.theme).toBe('system');
    const del = await client.trpc('mutation', 'users.deleteAccount', { confirm: 'DELETE' });
    expect(del.status).toBe(200);
    expect((await client.get('/api/user')).status).toBe(401);
    expect((await new TestClient(app).post('/api/login', { username: user.username, password })).status).toBe(401);
  });

  test('tRPC protected procedures answer 401 anonymously', async () => {
    const res = await new TestClient(app).trpc('query', 'billing.subscription');
    expect(res.status).toBe(401);
  });
});
