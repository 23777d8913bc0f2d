// What every screen says about a plan (the landing page, /pricing, Subscription and the wizard's Payment
// step): names, prices, videos a month, resolution and the yearly saving, all computed from the one
// catalogue (plans.ts). The screens word these facts in the user's language; they hold no number of their own.
import { PLANS, periodAmountCents, planResolution, resolutionLabel, yearlySaving, type BillingCycle, type PlanId } from './plans';

export type PlanStory = {
  id: PlanId;
  name: string;
  /** Price per month on this billing cycle. */
  perMonth: number;
  /** What one billing period costs: a month, or the year paid at once. */
  perPeriod: number;
  /** What yearly billing saves against twelve monthly payments (the same figures whatever cycle is shown). */
  yearlySaving: { amount: number; percent: number };
  /** null: unlimited. A personalised video counts once, however many recipients it reaches. */
  videosPerMonth: number | null;
  /** As people read it: 720p, 1080p, 4K. */
  resolution: string;
  socialProfiles: number | null;
  maxVideoMinutes: number;
  storageBytes: number;
  seats: number;
  popular: boolean;
};

export function planStory(id: PlanId, cycle: BillingCycle): PlanStory {
  const plan = PLANS[id];
  return {
    id,
    name: plan.name,
    perMonth: plan.monthlyPrice[cycle],
    perPeriod: periodAmountCents(id, cycle) / 100,
    yearlySaving: yearlySaving(id),
    videosPerMonth: plan.videosPerMonth,
    resolution: resolutionLabel(planResolution(id)),
    socialProfiles: plan.socialProfiles,
    maxVideoMinutes: plan.maxVideoMinutes,
    storageBytes: plan.storageBytes,
    seats: plan.seats,
    popular: plan.popular ?? false,
  };
}
