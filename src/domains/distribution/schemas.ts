import { z } from 'zod';
import { id, multiLine, singleLine } from '../../shared/zod-text';
import { CHANNELS } from './tables';

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
const anId = id();
const ids = (label: string) =>
  z
    .array(anId, { error: `${label} must be a list of ids` })
    .max(MAX_RECIPIENTS, DISTRIBUTION_MESSAGES.tooMany)
    .optional();

/** Unknown channels answer their name; e-mail is always available, the others need a connected account. */
const platform = singleLine('platform', { error: 'Invalid platform' }).refine((v) => (CHANNELS as readonly string[]).includes(v.toLowerCase()), { message: 'Unknown platform' });

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
    platforms: z.array(platform, { error: DISTRIBUTION_MESSAGES.noPlatforms }).max(CHANNELS.length * 2).optional(),
    message: multiLine('Message', { error: 'Invalid message' }).max(5000, DISTRIBUTION_MESSAGES.message).optional(),
    personalizeVideo: z.boolean({ error: 'personalizeVideo must be true or false' }).optional(),
    script: multiLine('Script', { error: 'Invalid script' }).max(5000, DISTRIBUTION_MESSAGES.script).optional(),
    campaignId: anId.nullable().optional(),
  })
  .strict();
export type TDistribute = z.infer<typeof ZDistribute>;

export const ZDistributeCall = ZDistribute.extend({ videoId: id('video', 64, { error: DISTRIBUTION_MESSAGES.missingVideo }) });

export const ZDistributionId = z.object({ id: anId }).strict();
export const ZVideoDeliveries = z
  .object({
    id: anId,
    limit: z.coerce.number().int().min(1).max(5000).optional(),
    offset: z.coerce.number().int().min(0).optional(),
  })
  .strict();
export const ZDeliveriesQuery = ZVideoDeliveries.omit({ id: true });
