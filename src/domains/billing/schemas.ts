import { z } from 'zod';
import { ZTimestamp } from '../../shared/reply-schemas';
import { BILLING_CYCLES, PLAN_IDS, RENDER_TIER_IDS } from '../../shared/plans';

export const ZChangePlan = z
  .object({
    planId: z.enum(PLAN_IDS, { message: 'Unknown plan' }),
    billingCycle: z.enum(BILLING_CYCLES, { message: 'Billing cycle must be monthly or yearly' }),
  })
  .strict();
export type TChangePlan = z.infer<typeof ZChangePlan>;

export const ZChooseRenderTier = z.object({ tier: z.enum(RENDER_TIER_IDS, { message: 'Unknown plan' }) }).strict();

// Answers.
const limit = z.number().int().nullable().describe('null: unlimited');
export const ZPlan = z.object({
  id: z.enum(PLAN_IDS),
  landingName: z.string(),
  name: z.string(),
  monthlyPrice: z.object({ monthly: z.number(), yearly: z.number() }),
  videosPerMonth: limit,
  socialProfiles: limit,
  storageBytes: z.number().int(),
  maxVideoMinutes: z.number(),
  popular: z.boolean().optional(),
});
export const ZRenderTier = z.object({ id: z.enum(RENDER_TIER_IDS), price: z.number(), videosPerMonth: limit, resolution: z.enum(['720p', '1080p', '2160p']) });
export const ZInvoice = z.object({
  id: z.string(),
  number: z.string(),
  planId: z.string(),
  planName: z.string(),
  billingCycle: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  periodStart: ZTimestamp,
  periodEnd: ZTimestamp,
  createdAt: ZTimestamp,
});
export const ZSubscription = z.object({
  plan: ZPlan,
  status: z.enum(['trialing', 'active', 'canceled', 'expired']),
  billingCycle: z.enum(BILLING_CYCLES),
  renderTier: ZRenderTier,
  trialEndsAt: ZTimestamp.nullable(),
  renewsAt: ZTimestamp.nullable(),
  currentPeriodEnd: ZTimestamp,
  billingProvider: z.string(),
  usage: z.object({
    videosThisMonth: z.object({ used: z.number().int(), limit }),
    socialProfiles: z.object({ used: z.number().int(), limit }),
    credits: z.object({ used: z.number().int(), total: limit, remaining: limit }),
    storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
  }),
  invoices: z.array(ZInvoice),
});
