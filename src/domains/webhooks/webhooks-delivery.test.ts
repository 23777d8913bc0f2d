import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { TestClient } from '../../test/harness';
import { deliveries } from '../distribution/tables';
import { personalScope } from '../../server/scope';
import { attemptDelivery } from './deliver';
import { answers, arrivals, settledAfter, t, setUpHookServer, verifyStandardWebhook, waitFor, withEndpoint } from './fixtures/endpoints';
import { MAX_ATTEMPTS, retryDelaySeconds } from './limits';
import { sendTestEvent } from './service';
import { webhookDeliveries, webhookEndpoints } from './tables';
import { beacon, servedPage, shareLink } from '../tracking/fixtures/viewer';

/**
 * Webhook deliveries to a fake endpoint on loopback: signed events from played videos, sent
 * messages and unsubscribes; retries with growing delays under one webhook-id; the final failure.
 * Managing endpoints (addresses, access, plans, roles): webhooks-endpoints.test.ts.
 */

// Each test waits on real HTTP round trips through the queue: generous on a loaded machine.
setDefaultTimeout(30_000);
setUpHookServer();

describe('webhook endpoints', () => {
  test('a played video reaches the endpoint, signed as Standard Webhooks says; the secret is stored encrypted only', async () => {
    const { client, path, endpointId, secret } = await withEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const [row] = await t.deps.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6));
    const listed = await client.trpc('query', 'webhooks.list');
    expect(JSON.stringify(listed.data)).not.toContain(secret.slice(6));
    // Nothing of the secret is shown nor stored in clear, not even its first characters (issue 25):
    // a fingerprint (8 hex of its SHA-256) tells secrets apart.
    const shown = listed.data.result.data.endpoints[0];
    expect(shown.secretFingerprint).toBe(new Bun.CryptoHasher('sha256').update(secret).digest('hex').slice(0, 8));
    for (let i = 6; i + 6 <= secret.length; i++) expect(JSON.stringify(listed.data)).not.toContain(secret.slice(i, i + 6));
    expect(JSON.stringify(row)).not.toContain(secret.slice(6, 12));

    const video = (await client.post('/api/videos', { title: 'Hook', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    const anon = new TestClient(t.app);
    const page = await servedPage(anon, await shareLink(client, video.id));
    const viewId = page.page.split('.')[0];
    expect((await beacon(anon, page, 'view')).status).toBe(204);
    expect((await beacon(anon, page, 'progress', 55)).status).toBe(204);
    expect((await beacon(anon, page, 'progress', 60)).status).toBe(204);
    expect((await beacon(anon, page, 'cta')).status).toBe(204);
    // A repeated beacon changes nothing, and sends nothing.
    expect((await beacon(anon, page, 'view')).status).toBe(204);

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
    expect(started.data).toMatchObject({ videoId: video.id, viewId, channel: 'share' });
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
});
