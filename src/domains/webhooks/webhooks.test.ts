import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp, TestClient } from '../../test/harness';
import { subscriptions } from '../billing/tables';
import { deliveries } from '../distribution/tables';
import { personalScope, type Scope } from '../workspaces/scope';
import { workspaceMembers } from '../workspaces/tables';
import { attemptDelivery } from './deliver';
import { MAX_ATTEMPTS, retryDelaySeconds } from './limits';
import { createEndpoint, deleteEndpoint, listEndpoints, sendTestEvent, updateEndpoint } from './service';
import { webhookDeliveries, webhookEndpoints } from './tables';

/**
 * A verifier written from the Standard Webhooks specification (standardwebhooks.com), not from
 * our signing code: the key is the base64 after `whsec_`; the signed content is
 * `${id}.${timestamp}.${body}`; the header holds space-separated `v1,<base64>` signatures; the
 * timestamp must be within 5 minutes.
 */
function verifyStandardWebhook(secret: string, headers: Headers, body: string): boolean {
  const id = headers.get('webhook-id');
  const ts = headers.get('webhook-timestamp');
  const sigs = headers.get('webhook-signature');
  if (!id || !ts || !sigs) return false;
  if (Math.abs(Date.now() / 1000 - Number(ts)) > 300) return false;
  const key = Buffer.from(secret.split('_')[1]!, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
  return sigs.split(' ').some((s) => {
    const [version, sig] = s.split(',');
    const got = Buffer.from(sig ?? '', 'base64');
    return version === 'v1' && got.length === expected.length && timingSafeEqual(got, expected);
  });
}

// Each test waits on real HTTP round trips through the queue: generous on a loaded machine.
setDefaultTimeout(30_000);

type Received = { headers: Headers; body: string; path: string };
let t: Awaited<ReturnType<typeof testApp>>;
let server: ReturnType<typeof Bun.serve>;
const received: Received[] = [];
/** Status the fake endpoint answers, per path. */
const answers = new Map<string, number>();

beforeAll(async () => {
  t = await testApp();
  server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const path = new URL(req.url).pathname;
      received.push({ headers: req.headers, body: await req.text(), path });
      return new Response(`answer ${'x'.repeat(5000)}`, { status: answers.get(path) ?? 200 });
    },
  });
});
afterAll(() => server.stop(true));

const hookUrl = (path: string) => `http://127.0.0.1:${server.port}${path}`;
const arrivals = (path: string) => received.filter((r) => r.path === path);
async function waitFor<T>(fn: () => T | undefined | Promise<T | undefined>, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out');
    await Bun.sleep(50);
  }
}
/** Waits until the delivery's attempt `n` has been recorded (not while it is being sent). */
const settledAfter = (deliveryId: string, n: number) =>
  waitFor(async () => {
    const [r] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    return r && r.attempts === n && r.status !== 'sending' ? r : undefined;
  });
let paths = 0;
const newPath = () => `/hook${++paths}-${Date.now().toString(36)}`;

async function withEndpoint(events: string[] = ['view.started', 'view.progress', 'cta.clicked']) {
  const s = await signedInClient(t.app);
  const path = newPath();
  const res = await s.client.trpc('mutation', 'webhooks.create', { url: hookUrl(path), events });
  expect(res.status).toBe(200);
  const created = res.data.result.data as { endpoint: { id: string }; secret: string };
  return { ...s, path, endpointId: created.endpoint.id, secret: created.secret };
}

describe('webhook endpoints', () => {
  test('a played video reaches the endpoint, signed as Standard Webhooks says; the secret is stored encrypted only', async () => {
    const { client, path, endpointId, secret } = await withEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    const listed = await client.trpc('query', 'webhooks.list');
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(6));
    expect(listed.data.result.data.endpoints[0].secretPrefix).toBe(secret.slice(0, 12));

    const video = (await client.post('/api/videos', { title: 'Hook', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    const anon = new TestClient(t.app);
    const viewId = `view${Date.now().toString(36)}abc`;
    expect((await anon.post('/api/track', { videoId: video.id, event: 'view', viewId })).status).toBe(204);
    expect((await anon.post('/api/track', { videoId: video.id, event: 'progress', viewId, percent: 55 })).status).toBe(204);
    expect((await anon.post('/api/track', { videoId: video.id, event: 'progress', viewId, percent: 60 })).status).toBe(204);
    expect((await anon.post('/api/track', { videoId: video.id, event: 'cta', viewId })).status).toBe(204);
    // A repeated beacon changes nothing, and sends nothing.
    expect((await anon.post('/api/track', { videoId: video.id, event: 'view', viewId })).status).toBe(204);

    const got = await waitFor(() => (arrivals(path).length >= 4 ? arrivals(path) : undefined));
    await Bun.sleep(300);
    expect(arrivals(path).length).toBe(4);
    for (const r of got) {
      expect(verifyStandardWebhook(secret, r.headers, r.body)).toBe(true);
      expect(verifyStandardWebhook(`whsec_${Buffer.from('wrong key of 32 bytes..........').toString('base64')}`, r.headers, r.body)).toBe(false);
      expect(verifyStandardWebhook(secret, r.headers, r.body.replace('}', ' }'))).toBe(false);
      expect(r.headers.get('content-type')).toBe('application/json');
    }
    const bodies = got.map((r) => JSON.parse(r.body));
    expect(bodies.map((b) => `${b.type}${b.data.percent ?? ''}`).sort()).toEqual(['cta.clicked', 'view.progress25', 'view.progress50', 'view.started']);
    const started = bodies.find((b) => b.type === 'view.started');
    expect(started.data).toMatchObject({ videoId: video.id, viewId, channel: 'direct' });
    expect(new Date(started.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const deliveries = await waitFor(async () => {
      const d = (await client.trpc('query', 'webhooks.deliveries', { id: endpointId })).data.result.data;
      return d.every((x: { status: string }) => x.status === 'succeeded') ? d : undefined;
    });
    expect(deliveries).toHaveLength(4);
    expect(deliveries[0]).toMatchObject({ status: 'succeeded', responseStatus: 200, attempts: 1 });
    // Only a short excerpt of the answer is kept.
    expect(deliveries[0].responseExcerpt.length).toBeLessThanOrEqual(200);
    expect(deliveries[0].responseExcerpt.startsWith('answer x')).toBe(true);
  });

  test('an endpoint answering 500 is retried with growing delays under the same webhook-id, for more than a day', async () => {
    const { userId, endpointId, path } = await (async () => {
      const e = await withEndpoint(['video.ready']);
      return { ...e, userId: e.user.id };
    })();
    answers.set(path, 500);
    const { deliveryId } = await sendTestEvent({ ...t.deps, scope: personalScope(userId), id: endpointId });
    const read = async () => (await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId)))[0]!;
    // The first attempt runs on the queue at once.
    const first = await waitFor(async () => {
      const r = await read();
      return r.attempts === 1 && r.status === 'pending' ? r : undefined;
    });
    expect(first.responseStatus).toBe(500);
    expect(first.error).toBe('The endpoint answered HTTP 500');
    const delay1 = (first.nextAttemptAt!.getTime() - first.updatedAt.getTime()) / 1000;
    expect(delay1).toBeGreaterThan(12);
    expect(delay1).toBeLessThan(18);
    // Not yet due: a repeated job does nothing.
    expect(await attemptDelivery(t.deps, deliveryId)).toBe('skipped');
    // Due now: the second attempt waits about three times longer.
    await t.deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(await attemptDelivery(t.deps, deliveryId)).toBe('retry');
    const second = await read();
    const delay2 = (second.nextAttemptAt!.getTime() - Date.now()) / 1000;
    expect(delay2).toBeGreaterThan(38);
    expect(delay2).toBeLessThan(52);
    // The endpoint recovers: the third attempt succeeds, every attempt carried the same webhook-id.
    answers.set(path, 204);
    await t.deps.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(await attemptDelivery(t.deps, deliveryId)).toBe('succeeded');
    expect(await read()).toMatchObject({ status: 'succeeded', attempts: 3, responseStatus: 204, error: null });
    const ids = new Set(arrivals(path).map((r) => r.headers.get('webhook-id')));
    expect(arrivals(path)).toHaveLength(3);
    expect(ids.size).toBe(1);
    expect([...ids][0]).toBe(second.eventId);
    expect(JSON.parse(arrivals(path)[0]!.body).type).toBe('webhook.test');

    // The schedule: exponential, and the last attempt comes more than a day after the first.
    let total = 0;
    for (let n = 1; n < MAX_ATTEMPTS; n++) {
      const d = retryDelaySeconds(n, 0);
      if (n > 1 && d < 36_000 * 0.9) expect(d).toBeGreaterThan(retryDelaySeconds(n - 1, 1));
      total += d;
    }
    expect(total).toBeGreaterThan(24 * 3600);
  });

  test('the last failed attempt marks the delivery failed', async () => {
    const e = await withEndpoint(['video.ready']);
    answers.set(e.path, 503);
    const { deliveryId } = await sendTestEvent({ ...t.deps, scope: personalScope(e.user.id), id: e.endpointId });
    await settledAfter(deliveryId, 1);
    await t.deps.db
      .update(webhookDeliveries)
      .set({ attempts: MAX_ATTEMPTS - 1, nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    expect(await attemptDelivery(t.deps, deliveryId)).toBe('failed');
    const [row] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, responseStatus: 503, nextAttemptAt: null });
  });

  test('private and loopback addresses are refused unless the server allows them', async () => {
    const e = await withEndpoint(['video.ready']);
    const strict = { ...t.deps, env: { ...t.deps.env, FETCH_ALLOW_PRIVATE: 'false' as const } };
    const input = (url: string) => ({ ...strict, scope: personalScope(e.user.id), input: { url, events: ['video.ready' as const] } });
    await expect(createEndpoint(input(hookUrl('/x')))).rejects.toThrow('Endpoint URL must start with https://');
    await expect(createEndpoint(input('https://127.0.0.1/x'))).rejects.toThrow('Endpoint URL refused: 127.0.0.1 is a private or local address');
    await expect(createEndpoint(input('https://10.1.2.3/x'))).rejects.toThrow('private or local address');
    await expect(createEndpoint(input('https://[::1]/x'))).rejects.toThrow('private or local address');
    await expect(createEndpoint(input('https://169.254.169.254/latest/meta-data'))).rejects.toThrow('private or local address');
    await expect(createEndpoint(input('ftp://example.com/x'))).rejects.toThrow('must start with https://');
    // An endpoint made while it was allowed is not reached once it is not.
    const { deliveryId } = await sendTestEvent({ ...t.deps, scope: personalScope(e.user.id), id: e.endpointId });
    await settledAfter(deliveryId, 1);
    await t.deps.db.update(webhookDeliveries).set({ status: 'pending', nextAttemptAt: null }).where(eq(webhookDeliveries.id, deliveryId));
    expect(await attemptDelivery(strict, deliveryId)).toBe('retry');
    const [row] = await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
    expect(row!.error).toBe('127.0.0.1 is a private or local address');
    expect(arrivals(e.path)).toHaveLength(1);
  });

  test("another workspace's endpoint answers 404; bad input 400", async () => {
    const owner = await withEndpoint();
    const other = await signedInClient(t.app);
    for (const [kind, name, input] of [
      ['query', 'webhooks.deliveries', { id: owner.endpointId }],
      ['mutation', 'webhooks.test', { id: owner.endpointId }],
      ['mutation', 'webhooks.update', { id: owner.endpointId, enabled: false }],
      ['mutation', 'webhooks.delete', { id: owner.endpointId }],
    ] as const) {
      const res = await other.client.trpc(kind, name, input);
      expect(res.status).toBe(404);
      expect(res.data.error.message).toBe('Webhook endpoint not found');
    }
    expect((await other.client.trpc('query', 'webhooks.list')).data.result.data.endpoints).toEqual([]);
    const [still] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, owner.endpointId));
    expect(still!.enabled).toBe(true);
    const bad = await other.client.trpc('mutation', 'webhooks.create', { url: hookUrl('/y'), events: [] });
    expect(bad.status).toBe(400);
    expect(bad.data.error.message).toBe('Choose at least one event');
    const unknown = await other.client.trpc('mutation', 'webhooks.create', { url: hookUrl('/y'), events: ['video.deleted'] });
    expect(unknown.status).toBe(400);
    expect((await other.client.trpc('mutation', 'webhooks.create', { url: 'not a url', events: ['video.ready'] })).data.error.message).toBe(
      'Endpoint URL is not a valid address',
    );
  });

  test('disable stops events, enable resumes them, delete removes the endpoint and its deliveries', async () => {
    const e = await withEndpoint(['view.started']);
    const video = (await e.client.post('/api/videos', { title: 'Hook', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    const anon = new TestClient(t.app);
    const play = () => anon.post('/api/track', { videoId: video.id, event: 'view', viewId: `view${crypto.randomUUID().slice(0, 12)}` });
    expect((await e.client.trpc('mutation', 'webhooks.update', { id: e.endpointId, enabled: false })).data.result.data.enabled).toBe(false);
    await play();
    expect((await e.client.trpc('mutation', 'webhooks.test', { id: e.endpointId })).status).toBe(400);
    await Bun.sleep(500);
    expect(arrivals(e.path)).toHaveLength(0);
    await e.client.trpc('mutation', 'webhooks.update', { id: e.endpointId, enabled: true });
    await play();
    await waitFor(() => (arrivals(e.path).length === 1 ? true : undefined));
    expect((await e.client.trpc('mutation', 'webhooks.delete', { id: e.endpointId })).status).toBe(200);
    expect(await t.deps.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, e.endpointId))).toEqual([]);
    expect((await e.client.trpc('query', 'webhooks.list')).data.result.data.endpoints).toEqual([]);
  });

  test('a message sent and a recipient unsubscribing reach the endpoint: delivery.sent, then contact.unsubscribed once', async () => {
    const e = await withEndpoint(['delivery.sent', 'contact.unsubscribed']);
    const video = await e.client.post('/api/videos', { title: 'Tour', videoUrl: 'https://cdn.example.com/v.mp4', status: 'completed' });
    const list = await e.client.post('/api/contact-lists', { name: 'Leads' });
    const contact = await e.client.post(`/api/contact-lists/${list.data.id}/contacts`, { name: 'Ann Example', email: 'ann@example.com' });
    const sent = await e.client.post(`/api/videos/${video.data.id}/distribute`, { contactIds: [contact.data.id], platforms: ['email'] });
    expect(sent.status).toBe(201);
    const typed = (type: string) => arrivals(e.path).filter((r) => JSON.parse(r.body).type === type);
    const hit = await waitFor(() => typed('delivery.sent')[0]);
    expect(verifyStandardWebhook(e.secret, hit.headers, hit.body)).toBe(true);
    const data = JSON.parse(hit.body).data;
    expect(data).toMatchObject({
      distributionId: sent.data.distributionId,
      videoId: video.data.id,
      contactId: contact.data.id,
      channel: 'email',
      recipient: 'Ann Example',
    });
    const [d] = await t.deps.db.select().from(deliveries).where(eq(deliveries.id, data.deliveryId));
    const anon = new TestClient(t.app);
    expect((await anon.post(`/unsubscribe/${d!.token}`)).status).toBe(200);
    expect((await anon.post(`/unsubscribe/${d!.token}`)).status).toBe(200);
    const unsub = await waitFor(() => typed('contact.unsubscribed')[0]);
    expect(JSON.parse(unsub.body).data).toMatchObject({ contactId: contact.data.id, deliveryId: data.deliveryId, channel: 'email' });
    await Bun.sleep(300);
    expect(typed('contact.unsubscribed')).toHaveLength(1);
  });

  test('plan-gated: the Basic plan gets 402 naming the plan, and its endpoints receive nothing', async () => {
    const e = await withEndpoint(['view.started']);
    await t.deps.db.update(subscriptions).set({ planId: 'basic', status: 'active' }).where(eq(subscriptions.userId, e.user.id));
    const res = await e.client.trpc('mutation', 'webhooks.create', { url: hookUrl('/z'), events: ['video.ready'] });
    expect(res.status).toBe(402);
    expect(res.data.error.message).toBe('Webhooks are not included in your Basic plan. Upgrade to Pro to send events to your endpoints.');
    expect((await e.client.trpc('mutation', 'webhooks.test', { id: e.endpointId })).status).toBe(402);
    expect((await e.client.trpc('query', 'webhooks.list')).data.result.data.allowed).toBe(false);
    const video = (await e.client.post('/api/videos', { title: 'Hook', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    await new TestClient(t.app).post('/api/track', { videoId: video.id, event: 'view', viewId: 'viewbasicplan1' });
    await Bun.sleep(500);
    expect(arrivals(e.path)).toHaveLength(0);
  });
  test('endpoints are the workspace’s admins’: a member gets 403 creating, changing, testing, deleting or listing them', async () => {
    const owner = await withEndpoint(['video.ready']);
    const member = await signedInClient(t.app);
    await t.deps.db.insert(workspaceMembers).values({ workspaceId: owner.user.id, userId: member.user.id, role: 'member' });
    const scope: Scope = { workspaceId: owner.user.id, userId: member.user.id, role: 'member' };
    const forbidden = { code: 'FORBIDDEN', message: 'Only an admin or the owner of this workspace can do this' };
    await expect(createEndpoint({ ...t.deps, scope, input: { url: hookUrl('/member'), events: ['video.ready'] } })).rejects.toMatchObject(forbidden);
    await expect(updateEndpoint({ ...t.deps, scope, input: { id: owner.endpointId, enabled: false } })).rejects.toMatchObject(forbidden);
    await expect(sendTestEvent({ ...t.deps, scope, id: owner.endpointId })).rejects.toMatchObject(forbidden);
    await expect(deleteEndpoint({ ...t.deps, scope, id: owner.endpointId })).rejects.toMatchObject(forbidden);
    await expect(listEndpoints({ ...t.deps, scope })).rejects.toMatchObject(forbidden);
    const rows = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.workspaceId, owner.user.id));
    expect(rows.map((r) => [r.id, r.enabled])).toEqual([[owner.endpointId, true]]);

    // An admin of the workspace manages them; what it creates is the workspace's, and records its creator.
    await t.deps.db.update(workspaceMembers).set({ role: 'admin' }).where(eq(workspaceMembers.userId, member.user.id));
    const admin: Scope = { ...scope, role: 'admin' };
    const made = await createEndpoint({ ...t.deps, scope: admin, input: { url: hookUrl('/admin'), events: ['video.ready'] } });
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, made.endpoint.id));
    expect(row).toMatchObject({ workspaceId: owner.user.id, createdBy: member.user.id });
    expect((await listEndpoints({ ...t.deps, scope: admin })).endpoints).toHaveLength(2);
    // The member's own workspace holds none of them.
    expect((await listEndpoints({ ...t.deps, scope: personalScope(member.user.id) })).endpoints).toEqual([]);
  });
});
