// Compile-time half of the OpenAPI conformance check: each service's answer type must fit the
// response schema the document shows for it (the runtime test sees one state of each; the types
// see them all: a nullable column, an optional key, a wider enum). Types only: nothing runs here.
import type { z } from 'zod';
import type { ZAvatarUpload, ZCustomAvatar } from '../../domains/avatars/schemas';
import type { createCustomAvatar, getCustomAvatar, uploadAvatarSource } from '../../domains/avatars/service';
import type { ZSubscription } from '../../domains/billing/schemas';
import type { getSubscription } from '../../domains/billing/service';
import type { ZCampaignDetail, ZCampaignListItem } from '../../domains/campaigns/schemas';
import type { getCampaign, listCampaigns } from '../../domains/campaigns/service';
import type { ZContact, ZContactList, ZImportResult } from '../../domains/contacts/schemas';
import type { importContactsCsv } from '../../domains/contacts/import';
import type { Contact, ContactList } from '../../domains/contacts/service';
import type { ZDashboard } from '../../domains/dashboard/schemas';
import type { getDashboard } from '../../domains/dashboard/service';
import type { ZDeliveryList, ZDistributeReply, ZDistributionDetail, ZDistributionProgress } from '../../domains/distribution/schemas';
import type { distributionProgress, getDistribution, listVideoDeliveries } from '../../domains/distribution/reads';
import type { distribute } from '../../domains/distribution/service';
import type {
  ZBackgroundList,
  ZBackgroundUploaded,
  ZClipList,
  ZProcessedVideos,
  ZTalkStarted,
  ZTalkStatus,
  ZTemplateGenerated,
  ZVideoStatus,
} from '../../domains/generation/schemas';
import type {
  generateFromTemplate,
  getTalkStatus,
  getVideoStatus,
  listBackgrounds,
  listClips,
  listProcessedVideos,
  startTalk,
  uploadBackground,
} from '../../domains/generation/service';
import type {
  ZDirectReply,
  ZInbox,
  ZInboxMessage,
  ZSendReply,
  ZSocialContact,
  ZSocialProfile,
  ZUnipileAccount,
  ZWhatsAppTestReply,
} from '../../domains/social/schemas';
import type { connectLinkedInDirect } from '../../domains/social/connect';
import type { getInboxMessage, listInbox } from '../../domains/social/inbox';
import type { readAccounts, SocialContact, SocialProfile } from '../../domains/social/profiles';
import type { sendWhatsAppTest, whatsappTest } from '../../domains/social/send';
import type { ZTemplate } from '../../domains/templates/schemas';
import type { getTemplate } from '../../domains/templates/service';
import type { ZCampaignAnalyticsReply } from '../../domains/tracking/schemas';
import type { campaignAnalytics } from '../../domains/tracking/analytics';
import type { ZPublicUser } from '../../domains/users/schemas';
import type { toPublicUser } from '../../domains/users/service';
import type { ZVideo } from '../../domains/videos/schemas';
import type { Video } from '../../domains/videos/service';
import type { ZVoiceList } from '../../domains/voices/schemas';
import type { listVoices } from '../../domains/voices/service';

type Fits<S extends z.ZodType, V extends z.input<S>> = V;
type Out<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export type ResponseTypesFit = [
  Fits<typeof ZPublicUser, ReturnType<typeof toPublicUser>>,
  Fits<typeof ZSubscription, Out<typeof getSubscription>>,
  Fits<typeof ZDashboard, Out<typeof getDashboard>>,
  Fits<typeof ZCampaignListItem, Out<typeof listCampaigns>[number]>,
  Fits<typeof ZCampaignDetail, Out<typeof getCampaign>>,
  Fits<typeof ZCampaignAnalyticsReply, Out<typeof campaignAnalytics>>,
  Fits<typeof ZVideo, Video>,
  // (GET /api/avatars is typed loosely by the service, one item type for stock and custom: the runtime test covers it.)
  Fits<typeof ZAvatarUpload, Out<typeof uploadAvatarSource>>,
  Fits<typeof ZCustomAvatar, Out<typeof getCustomAvatar>>,
  Fits<typeof ZCustomAvatar, Omit<Out<typeof createCustomAvatar>, 'taskId'>>,
  Fits<typeof ZTalkStarted, Out<typeof startTalk>>,
  Fits<typeof ZTemplateGenerated, Out<typeof generateFromTemplate>>,
  Fits<typeof ZTalkStatus, Out<typeof getTalkStatus>>,
  Fits<typeof ZVideoStatus, Out<typeof getVideoStatus>>,
  Fits<typeof ZBackgroundUploaded, Out<typeof uploadBackground>>,
  Fits<typeof ZBackgroundList, Out<typeof listBackgrounds>>,
  Fits<typeof ZProcessedVideos, Out<typeof listProcessedVideos>>,
  Fits<typeof ZClipList, Out<typeof listClips>>,
  Fits<typeof ZVoiceList, Out<typeof listVoices>>,
  Fits<typeof ZTemplate, Out<typeof getTemplate>>,
  Fits<typeof ZContactList, ContactList>,
  Fits<typeof ZContact, Contact>,
  Fits<typeof ZImportResult, Out<typeof importContactsCsv>>,
  Fits<typeof ZSocialProfile, SocialProfile>,
  Fits<typeof ZSocialContact, SocialContact>,
  Fits<typeof ZUnipileAccount, Out<typeof readAccounts>[number]>,
  Fits<typeof ZDirectReply, Out<typeof connectLinkedInDirect>>,
  Fits<typeof ZSendReply, Out<typeof sendWhatsAppTest>>,
  Fits<typeof ZWhatsAppTestReply, Out<typeof whatsappTest>>,
  Fits<typeof ZInbox, Out<typeof listInbox>>,
  Fits<typeof ZInboxMessage, Out<typeof getInboxMessage>>,
  Fits<typeof ZDistributeReply, Out<typeof distribute>>,
  Fits<typeof ZDeliveryList, Out<typeof listVideoDeliveries>>,
  Fits<typeof ZDistributionDetail, Out<typeof getDistribution>>,
  Fits<typeof ZDistributionProgress, Out<typeof distributionProgress>>,
];
