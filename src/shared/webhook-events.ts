// Events an account's webhook endpoints can receive (issue 13). Isomorphic: the settings screen
// lists them, the services emit them, the endpoint's subscription stores their names.

export const WEBHOOK_EVENTS = [
  'video.ready',
  'video.failed',
  'delivery.sent',
  'delivery.failed',
  'view.started',
  'view.progress',
  'cta.clicked',
  'contact.unsubscribed',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** Sent by "Send test event" to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** One event, as the domain where it happened describes it; `data` becomes the payload's `data`. */
export type WebhookEvent = { workspaceId: string; type: WebhookEventType; data: Record<string, unknown> };

/**
 * The hook every domain emits through (built once in createDeps, passed in, never imported):
 * records one delivery per subscribed endpoint and queues them. Never throws: an event that
 * cannot be recorded is logged, the work that caused it goes on.
 */
export type EmitEvent = (event: WebhookEvent) => Promise<void>;

/** view.progress is sent when a view passes one of these marks (not at every 5 % beacon). */
export const PROGRESS_MARKS = [25, 50, 75, 100] as const;
