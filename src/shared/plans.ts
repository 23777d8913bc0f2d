// The one plan catalogue (PRODUCT.md §4). Landing, pricing, subscription and the
// wizard's payment step read from here; nothing else holds a price.

export const PLAN_IDS = ['basic', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export type Plan = {
  id: PlanId;
  /** Name on the landing and pricing pages. */
  landingName: string;
  /** Name on the subscription page. */
  name: string;
  /** Price per month, in whole currency units, for each billing cycle. */
  monthlyPrice: { monthly: number; yearly: number };
  /** null = unlimited. */
  videosPerMonth: number | null;
  socialProfiles: number | null;
  storageBytes: number;
  maxVideoMinutes: number;
  /** The render tier the plan includes (its resolution; see `tierCovered` for what else a tier needs). */
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
    landingName: 'Starter',
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
    landingName: 'Pro',
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
    landingName: 'Enterprise',
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
export const YEARLY_FREE_MONTHS = 3;
export const YEARLY_SAVING_PERCENT = 20;
/** Remaining credits shown when the plan is unknown (spec part 1 §3). */
export const DEFAULT_REMAINING_CREDITS = 10;

/** Amount charged for one billing period, in cents. */
export function periodAmountCents(plan: PlanId, cycle: BillingCycle): number {
  const perMonth = PLANS[plan].monthlyPrice[cycle];
  return Math.round(perMonth * (cycle === 'yearly' ? 12 : 1) * 100);
}

// Render tiers of the wizard's Payment step: the chosen tier sets the output resolution. A tier the
// plan does not cover is bought for one month through the billing provider (docs/decisions/120).
export const RENDER_TIER_IDS = ['basic', 'pro', 'enterprise'] as const;
export type RenderTierId = (typeof RENDER_TIER_IDS)[number];
export type Resolution = '720p' | '1080p' | '2160p';
export const RENDER_TIERS: Record<RenderTierId, { id: RenderTierId; price: number; videosPerMonth: number | null; resolution: Resolution }> = {
  basic: { id: 'basic', price: 29.99, videosPerMonth: 10, resolution: '720p' },
  pro: { id: 'pro', price: 59.99, videosPerMonth: 50, resolution: '1080p' },
  enterprise: { id: 'enterprise', price: 99.99, videosPerMonth: null, resolution: '2160p' },
};
/** Tiers and plans in ascending order: a higher rank renders at a higher resolution. */
export const TIER_RANK: Record<RenderTierId, number> = { basic: 0, pro: 1, enterprise: 2 };
/** How long a bought render tier lasts. */
export const RENDER_TIER_MONTHS = 1;
