import { protectedProcedure, router } from '../../server/trpc';
import { perPlatform, videoRetention, viewsPerDay } from './analytics';
import { ZCampaignAnalytics, ZVideoRetention } from './schemas';

// The per-contact table reads deliveries: it is distribution.campaignRecipients.
export const analyticsRouter = router({
  viewsPerDay: protectedProcedure
    .input(ZCampaignAnalytics)
    .query(({ ctx, input }) => viewsPerDay({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId })),
  perPlatform: protectedProcedure
    .input(ZCampaignAnalytics)
    .query(({ ctx, input }) => perPlatform({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId, hooks: ctx.hooks })),
  retention: protectedProcedure
    .input(ZVideoRetention)
    .query(({ ctx, input }) => videoRetention({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId, videoId: input.videoId })),
});
