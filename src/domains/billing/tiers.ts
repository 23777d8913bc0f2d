import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { limitExceeded } from '../../server/http/app-error';
import type { BillingProvider } from '../../server/providers/billing/types';
import { effectiveTier, entitlements, tierCovered, tierSelectable, upgradeFor } from '../../shared/limits';
import { RENDER_TIER_MONTHS, RENDER_TIERS, type RenderChoice, type RenderTierId } from '../../shared/plans';
import { requireRole, type Scope } from '../../server/scope';
import { loadWorkspaceSubscription } from './limits';
import type { TPaymentMethod } from './schemas';
import { chargeAndRecord, getSubscription, type BillingHooks } from './service';
import { subscriptions } from './tables';

// The wizard's Payment step (docs/decisions/120): a render tier the plan (or a tier bought this
// month) covers is chosen for free; any other is bought for a month through the billing provider.

const resolutionName = (tier: RenderTierId) => (RENDER_TIERS[tier].resolution === '2160p' ? '4K' : RENDER_TIERS[tier].resolution);
const tierName = (tier: RenderTierId) => `${tier[0]!.toUpperCase()}${tier.slice(1)}`;

/**
 * Sets the tier the workspace's later renders use; a tier that is not covered must be bought (402).
 * Choosing 'plan' (the plan's own resolution, the default), a covered tier or any lower resolution
 * costs nothing: any member may, from the wizard's Payment step. A lower tier than the plan's is
 * honoured (a photo too small for 1080p renders at 720p). Answers the tier renders now use (`effectiveTier`).
 */
export async function chooseRenderTier(opts: { db: Db; scope: Scope; tier: RenderChoice; now?: Date }) {
  const { db, scope, tier, now = new Date() } = opts;
  const sub = await loadWorkspaceSubscription({ db, scope });
  const e = entitlements(sub, now);
  if (tier !== 'plan' && !tierSelectable(e, tier)) {
    const plan = upgradeFor(sub.planId, (p) => tierCovered(entitlements({ planId: p.id, paidRenderTier: null, paidRenderTierUntil: null }), tier));
    const lift = plan ? ` or upgrade to ${plan.name}` : '';
    const t = RENDER_TIERS[tier];
    const what = `${t.videosPerMonth === null ? 'unlimited videos' : `${t.videosPerMonth} videos a month`} at ${resolutionName(tier)}`;
    throw limitExceeded(
      `The ${tierName(tier)} render tier (${what}) is not included in your ${e.plan.name} plan. Buy it for $${t.price} a month on the Payment step${lift}.`,
      { limit: 'renderTier' },
    );
  }
  await db.update(subscriptions).set({ renderTier: tier, updatedAt: now }).where(eq(subscriptions.userId, sub.userId));
  return RENDER_TIERS[effectiveTier(e, tier)];
}

/**
 * Buys a render tier for one month: charged through the billing provider, with an invoice; the
 * tier's resolution and monthly videos apply until the month ends. A covered tier is not charged
 * (any member chooses it); buying one is the workspace owner's (403 otherwise): they pay.
 */
export async function buyRenderTier(opts: { db: Db; hooks: BillingHooks; billing: BillingProvider; scope: Scope; tier: RenderTierId; now?: Date }) {
  const { db, billing, scope, tier, now = new Date() } = opts;
  const sub = await loadWorkspaceSubscription({ db, scope });
  if (tierCovered(entitlements(sub, now), tier)) {
    await chooseRenderTier({ db, scope, tier, now });
    return getSubscription({ db, scope, hooks: opts.hooks, billing, now });
  }
  requireRole(scope, 'owner');
  const { userId } = sub;
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + RENDER_TIER_MONTHS);
  await chargeAndRecord({
    db,
    billing,
    userId,
    kind: 'render-tier',
    item: {
      planId: tier,
      billingCycle: 'monthly',
      amountCents: Math.round(RENDER_TIERS[tier].price * 100),
      description: `${tierName(tier)} render tier (${resolutionName(tier)}), one month`,
    },
    periodStart: now,
    periodEnd: until,
    // One purchase of a tier per calendar month: it lasts a month, so it cannot lapse and be bought again within one.
    idempotencyKey: () => `render-tier:${tier}:${now.toISOString().slice(0, 7)}`,
    // A purchase made meanwhile (another request, another process) covers it now: not charged again.
    needed: (locked) => !tierCovered(entitlements(locked, now), tier),
    apply: (tx) =>
      tx
        .update(subscriptions)
        .set({ paidRenderTier: tier, paidRenderTierUntil: until, renderTier: tier, updatedAt: now })
        .where(eq(subscriptions.userId, userId)),
  });
  return getSubscription({ db, scope, hooks: opts.hooks, billing, now });
}

/** Records the provider's description of the owner's new card (brand, last four digits, expiry): nothing else. Owner only. */
export async function setPaymentMethod(opts: { db: Db; hooks: BillingHooks; billing: BillingProvider; scope: Scope; input: TPaymentMethod; now?: Date }) {
  const { db, billing, scope, input } = opts;
  requireRole(scope, 'owner');
  const { userId } = await loadWorkspaceSubscription({ db, scope });
  const method = await billing.savePaymentMethod({
    userId,
    card: { number: input.number, expMonth: input.expMonth, expYear: input.expYear, cvc: input.cvc, name: input.name },
  });
  await db
    .update(subscriptions)
    .set({ cardBrand: method.brand, cardLast4: method.last4, cardExpMonth: method.expMonth, cardExpYear: method.expYear, updatedAt: opts.now ?? new Date() })
    .where(eq(subscriptions.userId, userId));
  return getSubscription({ db, scope, hooks: opts.hooks, billing, now: opts.now });
}
