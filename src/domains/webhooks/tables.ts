import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedColumns, workspaceId } from '../workspaces/tables';
import { leaseColumns, parentId, timestamps } from '../../server/db/columns';

// An account's endpoints: the signing secret is stored encrypted (AES-GCM bound to the endpoint id)
// and shown once; the screen tells secrets apart by a fingerprint (a hash) computed from it, never by
// any of its characters (issue 25: the first 6 were shown and stored in clear).
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    ...ownedColumns(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<string[]>().notNull(),
    secretEncrypted: text('secret_encrypted').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_user_idx').on(t.workspaceId)],
);

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

// The webhook outbox: one row per (event, endpoint). The body is stored as signed so that every
// attempt sends the same bytes under the same webhook-id (the event id); only a short excerpt of
// the endpoint's answer is kept.
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: parentId('endpoint_id', () => webhookEndpoints.id),
    workspaceId: workspaceId(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    ...leaseColumns(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    jobId: text('job_id'),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    ...timestamps(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_open_idx').on(t.status, t.updatedAt),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
