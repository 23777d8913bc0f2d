import { protectedProcedure, router } from '../../server/trpc';
import { perPlatform, viewsPerDay } from './analytics';
import { ZCampaignAnalytics } from './schemas';

// Per-contact rows come with deliveries (distribution issue).
export const analyticsRouter = router({
  viewsPerDay: protectedProcedure
    .input(ZCampaignAnalytics)
    .query(({ ctx, input }) => viewsPerDay({ db: ctx.db, userId: ctx.user.id, campaignId: input.campaignId })),
  perPlatform: protectedProcedure
    .input(ZCampaignAnalytics)
    .query(({ ctx, input }) => perPlatform({ db: ctx.db, userId: ctx.user.id, campaignId: input.campaignId })),
});
