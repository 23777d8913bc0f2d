import { bigint, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { BillingCycle, PlanId, RenderChoice, RenderTierId } from '../../shared/plans';
import { ownerId, users } from '../users/tables';
import { workspaceId } from '../workspaces/tables';
import { createdAtColumn } from '../../server/db/columns';

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled';
export type InvoiceKind = 'plan' | 'render-tier';

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').$type<PlanId>().notNull(),
  billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  /**
   * The render tier chosen on the wizard's Payment step: 'plan' (the default) is the plan's own
   * resolution, a tier an explicit choice (renders never go above what is entitled; docs/decisions/222).
   */
  renderTier: text('render_tier').$type<RenderChoice>().notNull().default('plan'),
  /** A render tier bought through the billing provider, and until when it lasts (docs/decisions/120). */
  paidRenderTier: text('paid_render_tier').$type<RenderTierId>(),
  paidRenderTierUntil: timestamp('paid_render_tier_until', { withTimezone: true }),
  /** The payment method as the provider describes it: never a full card number or a CVC. */
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: smallint('card_exp_month'),
  cardExpYear: smallint('card_exp_year'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    /** Invoices are the paying user's (a workspace's plan is its owner's subscription). */
    userId: ownerId(),
    number: text('number').notNull(),
    /** A plan period, or a render tier bought for a month (planId then names the tier). */
    kind: text('kind').$type<InvoiceKind>().notNull().default('plan'),
    planId: text('plan_id').$type<PlanId>().notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('paid'),
    provider: text('provider').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /**
     * What was bought, once: the item and the period it pays for (docs/decisions/207). Unique per
     * payer, so a second charge for the same item and period cannot be recorded; also sent to the
     * provider as its idempotency key. Null on invoices written before it existed.
     */
    idempotencyKey: text('idempotency_key'),
    /** The client's `Idempotency-Key` header, when it sent one: the same key again replays, it never charges twice. */
    requestKey: text('request_key'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('invoices_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('invoices_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('invoices_request_key_uq').on(t.userId, t.requestKey),
  ],
);

/**
 * One row per render started: the month's video count is these rows (a deleted video still
 * counts; a failed render is released). Inserted in the transaction that locks the subscription
 * row, so concurrent requests cannot pass the limit. `reservedBytes` is the storage held for the
 * render while its files do not exist yet.
 */
export const renderUsage = pgTable(
  'render_usage',
  {
    /** The video the render fills (no foreign key: the count survives the video's deletion). */
    videoId: text('video_id').primaryKey(),
    /** Plan limits count per workspace (docs/decisions/200-workspaces.md). */
    workspaceId: workspaceId(),
    /** The UTC month the render counts in. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    reservedBytes: bigint('reserved_bytes', { mode: 'number' }).notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [index('render_usage_user_period_idx').on(t.workspaceId, t.periodStart)],
);
