import { protectedProcedure, router } from '../../server/trpc';
import { perPlatform, videoRetention, viewsPerDay } from './analytics';
import { ZCampaignAnalytics, ZPlatformStats, ZRetentionCurve, ZVideoRetention, ZViewsPerDay } from './schemas';

// The per-contact table reads deliveries: it is distribution.campaignRecipients.
export const analyticsRouter = router({
  viewsPerDay: protectedProcedure
    .input(ZCampaignAnalytics)
    .output(ZViewsPerDay)
    .query(({ ctx, input }) => viewsPerDay({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId })),
  perPlatform: protectedProcedure
    .input(ZCampaignAnalytics)
    .output(ZPlatformStats)
    .query(({ ctx, input }) => perPlatform({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId, hooks: ctx.hooks })),
  retention: protectedProcedure
    .input(ZVideoRetention)
    .output(ZRetentionCurve)
    .query(({ ctx, input }) => videoRetention({ db: ctx.db, scope: ctx.scope, campaignId: input.campaignId, videoId: input.videoId })),
});
