import { and, count, desc, eq, gte, sum } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { notFound } from '../../server/http/app-error';
import type { BillingProvider } from '../../server/providers/billing/types';
import { newId } from '../../shared/ids';
import {
  DEFAULT_REMAINING_CREDITS,
  PLANS,
  RENDER_TIERS,
  TRIAL_DAYS,
  TRIAL_PLAN,
  periodAmountCents,
  type BillingCycle,
  type PlanId,
  type RenderTierId,
} from '../../shared/plans';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import type { TChangePlan } from './schemas';
import { invoices, subscriptions } from './tables';

const DAY = 86_400_000;

function addCycle(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + (cycle === 'yearly' ? 12 : 1));
  return d;
}

export function startOfMonthUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** Every new user starts a 15-day trial of Pro. Runs inside the sign-up transaction. */
export async function startTrial(db: Db, userId: string, now = new Date()) {
  const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * DAY);
  await db.insert(subscriptions).values({
    userId,
    planId: TRIAL_PLAN,
    billingCycle: 'monthly',
    status: 'trialing',
    trialEndsAt,
    currentPeriodStart: now,
    currentPeriodEnd: trialEndsAt,
  });
}

async function loadSubscription(db: Db, userId: string) {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub) throw notFound('Subscription not found');
  return sub;
}

/** Counters other domains add to usage (social profiles, …) register here. */
export type UsageCounter = (db: Db, userId: string) => Promise<number>;
const socialProfileCounters: UsageCounter[] = [];
export function registerSocialProfileCounter(counter: UsageCounter) {
  socialProfileCounters.push(counter);
}

export async function videosThisMonth(db: Db, userId: string, now = new Date()): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(videos)
    .where(and(eq(videos.userId, userId), gte(videos.createdAt, startOfMonthUtc(now))));
  return Number(row?.n ?? 0);
}

export async function remainingCredits(db: Db, userId: string): Promise<number | null> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!sub) return DEFAULT_REMAINING_CREDITS;
  const limit = PLANS[sub.planId]?.videosPerMonth;
  if (limit === undefined) return DEFAULT_REMAINING_CREDITS;
  if (limit === null) return null;
  return Math.max(0, limit - (await videosThisMonth(db, userId)));
}

export async function getSubscription(opts: { db: Db; userId: string; billingProvider?: string; now?: Date }) {
  const { db, userId, now = new Date() } = opts;
  const sub = await loadSubscription(db, userId);
  const plan = PLANS[sub.planId];
  const [videosUsed, storageRow, invoiceRows, socialCounts] = await Promise.all([
    videosThisMonth(db, userId, now),
    db.select({ bytes: sum(files.size) }).from(files).where(eq(files.userId, userId)),
    db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(24),
    Promise.all(socialProfileCounters.map((c) => c(db, userId))),
  ]);
  const trialExpired = sub.status === 'trialing' && sub.trialEndsAt !== null && sub.trialEndsAt.getTime() < now.getTime();
  const creditsTotal = plan.videosPerMonth;
  return {
    plan,
    status: trialExpired ? ('expired' as const) : sub.status,
    billingCycle: sub.billingCycle,
    renderTier: RENDER_TIERS[sub.renderTier],
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    renewsAt: sub.status === 'active' ? sub.currentPeriodEnd.toISOString() : null,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    /** The billing provider in use ('local' is the sandbox: no money moves). */
    billingProvider: opts.billingProvider ?? 'local',
    usage: {
      videosThisMonth: { used: videosUsed, limit: plan.videosPerMonth },
      socialProfiles: { used: socialCounts.reduce((a, b) => a + b, 0), limit: plan.socialProfiles },
      credits: {
        used: videosUsed,
        total: creditsTotal,
        remaining: creditsTotal === null ? null : Math.max(0, creditsTotal - videosUsed),
      },
      storage: { usedBytes: Number(storageRow[0]?.bytes ?? 0), limitBytes: plan.storageBytes },
    },
    invoices: invoiceRows.map((i) => ({
      id: i.id,
      number: i.number,
      planId: i.planId,
      planName: PLANS[i.planId]?.name ?? i.planId,
      billingCycle: i.billingCycle,
      amount: i.amountCents / 100,
      currency: i.currency,
      status: i.status,
      periodStart: i.periodStart.toISOString(),
      periodEnd: i.periodEnd.toISOString(),
      createdAt: i.createdAt.toISOString(),
    })),
  };
}
export type SubscriptionView = Awaited<ReturnType<typeof getSubscription>>;

/** Changes the plan through the billing provider; the invoice and the new period are written together. */
export async function changePlan(opts: { db: Db; billing: BillingProvider; userId: string; input: TChangePlan; now?: Date }) {
  const { db, billing, userId, input, now = new Date() } = opts;
  await loadSubscription(db, userId);
  const amountCents = periodAmountCents(input.planId, input.billingCycle);
  const { reference } = await billing.charge({
    userId,
    amountCents,
    currency: 'USD',
    description: `${PLANS[input.planId].name} (${input.billingCycle})`,
  });
  const periodEnd = addCycle(now, input.billingCycle);
  await db.transaction(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
    await tx.insert(invoices).values({
      id: newId(),
      userId,
      number: `INV-${now.getUTCFullYear()}-${String(Number(n) + 1).padStart(4, '0')}`,
      planId: input.planId,
      billingCycle: input.billingCycle,
      amountCents,
      currency: 'USD',
      status: 'paid',
      provider: `${billing.name}:${reference}`.slice(0, 120),
      periodStart: now,
      periodEnd,
    });
    await tx
      .update(subscriptions)
      .set({
        planId: input.planId as PlanId,
        billingCycle: input.billingCycle,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: periodEnd,
        updatedAt: now,
      })
      .where(eq(subscriptions.userId, userId));
  });
  return getSubscription({ db, userId, billingProvider: billing.name, now });
}

export async function setRenderTier(opts: { db: Db; userId: string; tier: RenderTierId }) {
  await opts.db
    .update(subscriptions)
    .set({ renderTier: opts.tier, updatedAt: new Date() })
    .where(eq(subscriptions.userId, opts.userId));
  return RENDER_TIERS[opts.tier];
}

export async function getRenderResolution(db: Db, userId: string) {
  const [sub] = await db.select({ t: subscriptions.renderTier }).from(subscriptions).where(eq(subscriptions.userId, userId));
  return RENDER_TIERS[sub?.t ?? 'basic'].resolution;
}
