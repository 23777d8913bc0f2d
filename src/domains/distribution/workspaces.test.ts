import { beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import type { WebhookEvent } from '../../shared/webhook-events';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { trackingEvents, videoStats } from '../tracking/tables';
import { users } from '../users/tables';
import { videos } from '../videos/tables';
import { personalScope, type Scope } from '../../server/scope';
import { workspaceMembers, workspaces } from '../workspaces/tables';
import { persistDistribution } from './persist';
import { planDistribution } from './plan';
import { unsubscribe } from './public';
import { getDistribution } from './reads';
import type { SendPlan } from './resolve';
import { getShare, shareVideo } from './shares';
import { servedPage } from '../tracking/fixtures/viewer';
import { deliveries, distributionOptOuts, distributions, videoShares } from './tables';

// A team workspace: its member sends and shares, the public paths (landing pages, beacons,
// unsubscribe) find the row by its token and work in the row's workspace, never the visitor's.

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
});
beforeEach(() => t.deps.limits.track.reset('unknown'));

const SHARED: SendPlan = {
  split: null,
  sharedBecause: 'noVariables',
  typedMessage: true,
  language: 'en',
  fallbacks: {},
  subject: null,
  title: 'Team tour',
  message: 'Hi {first_name}',
  variables: ['first_name'],
};

/** An owner's team workspace with one member, who made a finished video there. */
async function team() {
  const owner = await signedInClient(t.app);
  const member = await signedInClient(t.app);
  const db = t.deps.db;
  await db.update(users).set({ fullName: 'Olga Owner' }).where(eq(users.id, owner.user.id));
  await db.update(users).set({ fullName: 'Mia Member' }).where(eq(users.id, member.user.id));
  const workspaceId = newId();
  await db.insert(workspaces).values({ id: workspaceId, name: 'Team', ownerId: owner.user.id });
  await db.insert(workspaceMembers).values([
    { workspaceId, userId: owner.user.id, role: 'owner' },
    { workspaceId, userId: member.user.id, role: 'member' },
  ]);
  const scope: Scope = { workspaceId, userId: member.user.id, role: 'member' };
  const videoId = newId();
  await db.insert(videos).values({
    id: videoId,
    workspaceId,
    createdBy: member.user.id,
    title: 'Team tour',
    status: 'completed',
    videoUrl: 'https://cdn.example.com/team/tour.mp4',
  });
  return { owner, member, scope, workspaceId, videoId };
}

/** A distribution by the member to one e-mail recipient, written as distribute() writes it. */
async function sendOne(scope: Scope, videoId: string) {
  const plan = planDistribution({
    scope,
    video: { id: videoId },
    campaignId: null,
    platforms: ['email'],
    send: SHARED,
    recipients: [
      {
        recipientKey: 'email:ann@example.com',
        platform: 'email',
        language: null,
        contactId: null,
        socialContactId: null,
        profileId: null,
        address: 'ann@example.com',
        name: 'Ann',
        vars: { first_name: 'Ann' },
      },
    ],
    baseUrl: 'http://localhost',
  });
  await persistDistribution(t.deps.db, plan, []);
  const [delivery] = await t.deps.db.select().from(deliveries).where(eq(deliveries.distributionId, plan.distribution.id));
  return { distributionId: plan.distribution.id, delivery: delivery! };
}

describe('distributions in a team workspace', () => {
  test('are written in the workspace and record the member who sent; another workspace does not see them', async () => {
    const { owner, scope, workspaceId, videoId } = await team();
    const { distributionId, delivery } = await sendOne(scope, videoId);
    const [row] = await t.deps.db.select().from(distributions).where(eq(distributions.id, distributionId));
    expect(row).toMatchObject({ workspaceId, createdBy: scope.userId });
    expect(delivery.workspaceId).toBe(workspaceId);
    expect((await getDistribution({ db: t.deps.db, scope, id: distributionId })).id).toBe(distributionId);
    // The owner acting in their personal workspace: not found, as another user's.
    await expect(getDistribution({ db: t.deps.db, scope: personalScope(owner.user.id), id: distributionId })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  test("the landing page speaks for the member who sent it (the workspace's owner once that account is gone)", async () => {
    const { owner, member, scope, videoId } = await team();
    const { distributionId, delivery } = await sendOne(scope, videoId);
    const anon = new TestClient(t.app);
    const page = await anon.get(`/v/${delivery.token}`);
    expect(page.status).toBe(200);
    expect(page.data).toContain('Mia Member recorded a video for you');
    expect(page.data).toContain(`mailto:${member.user.email}`);
    await t.deps.db.update(distributions).set({ createdBy: null }).where(eq(distributions.id, distributionId));
    const after = (await anon.get(`/v/${delivery.token}`)).data as string;
    expect(after).toContain('Olga Owner recorded a video for you');
    expect(after).toContain(`mailto:${owner.user.email}`);
  });

  test("beacons through a delivery's link count in its workspace", async () => {
    const { scope, workspaceId, videoId } = await team();
    const { delivery } = await sendOne(scope, videoId);
    const viewer = new TestClient(t.app);
    const body = { ...(await servedPage(viewer, delivery.token)), event: 'view' };
    expect((await viewer.post('/api/track', body)).status).toBe(204);
    const [event] = await t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.deliveryToken, delivery.token));
    expect(event).toMatchObject({ workspaceId, videoId, channel: 'email' });
    const [stats] = await t.deps.db.select().from(videoStats).where(eq(videoStats.videoId, videoId));
    expect(stats).toMatchObject({ workspaceId, views: 1 });
  });

  test("unsubscribing records the opt-out in the delivery's workspace and tells that workspace's webhooks", async () => {
    const { scope, workspaceId, videoId } = await team();
    const { delivery } = await sendOne(scope, videoId);
    const events: WebhookEvent[] = [];
    const state = await unsubscribe(t.deps.db, delivery.token, async (e) => {
      events.push(e);
    });
    expect(state).toMatchObject({ sender: 'Mia Member', done: true });
    const optOuts = await t.deps.db.select().from(distributionOptOuts).where(eq(distributionOptOuts.workspaceId, workspaceId));
    expect(optOuts.map((o) => o.recipientKey).sort()).toEqual(['email:ann@example.com']);
    expect(events).toEqual([expect.objectContaining({ workspaceId, type: 'contact.unsubscribed' })]);
    // Idempotent: once only.
    await unsubscribe(t.deps.db, delivery.token, async (e) => {
      events.push(e);
    });
    expect(events).toHaveLength(1);
  });
});

describe('share links in a team workspace', () => {
  test("are the workspace's: made by a member, counted there, speaking for the video's creator", async () => {
    const { owner, member, scope, workspaceId, videoId } = await team();
    const share = await shareVideo({ db: t.deps.db, scope, videoId, baseUrl: 'http://localhost' });
    const [row] = await t.deps.db.select().from(videoShares).where(eq(videoShares.videoId, videoId));
    expect(row).toMatchObject({ workspaceId, token: share.token });
    // Another member (the owner) sees the same link; the member's personal workspace does not.
    expect((await getShare({ db: t.deps.db, scope: { ...scope, userId: owner.user.id, role: 'owner' }, videoId, baseUrl: '' }))?.token).toBe(share.token);
    await expect(getShare({ db: t.deps.db, scope: personalScope(member.user.id), videoId, baseUrl: '' })).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const anon = new TestClient(t.app);
    const page = await anon.get(share.path);
    expect(page.status).toBe(200);
    expect(page.data).toContain('Mia Member shared a video with you');
    const body = { ...(await servedPage(anon, share.token)), event: 'view' };
    expect((await anon.post('/api/track', body)).status).toBe(204);
    const [event] = await t.deps.db.select().from(trackingEvents).where(eq(trackingEvents.deliveryToken, share.token));
    expect(event).toMatchObject({ workspaceId, channel: 'share' });
  });
});
