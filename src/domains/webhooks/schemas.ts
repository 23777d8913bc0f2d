import { z } from 'zod';
import { WEBHOOK_EVENTS } from '../../shared/webhook-events';
import { exactLine, id, singleLine } from '../../shared/zod-text';

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
