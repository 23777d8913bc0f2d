import { z } from 'zod';
import { BILLING_CYCLES, PLAN_IDS, RENDER_TIER_IDS } from '../../shared/plans';

export const ZChangePlan = z
  .object({
    planId: z.enum(PLAN_IDS, { message: 'Unknown plan' }),
    billingCycle: z.enum(BILLING_CYCLES, { message: 'Billing cycle must be monthly or yearly' }),
  })
  .strict();
export type TChangePlan = z.infer<typeof ZChangePlan>;

export const ZChooseRenderTier = z.object({ tier: z.enum(RENDER_TIER_IDS, { message: 'Unknown plan' }) }).strict();
