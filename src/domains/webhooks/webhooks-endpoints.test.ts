import { describe, expect, setDefaultTimeout, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, TestClient } from '../../test/harness';
import { subscriptions } from '../billing/tables';
import { personalScope, type Scope } from '../../server/scope';
import { workspaceMembers } from '../workspaces/tables';
import { attemptDelivery } from './deliver';
import { arrivals, hookUrl, settledAfter, t, setUpHookServer, waitFor, withEndpoint } from './fixtures/endpoints';
import { createEndpoint, deleteEndpoint, listEndpoints, sendTestEvent, updateEndpoint } from './service';
import { webhookDeliveries, webhookEndpoints } from './tables';
import { beacon, servedPage, shareLink } from '../tracking/fixtures/viewer';

/**
 * Managing webhook endpoints: private addresses refused, another workspace's endpoints out of
 * reach, disable/enable/delete, the plan gate, and admin-only management within a workspace.
 */

// Each test waits on real HTTP round trips through the queue: generous on a loaded machine.
setDefaultTimeout(30_000);
setUpHookServer();

describe('webhook endpoints', () => {
  test('private and loopback addresses are refused unless the server allows them', async () => {
    const e = await withEndpoint(['video.ready']);
    const strict = { ...t.deps, env: { ...t.deps.env, FETCH_ALLOW_PRIVATE: 'false' as const } };
    const input = (url: string) => ({ ...strict, scope: personalScope(e.user.id), input: { url, events: ['video.ready' as const] } });
    await expect(createEndpoint(input(hookUrl('/x')))).rejects.toThrow('Endpoint URL must start with https://');
    await expect(createEndpoint(input('https://127.0.0.1/x'))).rejects.toThrow('Endpoint URL refused: 127.0.0.1 is a private or local address');
    await expect(createEndpoint(input('https://10.1.2.3/x'))).rejects.toThrow('private or local address');
    await expect(createEndpoint(input('https://[::1]/x'))).rejects.toThrow('private or local address');
    await expect(createEndpoint(input('https://169.254.169.254/latest/meta-data'))).rejects.toThrow('private or local address');
    // IPv6 transition formats carrying loopback, site-local (issue 25): global unicast only.
    for (const host of ['[::ffff:0:7f00:1]', '[2002:7f00:1::1]', '[2001:0:4136:e378:8000:63bf:80ff:fffe]', '[fec0::1]', '[64:ff9b::7f00:1]'])
      await expect(createEndpoint(input(`https://${host}/x`))).rejects.toThrow('private or local address');
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
    const link = await shareLink(e.client, video.id);
    const play = async () => beacon(anon, await servedPage(anon, link), 'view');
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

  test('plan-gated: the Basic plan gets 402 naming the plan, and its endpoints receive nothing', async () => {
    const e = await withEndpoint(['view.started']);
    await t.deps.db.update(subscriptions).set({ planId: 'basic', status: 'active' }).where(eq(subscriptions.userId, e.user.id));
    const res = await e.client.trpc('mutation', 'webhooks.create', { url: hookUrl('/z'), events: ['video.ready'] });
    expect(res.status).toBe(402);
    expect(res.data.error.message).toBe('Webhooks are not included in your Basic plan. Upgrade to Pro to send events to your endpoints.');
    expect((await e.client.trpc('mutation', 'webhooks.test', { id: e.endpointId })).status).toBe(402);
    expect((await e.client.trpc('query', 'webhooks.list')).data.result.data.allowed).toBe(false);
    const video = (await e.client.post('/api/videos', { title: 'Hook', videoUrl: 'https://cdn.example.com/v.mp4' })).data;
    const viewer = new TestClient(t.app);
    expect((await beacon(viewer, await servedPage(viewer, await shareLink(e.client, video.id)), 'view')).status).toBe(204);
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
