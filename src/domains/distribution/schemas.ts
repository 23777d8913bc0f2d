import { z } from 'zod';
import { ZNextCursor, ZPage } from '../../shared/paging';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { CHANNELS, DELIVERY_STATUSES } from './tables';
import { id, multiLine, singleLine } from '../../shared/zod-text';

export { CHANNELS, DELIVERY_STATUSES, type Channel, type DeliveryStatus } from './tables';

/** The spec's messages (§5, §8) and ours for the server-side checks the client cannot make. */
export const DISTRIBUTION_MESSAGES = {
  missingVideo: 'Missing video',
  noPlatforms: 'No platforms selected',
  noRecipients: 'No contacts selected',
  noneFound: 'None of the selected contacts was found',
  videoMismatch: 'videoId does not match the video in the address',
  notReady: 'Error: No video is available for distribution',
  message: 'Message must be at most 5000 characters',
  script: 'Script must be at most 5000 characters',
  notPersonalisable: 'This video cannot be personalised: only videos rendered in the app can be',
  noScript: 'A script is needed to personalise the video',
  noVariables: 'Add a variable such as {first_name} to the script to personalise the video',
  alwaysPersonal:
    'This video’s script has variables: it is personalised for each recipient (sending its preview to everyone would greet them all with the preview’s name)',
  otherCampaign: 'The video belongs to another campaign',
  tooMany: 'A distribution reaches at most 50,000 recipients',
  ctaUrl: 'The call-to-action link must start with http://, https:// or mailto:',
  noTitle: 'Give the video a title: recipients see it on their page and in the subject',
  recipientNotFound: 'This recipient is not among the selected contacts',
  samePreview: 'This video is the same for every recipient: its preview is what they get',
} as const;

/** A landing page's call-to-action link: a web page (a calendar, a form) or an e-mail address. */
export const isCtaLink = (v: string) => {
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(v)) return true;
  try {
    const u = new URL(v);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.hostname;
  } catch {
    return false;
  }
};

/**
 * What recipients see, set in the send step (decision 224): the e-mail's subject (with variables
 * and {video_title}), the video's title, the landing page's call-to-action and the sender's name.
 * Absent: unchanged; '' for the call-to-action or the sender: back to the campaign's or the
 * workspace's.
 */
export const ZRecipientView = z.object({
  subject: singleLine('Subject').trim().max(200, 'Subject must be at most 200 characters').optional(),
  title: singleLine('Title').trim().max(200, 'Title must be at most 200 characters').optional(),
  ctaLabel: singleLine('Call-to-action label').trim().max(60, 'Call-to-action label must be at most 60 characters').optional(),
  ctaUrl: singleLine('Call-to-action link', { error: DISTRIBUTION_MESSAGES.ctaUrl })
    .trim()
    .max(2000, DISTRIBUTION_MESSAGES.ctaUrl)
    .refine((v) => v === '' || isCtaLink(v), DISTRIBUTION_MESSAGES.ctaUrl)
    .optional(),
  senderName: singleLine('Sender name').trim().max(100, 'Sender name must be at most 100 characters').optional(),
});
export type TRecipientView = z.infer<typeof ZRecipientView>;

export const MAX_RECIPIENTS = 50_000;
const anId = id();
const ids = (label: string) =>
  z
    .array(anId, { error: `${label} must be a list of ids` })
    .max(MAX_RECIPIENTS, DISTRIBUTION_MESSAGES.tooMany)
    .optional();

/** Unknown channels answer their name; e-mail is always available, the others need a connected account. */
const platform = singleLine('platform', { error: 'Invalid platform' }).refine((v) => (CHANNELS as readonly string[]).includes(v.toLowerCase()), {
  message: 'Unknown platform',
});

/**
 * The spec's distribution request (videoId, contactIds, listIds, socialContactIds, platforms,
 * message), plus personalizeVideo/script (a per-recipient video) and campaignId.
 */
export const ZDistribute = z
  .object({
    videoId: anId.optional(),
    contactIds: ids('contactIds'),
    listIds: ids('listIds'),
    socialContactIds: ids('socialContactIds'),
    platforms: z
      .array(platform, { error: DISTRIBUTION_MESSAGES.noPlatforms })
      .max(CHANNELS.length * 2)
      .optional(),
    message: multiLine('Message', { error: 'Invalid message' }).max(5000, DISTRIBUTION_MESSAGES.message).optional(),
    personalizeVideo: z.boolean({ error: 'personalizeVideo must be true or false' }).optional(),
    script: multiLine('Script', { error: 'Invalid script' }).max(5000, DISTRIBUTION_MESSAGES.script).optional(),
    campaignId: anId.nullable().optional(),
    ...ZRecipientView.shape,
  })
  .strict();
export type TDistribute = z.infer<typeof ZDistribute>;

/** The step-7 screen's look ahead: who gets what, before anything is sent. */
export const ZDistributionPreview = ZDistribute.pick({
  contactIds: true,
  listIds: true,
  socialContactIds: true,
  platforms: true,
  message: true,
  script: true,
  subject: true,
  title: true,
}).extend({
  videoId: id('video', 64, { error: DISTRIBUTION_MESSAGES.missingVideo }),
});
export type TDistributionPreview = z.infer<typeof ZDistributionPreview>;

/** The send step's recipient browser: a page of the selection's recipients, searched by name or address. */
export const ZRecipientSearch = ZDistributionPreview.extend({
  search: singleLine('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  offset: z.number().int().min(0).max(MAX_RECIPIENTS).default(0),
  limit: z.number().int().min(1).max(50).default(10),
});
export type TRecipientSearch = z.infer<typeof ZRecipientSearch>;

/** One recipient's version (what they will get), or a test of it sent to the sender's own address. */
export const ZRecipientVersion = ZDistributionPreview.extend({
  ...ZRecipientView.shape,
  recipientKey: singleLine('Recipient').min(1, DISTRIBUTION_MESSAGES.recipientNotFound).max(300),
});
export type TRecipientVersion = z.infer<typeof ZRecipientVersion>;

/** After sending: what the video's pages show, changed for the pages already sent too. */
export const ZLandingSettings = ZRecipientView.omit({ subject: true })
  .extend({ videoId: id('video') })
  .strict();
export type TLandingSettings = z.infer<typeof ZLandingSettings>;

/** Settings → Sending: the workspace's defaults ('' clears one). */
export const ZSendDefaults = ZRecipientView.omit({ title: true }).strict();
export type TSendDefaults = z.infer<typeof ZSendDefaults>;

export const ZDistributeCall = ZDistribute.extend({ videoId: id('video', 64, { error: DISTRIBUTION_MESSAGES.missingVideo }) });

export const ZDistributionId = z.object({ id: anId }).strict();
/** One page of a video's deliveries (limit, cursor). */
export const ZVideoDeliveries = ZPage.extend({ id: anId }).strict();
export const ZDeliveriesQuery = ZVideoDeliveries.omit({ id: true });

/** POST /api/videos/{id}/share: the video's share link; `regenerate` replaces it (the old link stops working). */
export const ZShareVideo = z.object({ regenerate: z.boolean({ error: 'regenerate must be true or false' }).optional() }).strict();
export const ZShareCall = ZShareVideo.extend({ videoId: id('video') });
export const ZShareOf = z.object({ videoId: id('video') }).strict();

/** The analytics tab's per-contact table: a page of rows, sorted and searched by the server. */
export const RECIPIENT_SORTS = ['contact', 'channel', 'deliveredAt', 'opened', 'watched', 'cta', 'unsubscribed'] as const;
export const RECIPIENTS_MAX_PAGE = 100;
export const ZCampaignRecipients = z
  .object({
    campaignId: id('campaign'),
    limit: z.number().int().min(1).max(RECIPIENTS_MAX_PAGE, `limit must be at most ${RECIPIENTS_MAX_PAGE}`).default(20),
    offset: z.number().int().min(0).max(1_000_000).default(0),
    sort: z.enum(RECIPIENT_SORTS, { error: 'Unknown sort key' }).default('deliveredAt'),
    dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).default('desc'),
    search: singleLine('Search').trim().max(100, 'Search must be at most 100 characters').optional(),
  })
  .strict();
export type TCampaignRecipients = z.infer<typeof ZCampaignRecipients>;
export type TCampaignRecipientsInput = z.input<typeof ZCampaignRecipients>;

// Answers.
const skipped = z.object({
  contactId: z.string().nullable(),
  socialContactId: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
  platform: z.string(),
  reason: z.string(),
});
export const ZDistributeReply = z.object({
  distributionId: z.string(),
  deliveries: z.number().int(),
  renders: z.number().int(),
  personalised: z.boolean(),
  skipped: z.array(skipped),
});
export const ZDelivery = z.object({
  id: z.string(),
  distributionId: z.string(),
  contactId: z.string().nullable(),
  socialContactId: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string(),
  platform: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  sentAt: ZTimestamp.nullable(),
  deferredUntil: ZTimestamp.nullable(),
  viewed: z.boolean(),
  landingUrl: ZUrl,
  personalVideoUrl: ZUrl.nullable(),
  renderError: z.string().nullable(),
  backgroundError: z.string().nullable().describe('why their own background was not used (the default was)'),
  createdAt: ZTimestamp,
});
export const ZDeliveryList = z.object({ total: z.number().int(), deliveries: z.array(ZDelivery), nextCursor: ZNextCursor });
/** Whole-number counts under the given names, in that order. */
const counts = <K extends string>(names: readonly K[]) => z.object(Object.fromEntries(names.map((n) => [n, z.number().int()])) as Record<K, z.ZodNumber>);
const renders = counts(['total', 'done', 'failed']);
export const ZDistributionDetail = z.object({
  id: z.string(),
  videoId: z.string(),
  campaignId: z.string().nullable(),
  platforms: z.array(z.string()),
  message: z.string(),
  personalizeVideo: z.boolean(),
  createdAt: ZTimestamp,
  /** All the deliveries, and how many are in each status. */
  counts: counts(['total', ...DELIVERY_STATUSES]),
  renders,
  skipped: z.array(skipped),
  skippedCount: z.number().int(),
  deliveries: z.array(ZDelivery),
});
export const ZDistributionProgress = z.object({
  distributionId: z.string(),
  renders,
  /** Seconds until every recipient's video is made, at the pace so far; null before the first is made and once all are. */
  secondsLeft: z.number().int().nullable(),
  deliveries: counts(['total', 'sent', 'failed', 'deferred', 'pending']),
  done: z.boolean(),
});

/** A video's share link (decision 105). */
export const ZVideoShare = z.object({ videoId: z.string(), token: z.string(), path: z.string(), url: ZUrl, createdAt: ZTimestamp });
export const ZShareReply = z.object({ share: ZVideoShare.nullable() });
export const ZUnshareReply = z.object({ revoked: z.boolean() });
