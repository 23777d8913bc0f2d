import { beforeAll, describe, expect, test } from 'bun:test';
import { appRouter } from '../../app/router';
import { API_CALLS } from '../../test/api-calls';
import { buildApiWorld, type ApiWorld } from '../../test/api-world';
import { loggedTestApp } from '../../test/statement-log';
import { API_ROUTES } from '../../app/api-routes';
import { workspaceInvites } from '../../domains/workspaces/tables';
import { newId } from '../../shared/ids';

// Issue 9 item 15: a read (GET on /api/*, a tRPC query) never writes. Every statement of an
// app of its own is recorded; each read runs alone and must issue no insert/update/delete.

let t: Awaited<ReturnType<typeof loggedTestApp>>;
let w: ApiWorld;
let webhookId = '';
let supportRequestId = '';
let recipientKey = '';
// WhatsApp: the world's contact already got the video by e-mail, and a recipient already sent to is not listed.
const selection = (w: ApiWorld) => ({ videoId: w.talk.videoId, listIds: [w.listId], platforms: ['whatsapp'] });
const INVITE_TOKEN = 'reads-do-not-write-invitation-token';
beforeAll(async () => {
  t = await loggedTestApp();
  w = await buildApiWorld(t.app, t.deps.db);
  // A webhook endpoint to read the deliveries of (the world's user is on the Pro trial).
  const hook = await w.client.trpc('mutation', 'webhooks.create', { url: 'http://127.0.0.1:9/hook', events: ['video.ready'] });
  webhookId = hook.data.result.data.endpoint.id;
  // A support request to read back.
  supportRequestId = (await w.client.trpc('mutation', 'support.create', { subject: 'Reads', message: 'A request to read back.' })).data.result.data.id;
  // A recipient of the world's list, to read their version of the video.
  const found = await w.client.trpc('query', 'distribution.recipients', selection(w));
  recipientKey = found.data.result.data.items[0].recipientKey;
  // A pending invitation to the world's workspace whose link token is known (only its SHA-256 is kept).
  await t.deps.db.insert(workspaceInvites).values({
    id: newId(),
    workspaceId: w.user.id,
    email: `invitee.${w.user.id.toLowerCase()}@example.com`,
    role: 'member',
    tokenHash: new Bun.CryptoHasher('sha256').update(INVITE_TOKEN).digest('hex'),
    invitedBy: w.user.id,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
}, 180_000);

const isCacheFill = (s: { query: string; params: unknown[] }) =>
  /^insert into "files"/i.test(s.query) && s.params.includes('cache') && String(s.params[0]).startsWith('cache/');

/** Input of each tRPC query, from the world. A query missing here fails the test. */
const QUERY_INPUTS: Record<string, (w: ApiWorld) => unknown> = {
  'users.me': () => undefined,
  'support.get': () => ({ id: supportRequestId }),
  'twoFactor.status': () => undefined,
  'billing.plans': () => undefined,
  'billing.subscription': () => undefined,
  'apiKeys.list': () => undefined,
  'campaigns.list': () => undefined,
  'campaigns.names': (w) => ({ ids: [w.campaignId] }),
  'campaigns.byId': (w) => ({ id: w.campaignId }),
  'videos.list': (w) => ({ campaignId: w.campaignId }),
  'videos.byId': (w) => ({ id: w.talk.videoId }),
  'videos.draft': (w) => ({ id: w.talk.videoId }),
  'dashboard.get': () => undefined,
  'analytics.viewsPerDay': (w) => ({ campaignId: w.campaignId }),
  'analytics.perPlatform': (w) => ({ campaignId: w.campaignId }),
  'contacts.lists': () => undefined,
  'contacts.list': (w) => ({ id: w.listId }),
  'contacts.contacts': (w) => ({ listId: w.listId, limit: 10 }),
  'social.provider': () => undefined,
  'social.profiles': () => undefined,
  'social.contacts': () => ({ platforms: ['linkedin'] }),
  'social.whatsappTest': () => undefined,
  'social.inbox': () => ({ channel: 'email' }),
  'distribution.get': (w) => ({ id: w.distributionId }),
  'distribution.progress': (w) => ({ id: w.distributionId }),
  'distribution.videoDeliveries': (w) => ({ id: w.talk.videoId }),
  'distribution.preview': (w) => ({ videoId: w.talk.videoId, listIds: [w.listId], platforms: ['email'] }),
  'distribution.shareOf': (w) => ({ videoId: w.talk.videoId }),
  'distribution.campaignRecipients': (w) => ({ campaignId: w.campaignId }),
  'distribution.recipients': (w) => selection(w),
  'distribution.recipientVersion': (w) => ({ ...selection(w), recipientKey }),
  'distribution.recipientRender': (w) => ({ ...selection(w), recipientKey }),
  'distribution.sendSettings': (w) => ({ videoId: w.talk.videoId }),
  'distribution.defaults': () => undefined,
  'distribution.videoViewers': (w) => ({ videoId: w.talk.videoId }),
  'notifications.list': () => undefined,
  'generation.jobState': (w) => ({ id: w.talk.videoId }),
  'analytics.retention': (w) => ({ campaignId: w.campaignId, videoId: w.savedVideoId }),
  'avatars.list': () => ({ page: 1, limit: 5 }),
  'avatars.custom': (w) => ({ id: w.avatarId }),
  'voices.list': () => undefined,
  'templates.list': () => undefined,
  'templates.byId': (w) => ({ id: w.templateId }),
  'workspaces.mine': () => undefined,
  'workspaces.members': () => undefined,
  'workspaces.previewInvite': () => ({ token: INVITE_TOKEN }),
  'generation.talkStatus': (w) => ({ taskId: w.talk.taskId }),
  'generation.videoStatus': (w) => ({ id: w.talk.videoId }),
  'generation.clips': () => undefined,
  'generation.processedVideos': () => undefined,
  'generation.backgrounds': () => undefined,
  'exports.list': () => undefined,
  'publishing.connections': () => undefined,
  'publishing.defaults': (w) => ({ videoId: w.talk.videoId }),
  'publishing.list': (w) => ({ videoId: w.talk.videoId }),
  'webhooks.list': () => undefined,
  'integrations.list': () => undefined,
  'webhooks.deliveries': () => ({ id: webhookId }),
};

describe('reads do not write', () => {
  test('a campaign whose start day has come reads as active, and reading it writes nothing', async () => {
    const writes = await t.writesOf(async () => {
      expect((await w.client.get(`/api/campaigns/${w.campaignId}`)).data.status).toBe('active');
      expect((await w.client.get('/api/campaigns')).data.find((c: { id: string }) => c.id === w.campaignId).status).toBe('active');
      expect((await w.client.get('/api/dashboard')).data.campaigns.find((c: { id: string }) => c.id === w.campaignId).status).toBe('active');
      expect((await w.client.trpc('query', 'campaigns.byId', { id: w.campaignId })).data.result.data.status).toBe('active');
    });
    expect(writes).toEqual([]);
  });

  test.each(API_ROUTES.filter((o) => o.method === 'GET').map((o) => `GET ${o.path}`))(
    '%s',
    async (key) => {
      const make = API_CALLS[key];
      expect(make).toBeDefined();
      const call = await make!({ w, deps: t.deps, app: t.app });
      const client = call.as === 'anon' ? w.anon : w.client;
      for (const round of [1, 2]) {
        let status = 0;
        const writes = await t.writesOf(async () => {
          status = (await client.get(call.path, call.headers)).status;
        });
        expect({ key, status }).toEqual({ key, status: call.status });
        // Derived public art (avatar cards, voice samples, template images) is rendered once and kept:
        // a cache fill, which HTTP allows a safe method (RFC 9110 §9.2.1). Nothing else, and not twice.
        const other = writes.filter((s) => !(round === 1 && isCacheFill(s)));
        expect({ key, round, writes: other }).toEqual({ key, round, writes: [] });
      }
    },
    60_000,
  );

  test('a render whose job is gone: reads show the stored row and never write; the scheduled sweep records it failed', async () => {
    const { videos } = await import('../../domains/videos/tables');
    const { renderTasks } = await import('../../domains/generation/tables');
    const { eq } = await import('drizzle-orm');
    const id = `stale${Date.now()}`;
    await t.deps.db
      .insert(videos)
      .values({ id, workspaceId: w.user.id, title: 'Lost', status: 'processing', progress: 40, updatedAt: new Date(Date.now() - 10 * 60_000) });
    const [task] = await t.deps.db.select().from(renderTasks).where(eq(renderTasks.videoId, w.talk.videoId));
    await t.deps.db.insert(renderTasks).values({ ...task!, id: `task-${id}`, videoId: id, queueJob: `render-video:${crypto.randomUUID()}` });
    const before = await t.writesOf(async () => {
      expect((await w.client.get(`/api/videos/${id}/status`)).data.status).toBe('processing');
    });
    expect(before).toEqual([]);
    const { renderSweepJob } = await import('../../domains/generation/sweep');
    await renderSweepJob(t.deps).handler({}, { id: 'test', retryCount: 0, retryLimit: 1 } as never);
    const writes = await t.writesOf(async () => {
      expect((await w.client.get(`/api/videos/${id}/status`)).data.status).toBe('failed');
      expect((await w.client.get(`/api/avatars/talk/task-${id}`)).data.status).toBe('error');
    });
    expect(writes).toEqual([]);
  });

  test('GET /api/unipile/accounts reports the provider’s state; the Refresh mutation records it', async () => {
    const { socialProfiles } = await import('../../domains/social/tables');
    const { eq } = await import('drizzle-orm');
    const direct = await w.client.post('/api/social-connections/whatsapp/direct', { phoneNumber: '+33600000001' });
    await t.deps.db.update(socialProfiles).set({ status: 'disconnected' }).where(eq(socialProfiles.id, direct.data.profileId));
    const writes = await t.writesOf(async () => {
      const accounts = (await w.client.get('/api/unipile/accounts')).data;
      expect(accounts.find((a: { id: string }) => a.id === direct.data.profileId).status).toBe('active');
    });
    expect(writes).toEqual([]);
    expect((await w.client.get('/api/social-profiles')).data.find((p: { id: string }) => p.id === direct.data.profileId).status).toBe('disconnected');
    expect((await w.client.trpc('mutation', 'social.refreshAccounts')).status).toBe(200);
    expect((await w.client.get('/api/social-profiles')).data.find((p: { id: string }) => p.id === direct.data.profileId).status).toBe('active');
  });

  const queries = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures)
    .filter(([, p]) => p._def.type === 'query')
    .map(([name]) => name);

  test.each(queries)(
    'tRPC %s',
    async (name) => {
      const input = QUERY_INPUTS[name];
      expect({ name, covered: !!input }).toEqual({ name, covered: true });
      let status = 0;
      const writes = await t.writesOf(async () => {
        status = (await w.client.trpc('query', name, input!(w))).status;
      });
      expect({ name, status }).toEqual({ name, status: 200 });
      expect({ name, writes }).toEqual({ name, writes: [] });
    },
    60_000,
  );
});
