// The one plan catalogue and entitlement table (PRODUCT.md §4, docs/decisions/222). The landing page,
// /pricing, Subscription, the wizard's Payment step and the renderer read from here (through
// `entitlements` in limits.ts for a subscription); nothing else holds a price, a limit or a resolution.

export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export type Plan = {
  id: PlanId;
  /** The plan's one name, on every screen. */
  name: string;
  /** Price per month, in whole currency units, for each billing cycle. */
  monthlyPrice: { monthly: number; yearly: number };
  /** null = unlimited. */
  videosPerMonth: number | null;
  socialProfiles: number | null;
  storageBytes: number;
  maxVideoMinutes: number;
  /** The render tier the plan includes: renders use its resolution unless a lower one (or a bought one) is chosen (see `effectiveTier`). */
  renderTier: RenderTierId;
  /** Signed events to the account's own endpoints (spec part 1 §6: Pro and Enterprise). */
  webhooks: boolean;
  /** People in a workspace on this plan, its owner included (spec: team members up to 10). */
  seats: number;
  popular?: boolean;
};

const GB = 1024 ** 3;

export const PLANS: Record<PlanId, Plan> = {
  basic: {
    id: 'basic',
    name: 'Basic',
    monthlyPrice: { monthly: 49, yearly: 39 },
    videosPerMonth: 5,
    socialProfiles: 2,
    storageBytes: 5 * GB,
    maxVideoMinutes: 2,
    renderTier: 'basic',
    webhooks: false,
    seats: 1,
  },
  pro: {
    id: 'pro',
    name: 'Pro',
    monthlyPrice: { monthly: 99, yearly: 79 },
    videosPerMonth: 20,
    socialProfiles: 5,
    storageBytes: 50 * GB,
    maxVideoMinutes: 5,
    renderTier: 'pro',
    webhooks: true,
    seats: 10,
    popular: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    monthlyPrice: { monthly: 199, yearly: 159 },
    videosPerMonth: null,
    socialProfiles: null,
    storageBytes: 500 * GB,
    maxVideoMinutes: 10,
    renderTier: 'enterprise',
    webhooks: true,
    seats: 10,
  },
};

export const TRIAL_DAYS = 15;
export const TRIAL_PLAN: PlanId = 'pro';
/** Remaining credits shown when the plan is unknown (spec part 1 §3). */
export const DEFAULT_REMAINING_CREDITS = 10;

/** Amount charged for one billing period, in cents. */
export function periodAmountCents(plan: PlanId, cycle: BillingCycle): number {
  const perMonth = PLANS[plan].monthlyPrice[cycle];
  return Math.round(perMonth * (cycle === 'yearly' ? 12 : 1) * 100);
}

/** What yearly billing saves on a plan, against twelve monthly payments: the amount, and the whole percent it is at least. */
export function yearlySaving(plan: PlanId): { amount: number; percent: number } {
  const { monthly, yearly } = PLANS[plan].monthlyPrice;
  const amount = (monthly - yearly) * 12;
  return { amount, percent: Math.floor((amount / (monthly * 12)) * 100) };
}
/** "Save N %" on yearly billing: true of every plan (the smallest whole percent any plan saves). */
export const YEARLY_SAVING_PERCENT = Math.min(...PLAN_IDS.map((id) => yearlySaving(id).percent));

// Render tiers of the wizard's Payment step: the chosen tier sets the output resolution. A tier the
// plan does not cover is bought for one month through the billing provider (docs/decisions/120).
export const RENDER_TIER_IDS = ['basic', 'pro', 'enterprise'] as const;
export type RenderTierId = (typeof RENDER_TIER_IDS)[number];
/**
 * The tier renders use, as the workspace chose it: 'plan' (the default) is the plan's own resolution
 * whatever the plan is now; a tier is an explicit choice, honoured within what is entitled, lower
 * than the plan's included (a small photo, a faster render).
 */
export const RENDER_CHOICES = ['plan', ...RENDER_TIER_IDS] as const;
export type RenderChoice = (typeof RENDER_CHOICES)[number];
export type Resolution = '720p' | '1080p' | '2160p';
export const RENDER_TIERS: Record<RenderTierId, { id: RenderTierId; price: number; videosPerMonth: number | null; resolution: Resolution }> = {
  basic: { id: 'basic', price: 29.99, videosPerMonth: 10, resolution: '720p' },
  pro: { id: 'pro', price: 59.99, videosPerMonth: 50, resolution: '1080p' },
  enterprise: { id: 'enterprise', price: 99.99, videosPerMonth: null, resolution: '2160p' },
};
/** The resolution a plan renders at (without a tier bought for the month). */
export const planResolution = (plan: PlanId): Resolution => RENDER_TIERS[PLANS[plan].renderTier].resolution;
/** How a resolution is written to people. */
export const resolutionLabel = (r: Resolution) => (r === '2160p' ? '4K' : r);
/** Tiers and plans in ascending order: a higher rank renders at a higher resolution. */
export const TIER_RANK: Record<RenderTierId, number> = { basic: 0, pro: 1, enterprise: 2 };
/** How long a bought render tier lasts. */
export const RENDER_TIER_MONTHS = 1;
