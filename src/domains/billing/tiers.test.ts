import { beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../../media/ffmpeg';
import { entitlements, renderResolution, tierCovered, tierSelectable } from '../../shared/limits';
import { pollUntil, settled } from '../../test/wait';
import { signedInClient, type TestClient, testApp } from '../../test/harness';
import { videos } from '../videos/tables';
import { subscriptions } from './tables';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});

const result = (r: { data: any }) => r.data.result?.data;
const message = (r: { data: any }) => r.data.error?.message;

async function onPlan(planId: 'basic' | 'pro' | 'enterprise') {
  const s = await signedInClient(ctx.app);
  expect((await s.client.post('/api/subscription', { planId, billingCycle: 'monthly' })).status).toBe(200);
  return s;
}

async function renderResolutionOf(client: TestClient, userId: string) {
  const res = await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi.', captions: 'none' });
  expect(res.status).toBe(201);
  const [row] = await ctx.deps.db.select({ resolution: videos.resolution }).from(videos).where(eq(videos.id, res.data.videoId));
  expect(userId).toBeString();
  return row!.resolution;
}

/** Renders one sentence and measures the MP4 it stored. */
async function renderedSize(client: TestClient) {
  const started = await client.post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi.', captions: 'none' });
  expect(started.status).toBe(201);
  const st = await pollUntil(client, `/api/videos/${started.data.videoId}/status`, settled, 90_000);
  expect(st.data.status).toBe('completed');
  const file = await ctx.app.handle(new Request(`http://localhost${st.data.url}`));
  const path = join(await mkdtemp(join(tmpdir(), 'tier-size-')), 'v.mp4');
  await Bun.write(path, await file.arrayBuffer());
  const { video } = await probe(path);
  return `${video?.width}×${video?.height}`;
}

describe('a plan renders at the resolution it is sold with', () => {
  test('a Pro trial renders 1920×1080, measured from the file; a Basic plan stays 720p', async () => {
    const trial = await signedInClient(ctx.app);
    const sub = (await trial.client.get('/api/subscription')).data;
    expect(sub).toMatchObject({ status: 'trialing', plan: { id: 'pro' }, renderTier: { id: 'pro', resolution: '1080p' } });
    // The 1080p pack is the plan's resolution with more videos: bought, never "not included" at 720p.
    expect(sub.renderTiers.find((t: { id: string }) => t.id === 'pro')).toEqual({ id: 'pro', covered: false, selectable: true, includedInPlan: false });
    expect(sub.renderChoice).toBe('plan');
    expect(await renderedSize(trial.client)).toBe('1920×1080');

    const basic = await onPlan('basic');
    expect(await renderedSize(basic.client)).toBe('1280×720');
  }, 180_000);

  test('a lower resolution chosen on purpose is honoured: Pro and Enterprise render 720p when asked, and the plan’s own again when asked', async () => {
    const trial = await signedInClient(ctx.app);
    expect(result(await trial.client.trpc('mutation', 'billing.setRenderTier', { tier: 'basic' }))).toMatchObject({ resolution: '720p' });
    expect(await renderResolutionOf(trial.client, trial.user.id)).toBe('720p');
    const sub = (await trial.client.get('/api/subscription')).data;
    expect(sub).toMatchObject({ renderChoice: 'basic', renderTier: { id: 'basic', resolution: '720p' } });
    // 1080p is the plan's own again: chosen as 'plan', not bought.
    expect(sub.renderTiers.find((t: { id: string }) => t.id === 'pro')).toMatchObject({ selectable: true });
    expect(result(await trial.client.trpc('mutation', 'billing.setRenderTier', { tier: 'plan' }))).toMatchObject({ resolution: '1080p' });
    expect(await renderResolutionOf(trial.client, trial.user.id)).toBe('1080p');

    const ent = await onPlan('enterprise');
    expect(await renderResolutionOf(ent.client, ent.user.id)).toBe('2160p');
    expect(result(await ent.client.trpc('mutation', 'billing.setRenderTier', { tier: 'pro' }))).toMatchObject({ resolution: '1080p' });
    expect(await renderResolutionOf(ent.client, ent.user.id)).toBe('1080p');
    expect(result(await ent.client.trpc('mutation', 'billing.setRenderTier', { tier: 'basic' }))).toMatchObject({ resolution: '720p' });
    expect(await renderedSize(ent.client)).toBe('1280×720');
    // 'plan' is a choice, never a pack to buy.
    expect((await ent.client.trpc('mutation', 'billing.buyRenderTier', { tier: 'plan' })).status).toBe(400);
  }, 180_000);
});

describe('the stored choice (docs/decisions/222)', () => {
  test("'plan' follows the plan; a tier is honoured below it and capped at what is entitled", () => {
    const plan = (planId: 'basic' | 'pro' | 'enterprise') => entitlements({ planId, paidRenderTier: null, paidRenderTierUntil: null });
    expect(['basic', 'pro', 'enterprise'].map((p) => renderResolution(plan(p as never), 'plan'))).toEqual(['720p', '1080p', '2160p']);
    expect(renderResolution(plan('enterprise'), 'basic')).toBe('720p');
    expect(renderResolution(plan('pro'), 'basic')).toBe('720p');
    expect(renderResolution(plan('pro'), 'enterprise')).toBe('1080p');
    expect(renderResolution(plan('basic'), 'pro')).toBe('720p');
    expect(['basic', 'pro', 'enterprise'].map((t) => tierSelectable(plan('pro'), t as never))).toEqual([true, true, false]);
  });
});

describe('render tiers (the wizard’s Payment step)', () => {
  test('the rule: a plan covers the tiers whose resolution and monthly videos it already gives', () => {
    const basic = entitlements({ planId: 'basic', paidRenderTier: null, paidRenderTierUntil: null });
    const pro = entitlements({ planId: 'pro', paidRenderTier: null, paidRenderTierUntil: null });
    const ent = entitlements({ planId: 'enterprise', paidRenderTier: null, paidRenderTierUntil: null });
    expect(['basic', 'pro', 'enterprise'].map((t) => tierCovered(basic, t as never))).toEqual([false, false, false]);
    expect(['basic', 'pro', 'enterprise'].map((t) => tierCovered(pro, t as never))).toEqual([true, false, false]);
    expect(['basic', 'pro', 'enterprise'].map((t) => tierCovered(ent, t as never))).toEqual([true, true, true]);
    const now = new Date('2026-03-10T00:00:00Z');
    const bought = entitlements({ planId: 'basic', paidRenderTier: 'pro', paidRenderTierUntil: '2026-04-10T00:00:00Z' }, now);
    expect(bought).toMatchObject({ videosPerMonth: 50, renderTier: 'pro', paidRenderTier: 'pro' });
    expect(renderResolution(bought, 'enterprise')).toBe('1080p');
    const lapsed = entitlements({ planId: 'basic', paidRenderTier: 'pro', paidRenderTierUntil: '2026-03-01T00:00:00Z' }, now);
    expect(lapsed).toMatchObject({ videosPerMonth: 5, renderTier: 'basic', paidRenderTier: null });
    expect(renderResolution(lapsed, 'pro')).toBe('720p');
  });

  test('choosing a tier the plan does not cover is refused (402) and renders stay at the plan’s resolution', async () => {
    const { client, user } = await onPlan('basic');
    const chosen = await client.trpc('mutation', 'billing.setRenderTier', { tier: 'pro' });
    expect(chosen.status).toBe(402);
    expect(message(chosen)).toBe(
      'The Pro render tier (50 videos a month at 1080p) is not included in your Basic plan. Buy it for $59.99 a month on the Payment step or upgrade to Enterprise.',
    );
    // Even a tier written straight into the row never renders above what is paid for.
    await ctx.deps.db.update(subscriptions).set({ renderTier: 'enterprise' }).where(eq(subscriptions.userId, user.id));
    expect(await renderResolutionOf(client, user.id)).toBe('720p');
    const sub = (await client.get('/api/subscription')).data;
    expect(sub.renderTier).toMatchObject({ id: 'basic', resolution: '720p' });
    expect(sub.renderTiers).toEqual([
      { id: 'basic', covered: false, selectable: true, includedInPlan: false },
      { id: 'pro', covered: false, selectable: false, includedInPlan: false },
      { id: 'enterprise', covered: false, selectable: false, includedInPlan: false },
    ]);
  });

  test('buying a tier charges through the billing provider, leaves an invoice and renders at its resolution for a month', async () => {
    const { client, user } = await onPlan('basic');
    const bought = await client.trpc('mutation', 'billing.buyRenderTier', { tier: 'pro' });
    expect(bought.status).toBe(200);
    const sub = result(bought);
    expect(sub.paidRenderTier.id).toBe('pro');
    const days = (new Date(sub.paidRenderTier.until).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect(sub.renderTier).toMatchObject({ id: 'pro', resolution: '1080p' });
    expect(sub.usage.videosThisMonth.limit).toBe(50);
    expect(sub.invoices[0]).toMatchObject({ kind: 'render-tier', planId: 'pro', amount: 59.99, resolution: '1080p', status: 'paid' });
    expect(sub.invoices).toHaveLength(2);
    expect(await renderResolutionOf(client, user.id)).toBe('1080p');
    // 4K is still not covered; 720p is chosen for free.
    expect((await client.trpc('mutation', 'billing.setRenderTier', { tier: 'enterprise' })).status).toBe(402);
    expect(result(await client.trpc('mutation', 'billing.setRenderTier', { tier: 'basic' }))).toMatchObject({ resolution: '720p' });
    expect(await renderResolutionOf(client, user.id)).toBe('720p');
    // When the month is over, renders fall back to the plan's resolution.
    await ctx.deps.db
      .update(subscriptions)
      .set({ renderTier: 'pro', paidRenderTierUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, user.id));
    expect(await renderResolutionOf(client, user.id)).toBe('720p');
  });

  test('a covered tier is chosen without a charge: Enterprise renders 4K, no invoice added', async () => {
    const { client, user } = await onPlan('enterprise');
    const res = await client.trpc('mutation', 'billing.buyRenderTier', { tier: 'enterprise' });
    expect(res.status).toBe(200);
    expect(result(res).invoices).toHaveLength(1);
    expect(result(res).renderTier.resolution).toBe('2160p');
    expect(await renderResolutionOf(client, user.id)).toBe('2160p');
    expect((await client.trpc('mutation', 'billing.buyRenderTier', { tier: 'gold' })).status).toBe(400);
  });
});

describe('payment method', () => {
  test('the sandbox shows its test card until the user saves one', async () => {
    const { client } = await signedInClient(ctx.app);
    const sub = (await client.get('/api/subscription')).data;
    expect(sub.billingProvider).toBe('local');
    expect(sub.paymentMethod).toEqual({ brand: 'sandbox', last4: '4242', expMonth: null, expYear: null });
  });

  test('a new card is kept as brand, last four digits and expiry only', async () => {
    const { client, user } = await signedInClient(ctx.app);
    const year = new Date().getUTCFullYear() + 2;
    const res = await client.trpc('mutation', 'billing.setPaymentMethod', {
      number: '4111 1111 1111 1111',
      expMonth: 7,
      expYear: year,
      cvc: '123',
      name: 'Sam Doe',
    });
    expect(res.status).toBe(200);
    expect(result(res).paymentMethod).toEqual({ brand: 'visa', last4: '1111', expMonth: 7, expYear: year });
    expect(JSON.stringify(res.data)).not.toContain('4111111111111111');
    const [row] = await ctx.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('4111111111111111');
    expect(stored).not.toContain('411111');
    expect(stored).not.toContain('Sam Doe');
    expect((await client.get('/api/subscription')).data.paymentMethod).toEqual({ brand: 'visa', last4: '1111', expMonth: 7, expYear: year });
    const mc = await client.trpc('mutation', 'billing.setPaymentMethod', {
      number: '5555555555554444',
      expMonth: '12',
      expYear: String(year % 100),
      cvc: '4321',
    });
    expect(result(mc).paymentMethod).toEqual({ brand: 'mastercard', last4: '4444', expMonth: 12, expYear: year });
  });

  test('a bad card is 400 with a clear message and changes nothing', async () => {
    const { client } = await signedInClient(ctx.app);
    const year = new Date().getUTCFullYear() + 1;
    const cases: [Record<string, unknown>, string][] = [
      [{ number: '4111 1111 1111 1112', expMonth: 1, expYear: year, cvc: '123' }, 'Enter a valid card number'],
      [{ number: '4111', expMonth: 1, expYear: year, cvc: '123' }, 'Enter a valid card number'],
      [{ number: '4111111111111111', expMonth: 13, expYear: year, cvc: '123' }, 'Enter a valid expiry date'],
      [{ number: '4111111111111111', expMonth: 1, expYear: year - 3, cvc: '123' }, 'This card has expired'],
      [{ number: '4111111111111111', expMonth: 1, expYear: year, cvc: '12' }, 'Enter the 3 or 4 digit security code'],
    ];
    for (const [input, text] of cases) {
      const res = await client.trpc('mutation', 'billing.setPaymentMethod', input);
      expect(res.status).toBe(400);
      expect(message(res)).toBe(text);
    }
    expect((await client.get('/api/subscription')).data.paymentMethod.brand).toBe('sandbox');
  });
});
