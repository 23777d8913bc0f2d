import { and, eq, sql } from 'drizzle-orm';
import { newId, newToken } from '../../shared/ids';
import type { EmitEvent } from '../../shared/webhook-events';
import { stableJobId } from '../../server/jobs/job-ids';
import { webhooksAllowed } from '../billing/limits';
import { attemptJobId, type WebhookDeps } from './deliver';
import { WEBHOOK_JOB, WEBHOOK_SWEEP_JOB } from './limits';
import { webhookDeliveries, webhookEndpoints } from './tables';

/** The payload, as Standard Webhooks shapes it: `{ type, timestamp, data }`. */
export const payloadOf = (type: string, data: Record<string, unknown>, at: Date) => JSON.stringify({ type, timestamp: at.toISOString(), data });

/** One sweep per minute at most, whoever asks (the id is the minute's). */
export async function kickWebhookSweep(deps: Pick<WebhookDeps, 'queue'>, afterSeconds = 60) {
  const at = Date.now() + afterSeconds * 1000;
  await deps.queue.send(WEBHOOK_SWEEP_JOB, {}, { id: stableJobId(WEBHOOK_SWEEP_JOB, Math.floor(at / 60_000)), startAfter: new Date(at) });
}

/**
 * Writes one delivery per endpoint (all under one event id: the webhook-id every attempt
 * carries), then queues their first attempts. Rows and jobs are not in one transaction: a crash
 * between leaves pending rows the sweeper queues.
 */
export async function queueEvent(deps: WebhookDeps, opts: { workspaceId: string; endpointIds: string[]; type: string; data: Record<string, unknown> }) {
  if (!opts.endpointIds.length) return [];
  const at = new Date();
  const eventId = `evt_${newToken()}`;
  const body = payloadOf(opts.type, opts.data, at);
  const rows = opts.endpointIds.map((endpointId) => {
    const id = newId();
    return { id, endpointId, workspaceId: opts.workspaceId, eventId, eventType: opts.type, body, jobId: attemptJobId(id, 1), createdAt: at, updatedAt: at };
  });
  await deps.db.insert(webhookDeliveries).values(rows);
  await deps.queue.boss.insert(
    WEBHOOK_JOB,
    rows.map((r) => ({ id: r.jobId, data: { deliveryId: r.id } })),
  );
  await kickWebhookSweep(deps);
  return rows.map((r) => r.id);
}

/**
 * The hook passed to every domain through createDeps: an event goes to its workspace's enabled
 * endpoints that subscribed to it, while the workspace's plan includes webhooks. Never throws (the render,
 * the send or the beacon that caused it has happened and must not fail for it).
 */
export function createWebhookEmitter(deps: WebhookDeps): EmitEvent {
  return async (event) => {
    try {
      const endpoints = await deps.db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(
          and(
            eq(webhookEndpoints.workspaceId, event.workspaceId),
            eq(webhookEndpoints.enabled, true),
            sql`${webhookEndpoints.events} @> ${JSON.stringify([event.type])}::jsonb`,
          ),
        );
      if (!endpoints.length || !(await webhooksAllowed({ db: deps.db, scope: { workspaceId: event.workspaceId } }))) return;
      await queueEvent(deps, { workspaceId: event.workspaceId, endpointIds: endpoints.map((e) => e.id), type: event.type, data: event.data });
    } catch (e) {
      deps.log.error('webhook event not recorded', { type: event.type, workspaceId: event.workspaceId, error: String((e as Error)?.message ?? e) });
    }
  };
}
