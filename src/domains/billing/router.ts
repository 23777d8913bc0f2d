import { PLANS, RENDER_TIERS } from '../../shared/plans';
import { protectedProcedure, publicProcedure, router } from '../../server/trpc';
import { ZChangePlan, ZChooseRenderTier } from './schemas';
import { changePlan, getSubscription, setRenderTier } from './service';

export const billingRouter = router({
  plans: publicProcedure.query(() => ({ plans: Object.values(PLANS), renderTiers: Object.values(RENDER_TIERS) })),
  subscription: protectedProcedure.query(({ ctx }) => getSubscription({ db: ctx.db, userId: ctx.user.id, billingProvider: ctx.providers.billing.name })),
  changePlan: protectedProcedure
    .input(ZChangePlan)
    .mutation(({ ctx, input }) => changePlan({ db: ctx.db, billing: ctx.providers.billing, userId: ctx.user.id, input })),
  setRenderTier: protectedProcedure
    .input(ZChooseRenderTier)
    .mutation(({ ctx, input }) => setRenderTier({ db: ctx.db, userId: ctx.user.id, tier: input.tier })),
});
