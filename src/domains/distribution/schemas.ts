import { z } from 'zod';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { CHANNELS, DELIVERY_STATUSES } from './tables';

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
  otherCampaign: 'The video belongs to another campaign',
  tooMany: 'A distribution reaches at most 50,000 recipients',
} as const;

export const MAX_RECIPIENTS = 50_000;
const id = z.string().min(1).max(64);
const ids = (label: string) =>
  z
    .array(id, { error: `${label} must be a list of ids` })
    .max(MAX_RECIPIENTS, DISTRIBUTION_MESSAGES.tooMany)
    .optional();

/** Unknown channels answer their name; e-mail is always available, the others need a connected account. */
const platform = z.string({ error: 'Invalid platform' }).refine((v) => (CHANNELS as readonly string[]).includes(v.toLowerCase()), { message: 'Unknown platform' });

/**
 * The spec's distribution request (videoId, contactIds, listIds, socialContactIds, platforms,
 * message), plus personalizeVideo/script (a per-recipient video) and campaignId.
 */
export const ZDistribute = z
  .object({
    videoId: id.optional(),
    contactIds: ids('contactIds'),
    listIds: ids('listIds'),
    socialContactIds: ids('socialContactIds'),
    platforms: z.array(platform, { error: DISTRIBUTION_MESSAGES.noPlatforms }).max(CHANNELS.length * 2).optional(),
    message: z.string({ error: 'Invalid message' }).max(5000, DISTRIBUTION_MESSAGES.message).optional(),
    personalizeVideo: z.boolean({ error: 'personalizeVideo must be true or false' }).optional(),
    script: z.string({ error: 'Invalid script' }).max(5000, DISTRIBUTION_MESSAGES.script).optional(),
    campaignId: id.nullable().optional(),
  })
  .strict();
export type TDistribute = z.infer<typeof ZDistribute>;

export const ZDistributeCall = ZDistribute.extend({ videoId: z.string({ error: DISTRIBUTION_MESSAGES.missingVideo }).min(1, DISTRIBUTION_MESSAGES.missingVideo).max(64) });

export const ZDistributionId = z.object({ id: id }).strict();
export const ZVideoDeliveries = z
  .object({
    id: id,
    limit: z.coerce.number().int().min(1).max(5000).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export const ZDeliveriesQuery = ZVideoDeliveries.omit({ id: true });

// Answers.
const skipped = z.object({ contactId: z.string().nullable(), socialContactId: z.string().nullable().optional(), name: z.string().nullable().optional(), platform: z.string(), reason: z.string() });
export const ZDistributeReply = z.object({ distributionId: z.string(), deliveries: z.number().int(), renders: z.number().int(), skipped: z.array(skipped) });
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
  createdAt: ZTimestamp,
});
export const ZDeliveryList = z.object({ total: z.number().int(), deliveries: z.array(ZDelivery) });
const renders = z.object({ total: z.number().int(), done: z.number().int(), failed: z.number().int() });
export const ZDistributionDetail = z.object({
  id: z.string(),
  videoId: z.string(),
  campaignId: z.string().nullable(),
  platforms: z.array(z.string()),
  message: z.string(),
  personalizeVideo: z.boolean(),
  createdAt: ZTimestamp,
  counts: z.object({
    total: z.number().int(),
    waiting: z.number().int(),
    pending: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    deferred: z.number().int(),
    failed: z.number().int(),
  }),
  renders,
  skipped: z.array(skipped),
  skippedCount: z.number().int(),
  deliveries: z.array(ZDelivery),
});
export const ZDistributionProgress = z.object({
  distributionId: z.string(),
  renders,
  deliveries: z.object({ total: z.number().int(), sent: z.number().int(), failed: z.number().int(), deferred: z.number().int(), pending: z.number().int() }),
  done: z.boolean(),
});
