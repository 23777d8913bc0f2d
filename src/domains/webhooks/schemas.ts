import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../shared/webhook-events';
import { exactLine, id, singleLine } from '../../shared/zod-text';
import { WEBHOOK_DELIVERY_STATUSES } from './tables';

export const URL_REQUIRED = 'Endpoint URL is required';
export const EVENTS_REQUIRED = 'Choose at least one event';

export const ZWebhookEvents = z
  .array(z.enum(WEBHOOK_EVENTS, { error: 'Unknown event' }), { error: EVENTS_REQUIRED })
  .min(1, EVENTS_REQUIRED)
  .max(WEBHOOK_EVENTS.length);

export const ZCreateWebhookEndpoint = z
  .object({
    url: exactLine('Endpoint URL').trim().min(1, URL_REQUIRED).max(2000, 'Endpoint URL must be at most 2000 characters'),
    description: singleLine('Description').trim().max(200, 'Description must be at most 200 characters').optional(),
    events: ZWebhookEvents,
  })
  .strict();
export type TCreateWebhookEndpoint = z.infer<typeof ZCreateWebhookEndpoint>;

export const ZWebhookEndpointId = z.object({ id: id('endpoint') }).strict();
export const ZUpdateWebhookEndpoint = z.object({ id: id('endpoint'), enabled: z.boolean().optional(), events: ZWebhookEvents.optional() }).strict();
export type TUpdateWebhookEndpoint = z.infer<typeof ZUpdateWebhookEndpoint>;

// Answers. Dates are ISO strings here: the service formats them.
/** Event names as stored: validated on the way in, kept as strings (the column's type). */
export const ZWebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  /** null when the secret no longer decrypts. */
  secretFingerprint: z.string().nullable(),
  createdAt: z.string(),
});
export const ZWebhookEndpointList = z.object({ allowed: z.boolean(), endpoints: z.array(ZWebhookEndpoint) });
/** The signing secret, shown this once. */
export const ZWebhookEndpointCreated = z.object({ endpoint: ZWebhookEndpoint, secret: z.string() });
export const ZWebhookDeleted = z.object({ ok: z.literal(true) });
export const ZWebhookTestSent = z.object({ deliveryId: z.string() });
export const ZWebhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export const ZWebhookDeliveries = z.array(ZWebhookDelivery);
