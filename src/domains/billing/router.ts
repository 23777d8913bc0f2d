import { PLANS, RENDER_TIERS } from '../../shared/plans';
import { protectedProcedure, publicProcedure, router, sessionProcedure, spendingProcedure } from '../../server/trpc';
import { ZBuyRenderTier, ZChangePlan, ZChooseRenderTier, ZPaymentMethod } from './schemas';
import { changePlan, getSubscription } from './service';
import { buyRenderTier, chooseRenderTier, setPaymentMethod } from './tiers';

export const billingRouter = router({
  plans: publicProcedure.query(() => ({ plans: Object.values(PLANS), renderTiers: Object.values(RENDER_TIERS) })),
  subscription: protectedProcedure.query(({ ctx }) => getSubscription({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, billing: ctx.providers.billing })),
  changePlan: spendingProcedure
    .input(ZChangePlan)
    .mutation(({ ctx, input }) => changePlan({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input })),
  setRenderTier: protectedProcedure.input(ZChooseRenderTier).mutation(({ ctx, input }) => chooseRenderTier({ db: ctx.db, scope: ctx.scope, tier: input.tier })),
  buyRenderTier: spendingProcedure
    .input(ZBuyRenderTier)
    .mutation(({ ctx, input }) => buyRenderTier({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, tier: input.tier })),
  // A card is an account matter: a browser session only.
  setPaymentMethod: sessionProcedure
    .input(ZPaymentMethod)
    .mutation(({ ctx, input }) => setPaymentMethod({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input })),
});
