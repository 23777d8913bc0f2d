// What a subscription allows right now (docs/decisions/120): the plan's limits, raised by a
// render tier bought for the month. Isomorphic: the services enforce it, the screens explain it.
import { PLAN_IDS, PLANS, RENDER_TIERS, TIER_RANK, TRIAL_DAYS, type Plan, type PlanId, type RenderChoice, type RenderTierId, type Resolution } from './plans';

export type Entitlements = {
  plan: Plan;
  /** null = unlimited. */
  videosPerMonth: number | null;
  /** The highest render tier the user may render at. */
  renderTier: RenderTierId;
  storageBytes: number;
  socialProfiles: number | null;
  maxVideoMinutes: number;
  /** A render tier bought for this month, while it lasts. */
  paidRenderTier: RenderTierId | null;
};

export type SubscriptionLimitsInput = { planId: PlanId; paidRenderTier: RenderTierId | null; paidRenderTierUntil: Date | string | null };

const moreOf = (a: number | null, b: number | null) => (a === null || b === null ? null : Math.max(a, b));
const higherTier = (a: RenderTierId, b: RenderTierId) => (TIER_RANK[a] >= TIER_RANK[b] ? a : b);

export function activePaidTier(sub: SubscriptionLimitsInput, now = new Date()): RenderTierId | null {
  if (!sub.paidRenderTier || !sub.paidRenderTierUntil) return null;
  return new Date(sub.paidRenderTierUntil).getTime() > now.getTime() ? sub.paidRenderTier : null;
}

export function entitlements(sub: SubscriptionLimitsInput, now = new Date()): Entitlements {
  const plan = PLANS[sub.planId];
  const paid = activePaidTier(sub, now);
  return {
    plan,
    videosPerMonth: paid ? moreOf(plan.videosPerMonth, RENDER_TIERS[paid].videosPerMonth) : plan.videosPerMonth,
    renderTier: paid ? higherTier(plan.renderTier, paid) : plan.renderTier,
    storageBytes: plan.storageBytes,
    socialProfiles: plan.socialProfiles,
    maxVideoMinutes: plan.maxVideoMinutes,
    paidRenderTier: paid,
  };
}

/** A tier is covered when the user may already render at its resolution and as many videos a month. */
export function tierCovered(e: Pick<Entitlements, 'videosPerMonth' | 'renderTier'>, tier: RenderTierId): boolean {
  const t = RENDER_TIERS[tier];
  const enoughVideos = e.videosPerMonth === null || (t.videosPerMonth !== null && t.videosPerMonth <= e.videosPerMonth);
  return TIER_RANK[e.renderTier] >= TIER_RANK[tier] && enoughVideos;
}

/**
 * The tier a render uses: the chosen one ('plan': the plan's own, so a Pro plan renders 1080p by
 * default), never above the entitled one (a bought tier that lapsed falls back at once). A lower
 * tier chosen on purpose is honoured (docs/decisions/222).
 */
export function effectiveTier(e: Pick<Entitlements, 'renderTier' | 'plan'>, chosen: RenderChoice): RenderTierId {
  const wanted = chosen === 'plan' ? e.plan.renderTier : chosen;
  return TIER_RANK[wanted] <= TIER_RANK[e.renderTier] ? wanted : e.renderTier;
}
/** A tier renders may be switched to for free: any resolution up to the entitled one. */
export const tierSelectable = (e: Pick<Entitlements, 'renderTier'>, tier: RenderTierId) => TIER_RANK[tier] <= TIER_RANK[e.renderTier];
export const renderResolution = (e: Pick<Entitlements, 'renderTier' | 'plan'>, chosen: RenderChoice): Resolution =>
  RENDER_TIERS[effectiveTier(e, chosen)].resolution;

/** The first plan above `current` that satisfies `better` (the plan that lifts a limit), or null. */
export function upgradeFor(current: PlanId, better: (p: Plan) => boolean): Plan | null {
  const from = PLAN_IDS.indexOf(current);
  for (const id of PLAN_IDS.slice(from + 1)) if (better(PLANS[id])) return PLANS[id];
  return null;
}

/** The local voices speak at 165 words a minute; a plan's length limit is checked on this estimate. */
export const WORDS_PER_MINUTE = 165;
export function speechSeconds(script: string): number {
  const words = script.trim().split(/\s+/).filter(Boolean).length;
  return Math.ceil((words / WORDS_PER_MINUTE) * 60);
}

/**
 * Bytes a second held per resolution: a cloud provider's usual H.264 bitrates (1, 2, 8 Mbit/s). The
 * local engine's still-image renders are smaller (27, 30, 42 KB/s measured for a 9 s script).
 */
const BYTES_PER_SECOND: Record<Resolution, number> = { '720p': 125_000, '1080p': 250_000, '2160p': 1_000_000 };
/** Storage held for a render until its files exist: its estimated length (5 s at least) at its resolution. */
export function estimateRenderBytes(script: string, resolution: Resolution): number {
  return Math.max(5, speechSeconds(script)) * BYTES_PER_SECOND[resolution];
}

/** What says whether a subscription still runs: its status, and when a trial ends. */
export type SubscriptionState = { planId: PlanId; status: 'trialing' | 'active' | 'canceled'; trialEndsAt: Date | null };

/** The trial is over (or the subscription ended): nothing new starts until a plan is chosen. */
export function subscriptionEnded(sub: SubscriptionState, now: Date) {
  if (sub.status === 'canceled') return true;
  return sub.status === 'trialing' && sub.trialEndsAt !== null && sub.trialEndsAt.getTime() < now.getTime();
}

/** Why nothing new starts, for API clients; `toDo` ends it ("… Choose a plan on the Subscription page to <toDo>."). */
export function endedMessage(sub: SubscriptionState, toDo = 'keep creating videos') {
  const why =
    sub.status === 'canceled'
      ? 'Your subscription has ended'
      : `Your ${TRIAL_DAYS}-day ${PLANS[sub.planId].name} trial ended on ${sub.trialEndsAt!.toISOString().slice(0, 10)}`;
  return `${why}. Choose a plan on the Subscription page to ${toDo}.`;
}
