import { PLANS, RENDER_TIERS } from '../../shared/plans';
import { protectedProcedure, publicProcedure, router, sessionProcedure, spendingProcedure } from '../../server/trpc';
import { ZBuyRenderTier, ZChangePlan, ZChooseRenderTier, ZPaymentMethod, ZPlans, ZRenderTier, ZSubscription } from './schemas';
import { changePlan, getSubscription } from './service';
import { buyRenderTier, chooseRenderTier, setPaymentMethod } from './tiers';

export const billingRouter = router({
  plans: publicProcedure.output(ZPlans).query(() => ({ plans: Object.values(PLANS), renderTiers: Object.values(RENDER_TIERS) })),
  subscription: protectedProcedure
    .output(ZSubscription)
    .query(({ ctx }) => getSubscription({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, billing: ctx.providers.billing })),
  changePlan: spendingProcedure
    .input(ZChangePlan)
    .output(ZSubscription)
    .mutation(({ ctx, input }) => changePlan({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input })),
  setRenderTier: protectedProcedure
    .input(ZChooseRenderTier)
    .output(ZRenderTier)
    .mutation(({ ctx, input }) => chooseRenderTier({ db: ctx.db, scope: ctx.scope, tier: input.tier })),
  buyRenderTier: spendingProcedure
    .input(ZBuyRenderTier)
    .output(ZSubscription)
    .mutation(({ ctx, input }) => buyRenderTier({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, tier: input.tier })),
  // A card is an account matter: a browser session only.
  setPaymentMethod: sessionProcedure
    .input(ZPaymentMethod)
    .output(ZSubscription)
    .mutation(({ ctx, input }) => setPaymentMethod({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input })),
});
