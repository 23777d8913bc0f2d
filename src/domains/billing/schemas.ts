import { z } from 'zod';
import { ZTimestamp } from '../../shared/reply-schemas';
import { BILLING_CYCLES, PLAN_IDS, RENDER_CHOICES, RENDER_TIER_IDS } from '../../shared/plans';
import { singleLine } from '../../shared/zod-text';

export const ZChangePlan = z
  .object({
    planId: z.enum(PLAN_IDS, { message: 'Unknown plan' }),
    billingCycle: z.enum(BILLING_CYCLES, { message: 'Billing cycle must be monthly or yearly' }),
  })
  .strict();
export type TChangePlan = z.infer<typeof ZChangePlan>;

/** The tier later renders use: 'plan' (the plan's own resolution) or a tier, a lower one included. */
export const ZChooseRenderTier = z.object({ tier: z.enum(RENDER_CHOICES, { message: 'Unknown render tier' }) }).strict();
/** A tier bought for a month (or chosen for free when covered). */
export const ZBuyRenderTier = z.object({ tier: z.enum(RENDER_TIER_IDS, { message: 'Unknown render tier' }) }).strict();

// Answers.
const limit = z.number().int().nullable().describe('null: unlimited');
export const ZPlan = z.object({
  id: z.enum(PLAN_IDS),
  name: z.string(),
  monthlyPrice: z.object({ monthly: z.number(), yearly: z.number() }),
  videosPerMonth: limit,
  socialProfiles: limit,
  storageBytes: z.number().int(),
  maxVideoMinutes: z.number(),
  renderTier: z.enum(RENDER_TIER_IDS).describe('the render tier the plan includes: its renders use its resolution unless another is chosen'),
  webhooks: z.boolean().describe("signed events to the account's own endpoints"),
  seats: z.number().int().describe('people in a workspace on this plan, its owner included'),
  popular: z.boolean().optional(),
});
const ZResolution = z.enum(['720p', '1080p', '2160p']);
export const ZRenderTier = z.object({ id: z.enum(RENDER_TIER_IDS), price: z.number(), videosPerMonth: limit, resolution: ZResolution });
/** The plans and the render tiers on offer (tRPC `billing.plans`). */
export const ZPlans = z.object({ plans: z.array(ZPlan), renderTiers: z.array(ZRenderTier) });
export const ZInvoice = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['plan', 'render-tier']).describe('plan, or render-tier for a month of a render tier'),
  planId: z.enum(PLAN_IDS),
  planName: z.string(),
  resolution: ZResolution.nullable().describe('for a render tier: its resolution'),
  billingCycle: z.enum(BILLING_CYCLES),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  periodStart: ZTimestamp,
  periodEnd: ZTimestamp,
  createdAt: ZTimestamp,
});
const ZBlock = z
  .object({
    reason: z.enum(['trial', 'videos', 'storage', 'length', 'socialProfiles']),
    planId: z.enum(PLAN_IDS),
    limit: limit,
    upgradeTo: z.enum(PLAN_IDS).nullable(),
  })
  .nullable();
export const ZSubscription = z.object({
  plan: ZPlan,
  status: z.enum(['trialing', 'active', 'canceled', 'expired']),
  billingCycle: z.enum(BILLING_CYCLES),
  renderTier: ZRenderTier.describe('the tier renders use now, never above what is entitled'),
  renderChoice: z.enum(RENDER_CHOICES).describe("what was chosen: 'plan' (the plan's own resolution, the default) or a tier"),
  renderTiers: z.array(
    z.object({
      id: z.enum(RENDER_TIER_IDS),
      covered: z.boolean().describe('its resolution and monthly videos are already had'),
      selectable: z.boolean().describe('renders may switch to it for free: any resolution up to what is had'),
      includedInPlan: z.boolean(),
    }),
  ),
  paidRenderTier: z.object({ id: z.enum(RENDER_TIER_IDS), until: ZTimestamp }).nullable(),
  trialEndsAt: ZTimestamp.nullable(),
  renewsAt: ZTimestamp.nullable(),
  currentPeriodEnd: ZTimestamp,
  billingProvider: z.enum(['local', 'stripe']),
  paymentMethod: z.object({ brand: z.string(), last4: z.string(), expMonth: z.number().int().nullable(), expYear: z.number().int().nullable() }).nullable(),
  limits: z.object({ videosPerMonth: limit, storageBytes: z.number(), maxVideoMinutes: z.number(), socialProfiles: limit }),
  renderBlock: ZBlock.describe('what stops a new render now, or null'),
  storageBlock: ZBlock.describe('storage is full: uploads are refused, or null'),
  usage: z.object({
    videosThisMonth: z.object({ used: z.number().int(), limit }),
    socialProfiles: z.object({ used: z.number().int(), limit }),
    credits: z.object({ used: z.number().int(), total: limit, remaining: limit }),
    storage: z.object({ usedBytes: z.number(), limitBytes: z.number() }),
  }),
  invoices: z.array(ZInvoice),
});

export const PAYMENT_MESSAGES = {
  number: 'Enter a valid card number',
  expiry: 'Enter a valid expiry date',
  expired: 'This card has expired',
  cvc: 'Enter the 3 or 4 digit security code',
  name: 'Name on card must be at most 100 characters',
} as const;

/** Luhn checksum: catches a mistyped digit before the provider is asked. */
export function luhnValid(digits: string): boolean {
  let total = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    total += d;
  }
  return total % 10 === 0;
}

const digitsOnly = (v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : v);

/**
 * A card typed into the subscription screen. Only the sandbox provider receives it (a live
 * provider takes its own token from the browser); nothing but brand, last four digits and expiry
 * is ever stored, and the number and the security code are never logged.
 */
export const ZPaymentMethod = z
  .object({
    number: z.preprocess(
      digitsOnly,
      z
        .string({ error: PAYMENT_MESSAGES.number })
        .regex(/^\d{12,19}$/, PAYMENT_MESSAGES.number)
        .refine(luhnValid, PAYMENT_MESSAGES.number),
    ),
    expMonth: z.coerce.number({ error: PAYMENT_MESSAGES.expiry }).int(PAYMENT_MESSAGES.expiry).min(1, PAYMENT_MESSAGES.expiry).max(12, PAYMENT_MESSAGES.expiry),
    expYear: z.coerce
      .number({ error: PAYMENT_MESSAGES.expiry })
      .int(PAYMENT_MESSAGES.expiry)
      .transform((y) => (y < 100 ? 2000 + y : y))
      .pipe(z.number().min(2000, PAYMENT_MESSAGES.expiry).max(2100, PAYMENT_MESSAGES.expiry)),
    cvc: z.preprocess(digitsOnly, z.string({ error: PAYMENT_MESSAGES.cvc }).regex(/^\d{3,4}$/, PAYMENT_MESSAGES.cvc)),
    name: singleLine('Name on card').trim().max(100, PAYMENT_MESSAGES.name).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    const now = new Date();
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (v.expYear * 12 + (v.expMonth - 1) < thisMonth) ctx.addIssue({ code: 'custom', path: ['expMonth'], message: PAYMENT_MESSAGES.expired });
  });
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;
export type TPaymentMethodInput = z.input<typeof ZPaymentMethod>;
