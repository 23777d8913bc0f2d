import { z } from 'zod';
import { ZTimestamp, ZUrl } from '../../shared/reply-schemas';
import { CHANNELS, RENDER_STATUSES } from './tables';

// The tRPC answers of the send step, the settings and the analytics (the distribution router's
// `.output(...)`); the REST answers (ZDistributeReply, ZDistributionDetail, …) are in schemas.ts.

const ZChannel = z.enum(CHANNELS);
const ZFallback = z.object({ variable: z.string(), values: z.array(z.string()) });

/** The send step's look ahead (`preview`). */
export const ZPreviewReply = z.object({
  personalised: z.boolean(),
  /** Why every recipient gets the preview's video; null when each gets their own. */
  sharedBecause: z.enum(['noVariables', 'notRendered']).nullable(),
  personalVoice: z.string().nullable(),
  variables: z.array(z.string()),
  recipients: z.number().int(),
  reach: z.object({ total: z.number().int(), byChannel: z.record(z.string(), z.number().int()) }),
  samples: z.array(
    z.object({
      name: z.string(),
      opening: z.string().nullable(),
      greeting: z.string().nullable(),
      message: z.string(),
      background: z.string().nullable(),
    }),
  ),
  problems: z.array(z.object({ variable: z.string(), missing: z.number().int(), of: z.number().int(), examples: z.array(z.string()), message: z.string() })),
  merged: z.array(z.object({ platform: ZChannel, address: z.string(), kept: z.string(), merged: z.array(z.string()) })),
  withFallbacks: z.number().int(),
  ownBackgrounds: z.number().int(),
});

/** A page of the recipient browser (`recipients`). */
export const ZRecipientPage = z.object({
  total: z.number().int(),
  matched: z.number().int(),
  items: z.array(
    z.object({
      recipientKey: z.string(),
      position: z.number().int(),
      name: z.string().nullable(),
      address: z.string(),
      channels: z.array(ZChannel),
      fallbacks: z.array(ZFallback),
    }),
  ),
});

/** One recipient's subject, e-mail and landing page (`recipientVersion`). */
export const ZRecipientVersionReply = z.object({
  recipientKey: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  channels: z.array(ZChannel),
  personalised: z.boolean(),
  opening: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  title: z.string(),
  greeting: z.string().nullable(),
  cta: z.object({ label: z.string(), url: z.string() }),
  sender: z.string(),
  thumbnail: z.string().nullable(),
  videoUrl: z.string().nullable(),
  landingPath: z.string(),
  fallbacks: z.array(ZFallback),
});

const ZRecipientRenderState = z.object({
  id: z.string(),
  status: z.enum(RENDER_STATUSES),
  progress: z.number(),
  error: z.string().nullable(),
  videoUrl: ZUrl.nullable(),
  captionsUrl: ZUrl.nullable(),
});
/** The chosen recipient's own video (`recipientRender`): null until asked for. */
export const ZRecipientRender = z.object({ personalised: z.boolean(), usesCredit: z.literal(false), render: ZRecipientRenderState.nullable() });
/** "Render this recipient's video" (`renderRecipient`). */
export const ZRenderRecipientReply = z.object({ usesCredit: z.literal(false), render: ZRecipientRenderState });
/** "Send a test to me" (`sendTest`). */
export const ZSendTestReply = z.object({ to: z.string(), subject: z.string() });

/** What recipients see (`sendSettings`, `updateLanding`); `fallback`: what '' falls back to. */
export const ZSendSettings = z.object({
  title: z.string(),
  subject: z.string(),
  ctaLabel: z.string(),
  ctaUrl: z.string(),
  senderName: z.string(),
  fallback: z.object({ ctaUrl: z.string(), senderName: z.string() }),
});
/** Settings → Sending (`defaults`, `saveDefaults`): null where the workspace has none. */
export const ZSendDefaultsReply = z.object({
  senderName: z.string().nullable(),
  subject: z.string().nullable(),
  ctaLabel: z.string().nullable(),
  ctaUrl: z.string().nullable(),
});

/** My Videos → Viewers (`videoViewers`). */
export const ZVideoViewers = z.object({
  videoId: z.string(),
  title: z.string(),
  viewers: z.array(
    z.object({
      key: z.string(),
      name: z.string().nullable(),
      address: z.string().nullable(),
      channel: z.string(),
      openedAt: ZTimestamp.nullable(),
      watched: z.number().nullable(),
      clicked: z.boolean(),
    }),
  ),
});

/** The campaign analytics tab's per-contact table (`campaignRecipients`). */
export const ZCampaignRecipientsReply = z.object({
  total: z.number().int(),
  rows: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['delivery', 'skipped']),
      videoId: z.string(),
      videoTitle: z.string(),
      contactId: z.string().nullable(),
      name: z.string(),
      address: z.string().nullable(),
      channel: z.string(),
      status: z.string(),
      deliveredAt: ZTimestamp.nullable(),
      openedAt: ZTimestamp.nullable(),
      watched: z.number().nullable(),
      ctaClicked: z.boolean(),
      unsubscribed: z.boolean(),
      reason: z.string().nullable(),
    }),
  ),
});
