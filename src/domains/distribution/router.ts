import { protectedProcedure, router } from '../../server/trpc';
import { campaignRecipients } from './recipient-analytics';
import { ZCampaignRecipients, ZDistributeCall, ZDistributionId, ZDistributionPreview, ZShareCall, ZShareOf, ZVideoDeliveries } from './schemas';
import { getShare, revokeShare, shareVideo } from './shares';
import { distributionProgress, getDistribution, listVideoDeliveries } from './reads';
import { distribute, previewDistribution } from './service';

// tRPC has no request URL: links use APP_URL, else http://localhost:PORT.
export const distributionRouter = router({
  distribute: protectedProcedure.input(ZDistributeCall).mutation(({ ctx, input }) => {
    const { videoId, ...rest } = input;
    return distribute({ ...ctx, scope: ctx.scope, videoId, input: rest, baseUrl: ctx.linkOrigin });
  }),
  /** The send step's look ahead: personalised or not, a few recipients' openings, the variables that would refuse the send. */
  preview: protectedProcedure.input(ZDistributionPreview).query(({ ctx, input }) => previewDistribution({ ...ctx, scope: ctx.scope, input })),
  get: protectedProcedure.input(ZDistributionId).query(({ ctx, input }) => getDistribution({ db: ctx.db, scope: ctx.scope, id: input.id })),
  progress: protectedProcedure.input(ZDistributionId).query(({ ctx, input }) => distributionProgress({ db: ctx.db, scope: ctx.scope, id: input.id })),
  videoDeliveries: protectedProcedure
    .input(ZVideoDeliveries)
    .query(({ ctx, input }) => listVideoDeliveries({ db: ctx.db, scope: ctx.scope, videoId: input.id, limit: input.limit, cursor: input.cursor })),
  // Share links: the web builds the absolute link from its own origin (`path`).
  share: protectedProcedure.input(ZShareCall).mutation(async ({ ctx, input }) => {
    const { created: _c, ...share } = await shareVideo({
      db: ctx.db,
      queue: ctx.queue,
      scope: ctx.scope,
      videoId: input.videoId,
      regenerate: input.regenerate,
      baseUrl: ctx.linkOrigin,
    });
    return share;
  }),
  shareOf: protectedProcedure
    .input(ZShareOf)
    .query(({ ctx, input }) => getShare({ db: ctx.db, scope: ctx.scope, videoId: input.videoId, baseUrl: ctx.linkOrigin })),
  /** The campaign analytics tab's per-contact table (sorted, searched, paginated by the server). */
  campaignRecipients: protectedProcedure.input(ZCampaignRecipients).query(({ ctx, input }) => campaignRecipients({ db: ctx.db, scope: ctx.scope, input })),
  unshare: protectedProcedure.input(ZShareOf).mutation(({ ctx, input }) => revokeShare({ db: ctx.db, scope: ctx.scope, videoId: input.videoId })),
});
