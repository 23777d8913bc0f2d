import { and, count, desc, eq } from 'drizzle-orm';
import { AppError, invalidInput } from '../../server/http/app-error';
import { checkHost, FetchRefused } from '../../server/http/guarded-fetch';
import { newId } from '../../shared/ids';
import { WEBHOOK_TEST_EVENT } from '../../shared/webhook-events';
import { assertWebhooksAllowed, webhooksAllowed } from '../billing/limits';
import { createdIn, inWorkspace, ownRow, requireRole, type Scope } from '../../server/scope';
import type { WebhookDeps } from './deliver';
import { queueEvent } from './emit';
import { MAX_ENDPOINTS, RECENT_DELIVERIES } from './limits';
import type { TCreateWebhookEndpoint, TUpdateWebhookEndpoint } from './schemas';
import { newSigningSecret, secretFingerprint } from './sign';
import { webhookDeliveries, webhookEndpoints, type WebhookEndpointRow } from './tables';

// Endpoints of the workspace (docs/decisions/163): every query scoped to it, another workspace's
// endpoint answers 404; they are the admins' (403 for members); adding, enabling and testing need
// a plan with webhooks (402).

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
type Opts = WebhookDeps & { scope: Scope };

/** https, or http when the server may reach private addresses; never an internal address unless allowed. */
async function checkEndpointUrl(deps: WebhookDeps, raw: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidInput('Endpoint URL is not a valid address');
  }
  const allowPrivate = deps.env.FETCH_ALLOW_PRIVATE === 'true';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allowPrivate)) throw invalidInput('Endpoint URL must start with https://');
  try {
    await checkHost(url, allowPrivate);
  } catch (e) {
    if (e instanceof FetchRefused) throw invalidInput(`Endpoint URL refused: ${e.message}`);
    throw e;
  }
  return url.toString();
}

const view = (e: WebhookEndpointRow, fingerprint: string | null) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  events: e.events,
  enabled: e.enabled,
  /** First 8 hex digits of the secret's SHA-256 (null when it no longer decrypts): tells secrets apart, reveals nothing. */
  secretFingerprint: fingerprint,
  createdAt: e.createdAt.toISOString(),
});

/** The endpoint as shown, its fingerprint computed from the decrypted secret (nothing of the secret is stored in clear). */
async function shown(deps: Pick<WebhookDeps, 'box'>, e: WebhookEndpointRow) {
  const secret = await deps.box.decrypt(e.secretEncrypted, e.id).catch(() => null);
  return view(e, secret === null ? null : secretFingerprint(secret));
}

const ownEndpoint = (opts: Opts & { id: string }) => ownRow(opts.db, webhookEndpoints, opts.scope, opts.id, ENDPOINT_NOT_FOUND);

/** The endpoints, and whether the plan lets them receive events (the screen explains when not). Admins only. */
export async function listEndpoints(opts: Opts) {
  requireRole(opts.scope, 'admin');
  const rows = await opts.db.select().from(webhookEndpoints).where(inWorkspace(webhookEndpoints, opts.scope)).orderBy(desc(webhookEndpoints.createdAt));
  return { allowed: await webhooksAllowed({ db: opts.db, scope: opts.scope }), endpoints: await Promise.all(rows.map((r) => shown(opts, r))) };
}

/** Creates an endpoint; its signing secret is returned this once and kept only encrypted. */
export async function createEndpoint(opts: Opts & { input: TCreateWebhookEndpoint }) {
  requireRole(opts.scope, 'admin');
  await assertWebhooksAllowed({ db: opts.db, scope: opts.scope });
  const url = await checkEndpointUrl(opts, opts.input.url);
  const [n] = await opts.db.select({ n: count() }).from(webhookEndpoints).where(inWorkspace(webhookEndpoints, opts.scope));
  if (Number(n?.n ?? 0) >= MAX_ENDPOINTS) throw invalidInput(`At most ${MAX_ENDPOINTS} webhook endpoints per workspace`);
  const id = newId();
  const secret = newSigningSecret();
  const [row] = await opts.db
    .insert(webhookEndpoints)
    .values({
      id,
      ...createdIn(opts.scope),
      url,
      description: opts.input.description ?? '',
      events: [...new Set(opts.input.events)],
      // Bound to the row: a ciphertext copied to another endpoint does not decrypt.
      secretEncrypted: await opts.box.encrypt(secret, id),
    })
    .returning();
  return { endpoint: view(row!, secretFingerprint(secret)), secret };
}

export async function updateEndpoint(opts: Opts & { input: TUpdateWebhookEndpoint }) {
  const { input } = opts;
  requireRole(opts.scope, 'admin');
  await ownEndpoint({ ...opts, id: input.id });
  if (input.enabled === true) await assertWebhooksAllowed({ db: opts.db, scope: opts.scope });
  const [row] = await opts.db
    .update(webhookEndpoints)
    .set({
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      ...(input.events ? { events: [...new Set(input.events)] } : {}),
      updatedAt: new Date(),
    })
    .where(and(eq(webhookEndpoints.id, input.id), inWorkspace(webhookEndpoints, opts.scope)))
    .returning();
  return shown(opts, row!);
}

/** Deletes the endpoint and its deliveries (queued attempts find nothing to claim). */
export async function deleteEndpoint(opts: Opts & { id: string }) {
  requireRole(opts.scope, 'admin');
  await ownEndpoint(opts);
  await opts.db.delete(webhookEndpoints).where(and(eq(webhookEndpoints.id, opts.id), inWorkspace(webhookEndpoints, opts.scope)));
  return { ok: true as const };
}

/** A `webhook.test` event to this endpoint only, through the same outbox as real events. */
export async function sendTestEvent(opts: Opts & { id: string }) {
  requireRole(opts.scope, 'admin');
  const endpoint = await ownEndpoint(opts);
  await assertWebhooksAllowed({ db: opts.db, scope: opts.scope });
  if (!endpoint.enabled) throw new AppError('INVALID_INPUT', 'Enable the endpoint to send it a test event');
  const [deliveryId] = await queueEvent(opts, {
    workspaceId: opts.scope.workspaceId,
    endpointIds: [endpoint.id],
    type: WEBHOOK_TEST_EVENT,
    data: { message: 'A test event from Avatar Studio', endpointId: endpoint.id },
  });
  return { deliveryId: deliveryId! };
}

/** The endpoint's recent deliveries: status, attempts, the answer's code and a short excerpt. */
export async function listDeliveries(opts: Opts & { id: string }) {
  requireRole(opts.scope, 'admin');
  await ownEndpoint(opts);
  const rows = await opts.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, opts.id), inWorkspace(webhookDeliveries, opts.scope)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(RECENT_DELIVERIES);
  return rows.map((d) => ({
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    responseStatus: d.responseStatus,
    responseExcerpt: d.responseExcerpt,
    error: d.error,
    durationMs: d.durationMs,
    nextAttemptAt: d.nextAttemptAt?.toISOString() ?? null,
    createdAt: d.createdAt.toISOString(),
    deliveredAt: d.deliveredAt?.toISOString() ?? null,
  }));
}
