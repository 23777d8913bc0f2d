import { protectedProcedure, router } from '../../server/trpc';
import { campaignRecipients } from './recipient-analytics';
import { getSendDefaults, saveSendDefaults, sendSettingsOf, updateLandingSettings } from './landing-settings';
import { previewDistribution, searchRecipients } from './preview';
import { recipientRenderState, renderRecipient } from './recipient-render';
import { recipientVersion, sendTest } from './recipient-version';
import {
  ZCampaignRecipients,
  ZDistributeCall,
  ZDistributionId,
  ZDistributionPreview,
  ZLandingSettings,
  ZRecipientSearch,
  ZRecipientVersion,
  ZSendDefaults,
  ZShareCall,
  ZShareOf,
  ZDistributeReply,
  ZDistributionDetail,
  ZDistributionProgress,
  ZDeliveryList,
  ZUnshareReply,
  ZVideoDeliveries,
  ZVideoShare,
} from './schemas';
import {
  ZCampaignRecipientsReply,
  ZPreviewReply,
  ZRecipientPage,
  ZRecipientRender,
  ZRecipientVersionReply,
  ZRenderRecipientReply,
  ZSendDefaultsReply,
  ZSendSettings,
  ZSendTestReply,
  ZVideoViewers,
} from './schemas-out';
import { getShare, revokeShare, shareVideo } from './shares';
import { distributionProgress, getDistribution, listVideoDeliveries } from './reads';
import { distribute } from './service';
import { videoViewers } from './video-viewers';

// tRPC has no request URL: links use APP_URL, else http://localhost:PORT.
export const distributionRouter = router({
  distribute: protectedProcedure
    .input(ZDistributeCall)
    .output(ZDistributeReply)
    .mutation(({ ctx, input }) => {
      const { videoId, ...rest } = input;
      return distribute({ ...ctx, scope: ctx.scope, videoId, input: rest, baseUrl: ctx.linkOrigin });
    }),
  /** The send step's look ahead: personalised or not, a few recipients' openings, the variables that would refuse the send. */
  preview: protectedProcedure
    .input(ZDistributionPreview)
    .output(ZPreviewReply)
    .query(({ ctx, input }) => previewDistribution({ ...ctx, scope: ctx.scope, input })),
  /** The recipient browser: any recipient of the selection, searched. */
  recipients: protectedProcedure
    .input(ZRecipientSearch)
    .output(ZRecipientPage)
    .query(({ ctx, input }) => searchRecipients({ ...ctx, scope: ctx.scope, input })),
  /** One recipient's subject, e-mail and landing page, as the send step holds them now. */
  recipientVersion: protectedProcedure
    .input(ZRecipientVersion)
    .output(ZRecipientVersionReply)
    .query(async ({ ctx, input }) => {
      const { parts: _p, ...version } = await recipientVersion({ ...ctx, scope: ctx.scope, input, baseUrl: ctx.linkOrigin });
      return version;
    }),
  /** The chosen recipient's own video, once asked for: its render's state and progress, its files when made. */
  recipientRender: protectedProcedure
    .input(ZRecipientVersion)
    .output(ZRecipientRender)
    .query(({ ctx, input }) => recipientRenderState({ ...ctx, scope: ctx.scope, input })),
  /** "Render this recipient's video": on demand, once per opening (a second ask shows the same render); no credit. */
  renderRecipient: protectedProcedure
    .input(ZRecipientVersion)
    .output(ZRenderRecipientReply)
    .mutation(({ ctx, input }) => renderRecipient({ ...ctx, scope: ctx.scope, input })),
  /** "Send a test to me": the chosen recipient's e-mail to the member's own address. */
  sendTest: protectedProcedure
    .input(ZRecipientVersion)
    .output(ZSendTestReply)
    .mutation(({ ctx, input }) => sendTest({ ...ctx, scope: ctx.scope, input, baseUrl: ctx.linkOrigin })),
  /** What recipients see, as the send step starts (the video's own, else its campaign's, else the workspace's). */
  sendSettings: protectedProcedure
    .input(ZShareOf)
    .output(ZSendSettings)
    .query(({ ctx, input }) => sendSettingsOf({ db: ctx.db, scope: ctx.scope, videoId: input.videoId })),
  /** After sending: the title, call-to-action and sender of the video's pages, sent ones included. */
  updateLanding: protectedProcedure
    .input(ZLandingSettings)
    .output(ZSendSettings)
    .mutation(({ ctx, input }) => updateLandingSettings({ db: ctx.db, scope: ctx.scope, input })),
  /** Settings → Sending. */
  defaults: protectedProcedure.output(ZSendDefaultsReply).query(({ ctx }) => getSendDefaults({ db: ctx.db, scope: ctx.scope })),
  saveDefaults: protectedProcedure
    .input(ZSendDefaults)
    .output(ZSendDefaultsReply)
    .mutation(({ ctx, input }) => saveSendDefaults({ db: ctx.db, scope: ctx.scope, input })),
  get: protectedProcedure
    .input(ZDistributionId)
    .output(ZDistributionDetail)
    .query(({ ctx, input }) => getDistribution({ db: ctx.db, scope: ctx.scope, id: input.id })),
  progress: protectedProcedure
    .input(ZDistributionId)
    .output(ZDistributionProgress)
    .query(({ ctx, input }) => distributionProgress({ db: ctx.db, scope: ctx.scope, id: input.id })),
  /** My Videos → Viewers: who opened, watched how much, clicked (decision 225). */
  videoViewers: protectedProcedure
    .input(ZShareOf)
    .output(ZVideoViewers)
    .query(({ ctx, input }) => videoViewers({ db: ctx.db, scope: ctx.scope, videoId: input.videoId })),
  videoDeliveries: protectedProcedure
    .input(ZVideoDeliveries)
    .output(ZDeliveryList)
    .query(({ ctx, input }) => listVideoDeliveries({ db: ctx.db, scope: ctx.scope, videoId: input.id, limit: input.limit, cursor: input.cursor })),
  // Share links: the web builds the absolute link from its own origin (`path`).
  share: protectedProcedure
    .input(ZShareCall)
    .output(ZVideoShare)
    .mutation(async ({ ctx, input }) => {
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
    .output(ZVideoShare.nullable())
    .query(({ ctx, input }) => getShare({ db: ctx.db, scope: ctx.scope, videoId: input.videoId, baseUrl: ctx.linkOrigin })),
  /** The campaign analytics tab's per-contact table (sorted, searched, paginated by the server). */
  campaignRecipients: protectedProcedure
    .input(ZCampaignRecipients)
    .output(ZCampaignRecipientsReply)
    .query(({ ctx, input }) => campaignRecipients({ db: ctx.db, scope: ctx.scope, input })),
  unshare: protectedProcedure
    .input(ZShareOf)
    .output(ZUnshareReply)
    .mutation(({ ctx, input }) => revokeShare({ db: ctx.db, scope: ctx.scope, videoId: input.videoId })),
});
