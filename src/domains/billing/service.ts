import { and, count, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { invalidInput } from '../../server/http/app-error';
import type { BillingProvider, PaymentMethod } from '../../server/providers/billing/types';
import { newId } from '../../shared/ids';
import { effectiveTier, entitlements, subscriptionEnded, tierCovered, tierSelectable } from '../../shared/limits';
import { DEFAULT_REMAINING_CREDITS, PLANS, RENDER_TIERS, TRIAL_DAYS, TRIAL_PLAN, periodAmountCents, type BillingCycle, type PlanId } from '../../shared/plans';
import { requireRole, type Scope } from '../../server/scope';
import { workspaces } from '../workspaces/tables';
import { loadSubscriptionRow, loadWorkspaceSubscription, renderBlock, rendersThisMonth, storageBlock, storedBytes, workspaceOwnerId } from './limits';
import type { TChangePlan } from './schemas';
import { invoices, subscriptions, type InvoiceKind } from './tables';

export { startOfMonthUtc } from './limits';

const DAY = 86_400_000;

export function addCycle(from: Date, cycle: BillingCycle): Date {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + (cycle === 'yearly' ? 12 : 1));
  return d;
}

/** Every new user starts a 15-day trial of Pro. Runs inside the sign-up transaction. */
export async function startTrial(opts: { db: Db; userId: string; now?: Date }) {
  const { db, userId, now = new Date() } = opts;
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

/** Usage other domains count per workspace (social profiles, …), built by createDeps and passed in (docs/decisions/141). */
import type { BillingHooks } from '../../server/hooks';

export type { BillingHooks, UsageCounter } from '../../server/hooks';

/** The workspace's plan is its owner's subscription: that subscription, or null without one on a known plan. */
export async function workspaceSubscription(db: Db, workspaceId: string) {
  const [row] = await db
    .select({ sub: subscriptions })
    .from(workspaces)
    .innerJoin(subscriptions, eq(subscriptions.userId, workspaces.ownerId))
    .where(eq(workspaces.id, workspaceId));
  return row && PLANS[row.sub.planId] ? row.sub : null;
}

/** Credits are renders: one per video rendered in the workspace this month (null = unlimited). */
export async function remainingCredits(opts: { db: Db; scope: Pick<Scope, 'workspaceId'>; now?: Date }): Promise<number | null> {
  const { db, scope, now = new Date() } = opts;
  const sub = await workspaceSubscription(db, scope.workspaceId);
  if (!sub) return DEFAULT_REMAINING_CREDITS;
  const limit = entitlements(sub, now).videosPerMonth;
  if (limit === null) return null;
  return Math.max(0, limit - (await rendersThisMonth({ db, workspaceId: scope.workspaceId, now })));
}

function toInvoice(i: typeof invoices.$inferSelect) {
  const tier = i.kind === 'render-tier';
  return {
    id: i.id,
    number: i.number,
    kind: i.kind,
    planId: i.planId,
    planName: PLANS[i.planId]?.name ?? i.planId,
    /** For a render tier: its resolution. */
    resolution: tier ? (RENDER_TIERS[i.planId]?.resolution ?? null) : null,
    billingCycle: i.billingCycle,
    amount: i.amountCents / 100,
    currency: i.currency,
    status: i.status,
    periodStart: i.periodStart.toISOString(),
    periodEnd: i.periodEnd.toISOString(),
    createdAt: i.createdAt.toISOString(),
  };
}

export function paymentMethodOf(sub: typeof subscriptions.$inferSelect, billing?: Pick<BillingProvider, 'defaultPaymentMethod'>): PaymentMethod | null {
  if (sub.cardBrand && sub.cardLast4) return { brand: sub.cardBrand, last4: sub.cardLast4, expMonth: sub.cardExpMonth, expYear: sub.cardExpYear };
  return billing?.defaultPaymentMethod() ?? null;
}

/**
 * The workspace's plan (its owner's subscription) and the workspace's usage, for any member.
 * The invoices and the card are the owner's: only the owner sees them.
 */
export async function getSubscription(opts: {
  db: Db;
  scope: Scope;
  hooks: BillingHooks;
  billing?: Pick<BillingProvider, 'name' | 'defaultPaymentMethod'>;
  now?: Date;
}) {
  const { db, scope, billing, now = new Date() } = opts;
  const { workspaceId } = scope;
  const ownerId = await workspaceOwnerId(db, workspaceId);
  const payer = scope.userId === ownerId;
  const sub = await loadSubscriptionRow({ db, userId: ownerId });
  const plan = PLANS[sub.planId];
  const e = entitlements(sub, now);
  const [videosUsed, bytesUsed, invoiceRows, socialCounts] = await Promise.all([
    rendersThisMonth({ db, workspaceId, now }),
    storedBytes({ db, workspaceId }),
    payer
      ? db.select().from(invoices).where(eq(invoices.userId, ownerId)).orderBy(desc(invoices.createdAt), desc(invoices.number)).limit(24)
      : Promise.resolve([]),
    opts.hooks.countSocialProfiles(db, workspaceId),
  ]);
  const ended = subscriptionEnded(sub, now);
  return {
    plan,
    status: ended && sub.status === 'trialing' ? ('expired' as const) : sub.status,
    billingCycle: sub.billingCycle,
    /** The tier renders use now: the chosen one (the plan's own by default), never above what is entitled. */
    renderTier: RENDER_TIERS[effectiveTier(e, sub.renderTier)],
    renderChoice: sub.renderTier,
    /** Each render tier: covered (its resolution and videos are had), selectable (renders may switch to it for free) or to be bought for a month. */
    renderTiers: Object.values(RENDER_TIERS).map((t) => ({
      id: t.id,
      covered: tierCovered(e, t.id),
      selectable: tierSelectable(e, t.id),
      includedInPlan: tierCovered(entitlements({ planId: sub.planId, paidRenderTier: null, paidRenderTierUntil: null }), t.id),
    })),
    paidRenderTier: e.paidRenderTier ? { id: e.paidRenderTier, until: sub.paidRenderTierUntil!.toISOString() } : null,
    trialEndsAt: sub.trialEndsAt?.toISOString() ?? null,
    renewsAt: sub.status === 'active' ? sub.currentPeriodEnd.toISOString() : null,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    /** The billing provider in use ('local' is the sandbox: no money moves). */
    billingProvider: billing?.name ?? 'local',
    paymentMethod: payer ? paymentMethodOf(sub, billing) : null,
    limits: { videosPerMonth: e.videosPerMonth, storageBytes: e.storageBytes, maxVideoMinutes: e.maxVideoMinutes, socialProfiles: e.socialProfiles },
    /** What stops a new render now (Generate is disabled with this reason), or null. */
    renderBlock: renderBlock(sub, { videos: videosUsed, bytes: bytesUsed }, now),
    /** Storage is full: uploads are disabled with this reason, or null. */
    storageBlock: storageBlock(sub, bytesUsed, now),
    usage: {
      videosThisMonth: { used: videosUsed, limit: e.videosPerMonth },
      socialProfiles: { used: socialCounts, limit: plan.socialProfiles },
      credits: {
        used: videosUsed,
        total: e.videosPerMonth,
        remaining: e.videosPerMonth === null ? null : Math.max(0, e.videosPerMonth - videosUsed),
      },
      storage: { usedBytes: bytesUsed, limitBytes: e.storageBytes },
    },
    invoices: invoiceRows.map(toInvoice),
  };
}
export type SubscriptionView = Awaited<ReturnType<typeof getSubscription>>;

type SubscriptionRow = typeof subscriptions.$inferSelect;

/** An Idempotency-Key header: printable ASCII, 1 to 200 characters (what the REST spending routes accept). */
export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 printable characters';
const REUSED_KEY = 'This Idempotency-Key was already used for a different purchase';

/**
 * Charges through the provider and writes the invoice (numbered per payer) and `apply` together, at
 * most once per item and period (docs/decisions/207):
 * - the payer's subscription row is locked first, so concurrent purchases of one payer, on any
 *   number of app processes, run one after the other;
 * - under that lock, `needed` re-reads the subscription (a purchase another request just made is
 *   seen: a no-op is charged nothing), and an invoice holding `idempotencyKey` (the item and the
 *   period it pays for, unique per payer) or the client's `requestKey` means it was bought already;
 * - the charge happens inside the transaction: if it fails nothing is recorded, and the provider is
 *   given the same key, so a retry after a lost commit is not charged twice.
 * Returns whether a charge was made.
 */
export async function chargeAndRecord(opts: {
  db: Db;
  billing: BillingProvider;
  userId: string;
  kind: InvoiceKind;
  item: { planId: PlanId; billingCycle: BillingCycle; amountCents: number; description: string };
  periodStart: Date;
  periodEnd: Date;
  /** The item and the period it pays for, from the locked subscription. */
  idempotencyKey: (sub: SubscriptionRow) => string;
  /** The client's Idempotency-Key header, if it sent one. */
  requestKey?: string | null;
  /** Whether the purchase still changes anything, judged on the locked subscription. */
  needed: (sub: SubscriptionRow) => boolean;
  apply: (tx: Db) => Promise<unknown>;
}): Promise<{ charged: boolean }> {
  const { db, billing, userId, item } = opts;
  const requestKey = opts.requestKey ? `${opts.kind}:${opts.requestKey}` : null;
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const sub = await loadSubscriptionRow({ db: tx, userId, lock: true });
    const key = opts.idempotencyKey(sub);
    const [seen] = await tx
      .select({
        kind: invoices.kind,
        planId: invoices.planId,
        billingCycle: invoices.billingCycle,
        idempotencyKey: invoices.idempotencyKey,
        requestKey: invoices.requestKey,
      })
      .from(invoices)
      .where(
        and(
          eq(invoices.userId, userId),
          requestKey ? or(eq(invoices.idempotencyKey, key), eq(invoices.requestKey, requestKey)) : eq(invoices.idempotencyKey, key),
        ),
      )
      .limit(1);
    if (seen) {
      const same = seen.kind === opts.kind && seen.planId === item.planId && seen.billingCycle === item.billingCycle;
      if (requestKey && seen.requestKey === requestKey && !same) throw invalidInput(REUSED_KEY);
      return { charged: false };
    }
    if (!opts.needed(sub)) return { charged: false };
    const { reference } = await billing.charge({ userId, amountCents: item.amountCents, currency: 'USD', description: item.description, idempotencyKey: key });
    const [{ n }] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.userId, userId));
    await tx.insert(invoices).values({
      id: newId(),
      userId,
      kind: opts.kind,
      number: `INV-${opts.periodStart.getUTCFullYear()}-${String(Number(n) + 1).padStart(4, '0')}`,
      planId: item.planId,
      billingCycle: item.billingCycle,
      amountCents: item.amountCents,
      currency: 'USD',
      status: 'paid',
      provider: `${billing.name}:${reference}`.slice(0, 120),
      periodStart: opts.periodStart,
      periodEnd: opts.periodEnd,
      idempotencyKey: key,
      requestKey,
      createdAt: opts.periodStart,
    });
    await opts.apply(tx);
    return { charged: true };
  });
}

/** Choosing the plan and cycle already running (paid, not past its period) changes nothing: it is not charged. */
export function samePlanRunning(sub: Pick<SubscriptionRow, 'status' | 'planId' | 'billingCycle' | 'currentPeriodEnd'>, input: TChangePlan, now = new Date()) {
  return sub.status === 'active' && sub.planId === input.planId && sub.billingCycle === input.billingCycle && sub.currentPeriodEnd > now;
}

/**
 * Changes the workspace's plan (its owner's subscription: the owner only, 403 otherwise) through the
 * billing provider; the invoice and the new period are written together.
 */
export async function changePlan(opts: {
  db: Db;
  hooks: BillingHooks;
  billing: BillingProvider;
  scope: Scope;
  input: TChangePlan;
  /** The client's Idempotency-Key header: the same key again replays the answer, never a charge. */
  requestKey?: string | null;
  now?: Date;
}) {
  const { db, billing, scope, input, now = new Date() } = opts;
  requireRole(scope, 'owner');
  const { userId } = await loadWorkspaceSubscription({ db, scope });
  const periodEnd = addCycle(now, input.billingCycle);
  await chargeAndRecord({
    db,
    billing,
    userId,
    kind: 'plan',
    item: {
      planId: input.planId,
      billingCycle: input.billingCycle,
      amountCents: periodAmountCents(input.planId, input.billingCycle),
      description: `${PLANS[input.planId].name} (${input.billingCycle})`,
    },
    periodStart: now,
    periodEnd,
    // The change away from the period now running: made once, whoever asks for it how many times.
    idempotencyKey: (sub) => `plan:${input.planId}:${input.billingCycle}:after:${sub.currentPeriodStart.toISOString()}`,
    requestKey: opts.requestKey,
    needed: (sub) => !samePlanRunning(sub, input, now),
    apply: (tx) =>
      tx
        .update(subscriptions)
        .set({ planId: input.planId, billingCycle: input.billingCycle, status: 'active', currentPeriodStart: now, currentPeriodEnd: periodEnd, updatedAt: now })
        .where(eq(subscriptions.userId, userId)),
  });
  return getSubscription({ db, scope, hooks: opts.hooks, billing, now });
}
