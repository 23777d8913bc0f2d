import { beforeAll, describe, expect, test } from 'bun:test';
import { PLANS, periodAmountCents } from '../../shared/plans';
import { signedInClient, TestClient, testApp } from '../../test/harness';

let app: Awaited<ReturnType<typeof testApp>>['app'];
beforeAll(async () => {
  ({ app } = await testApp());
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

  test('storage usage counts the user’s stored files', async () => {
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
