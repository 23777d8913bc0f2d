import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { BillingCycle, PlanId, RenderTierId } from '../../shared/plans';
import { users } from '../users/tables';

export type SubscriptionStatus = 'trialing' | 'active' | 'canceled';

export const subscriptions = pgTable('subscriptions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  planId: text('plan_id').$type<PlanId>().notNull(),
  billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
  status: text('status').$type<SubscriptionStatus>().notNull(),
  renderTier: text('render_tier').$type<RenderTierId>().notNull().default('basic'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    planId: text('plan_id').$type<PlanId>().notNull(),
    billingCycle: text('billing_cycle').$type<BillingCycle>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    status: text('status').notNull().default('paid'),
    provider: text('provider').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt)],
);
