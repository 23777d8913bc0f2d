import { beforeAll, describe, expect, test } from 'bun:test';
import { and, eq, isNull } from 'drizzle-orm';
import { newId } from '../../shared/ids';
import { PLANS } from '../../shared/plans';
import { formWith, PNG_1x1 } from '../../test/fixtures';
import { signedInClient, TestClient, testApp } from '../../test/harness';
import { pollUntil, settled } from '../../test/wait';
import { distributions } from '../distribution/tables';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import { startOfMonthUtc } from './limits';
import { renderUsage, subscriptions } from './tables';

let ctx: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  ctx = await testApp();
});

const BASIC_FULL = 'You have used the 5 videos of your Basic plan this month. Upgrade to Pro for 20 a month.';
const talk = (client: TestClient, script = 'Hi.') => client.post('/api/avatars/talk', { avatarId: 'stock-1', script, captions: 'none' });

/** A user on the Basic plan (bought through the subscription endpoint, as the screen does). */
async function basicUser() {
  const s = await signedInClient(ctx.app);
  expect((await s.client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
  return s;
}

/** Renders already counted this month, without rendering them (their videos are long gone). */
async function usedRenders(userId: string, n: number) {
  for (let i = 0; i < n; i++) await ctx.deps.db.insert(renderUsage).values({ videoId: `gone-${newId()}`, workspaceId: userId, periodStart: startOfMonthUtc() });
}

describe('videos per month', () => {
  test('a Basic user renders 5 videos; the 6th is refused with 402 naming the limit and the plan that lifts it, on every path', async () => {
    const { client, user } = await basicUser();
    await usedRenders(user.id, 4);
    expect((await client.get('/api/subscription')).data.renderBlock).toBeNull();
    expect((await talk(client)).status).toBe(201);

    const refused = await talk(client);
    expect(refused.status).toBe(402);
    expect(refused.data.message).toBe(BASIC_FULL);
    const template = await client.post('/api/templates/sales-intro/generate', { variables: { name: 'Sam' } });
    expect(template.status).toBe(402);
    expect(template.data.message).toBe(BASIC_FULL);
    const trpc = await client.trpc('mutation', 'generation.talk', { avatarId: 'stock-1', script: 'Hi.' });
    expect(trpc.status).toBe(402);
    expect(trpc.data.error.message).toBe(BASIC_FULL);
    // An API key is refused the same way.
    const key = (await client.trpc('mutation', 'apiKeys.create', { name: 'CI' })).data.result.data.key;
    const bearer = await new TestClient(ctx.app).post('/api/avatars/talk', { avatarId: 'stock-1', script: 'Hi.' }, { authorization: `Bearer ${key}` });
    expect(bearer.status).toBe(402);
    expect(bearer.data.message).toBe(BASIC_FULL);

    const sub = (await client.get('/api/subscription')).data;
    expect(sub.usage.videosThisMonth).toEqual({ used: 5, limit: 5 });
    expect(sub.usage.credits).toEqual({ used: 5, total: 5, remaining: 0 });
    expect(sub.renderBlock).toEqual({ reason: 'videos', planId: 'basic', limit: 5, upgradeTo: 'pro' });
    expect((await client.get('/api/dashboard')).data.remainingCredits).toBe(0);
    // Refused requests left nothing behind.
    expect(await ctx.deps.db.select().from(videos).where(eq(videos.workspaceId, user.id))).toHaveLength(1);

    // Upgrading lifts it at once.
    expect((await client.post('/api/subscription', { planId: 'pro', billingCycle: 'monthly' })).status).toBe(200);
    expect((await talk(client)).status).toBe(201);
  });

  test('concurrent requests at the limit: exactly the remaining number are accepted', async () => {
    const { client, user } = await basicUser();
    await usedRenders(user.id, 2);
    const answers = await Promise.all(Array.from({ length: 8 }, () => talk(client)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(5);
    const counted = await ctx.deps.db
      .select()
      .from(renderUsage)
      .where(and(eq(renderUsage.workspaceId, user.id), isNull(renderUsage.releasedAt)));
    expect(counted).toHaveLength(5);
  });

  test('a failed render gives its video back; a deleted video still counts', async () => {
    const { client, user } = await basicUser();
    await usedRenders(user.id, 4);
    const bg = await client.post('/api/backgrounds/upload', formWith('file', PNG_1x1, 'bg.png', 'image/png'));
    await ctx.deps.providers.storage.delete(bg.data.url.slice('/files/'.length));
    const doomed = await client.post('/api/avatars/talk', { avatarId: 'stock-2', script: 'This will not render.', backgroundId: bg.data.id });
    expect(doomed.status).toBe(201);
    expect((await talk(client)).status).toBe(402);
    expect((await pollUntil(client, `/api/videos/${doomed.data.videoId}/status`, settled)).data.status).toBe('failed');
    expect((await client.get('/api/subscription')).data.usage.videosThisMonth.used).toBe(4);
    const ok = await talk(client);
    expect(ok.status).toBe(201);
    expect((await pollUntil(client, `/api/videos/${ok.data.videoId}/status`, settled)).data.status).toBe('completed');
    expect((await client.delete(`/api/videos/${ok.data.videoId}`)).status).toBe(200);
    expect((await client.get('/api/subscription')).data.usage.videosThisMonth.used).toBe(5);
    expect((await talk(client)).status).toBe(402);
    expect(user.id).toBeString();
  }, 120_000);

  test('renders of another month do not count', async () => {
    const { client, user } = await basicUser();
    const lastMonth = startOfMonthUtc(new Date(startOfMonthUtc().getTime() - 86_400_000));
    for (let i = 0; i < 5; i++) await ctx.deps.db.insert(renderUsage).values({ videoId: `old-${newId()}`, workspaceId: user.id, periodStart: lastMonth });
    expect((await client.get('/api/subscription')).data.usage.videosThisMonth.used).toBe(0);
  });
});

describe('other limits', () => {
  test('a script longer than the plan allows is refused with the plan that allows it', async () => {
    const { client } = await basicUser();
    const words = Array.from({ length: 400 }, () => 'word').join(' ');
    const res = await talk(client, words);
    expect(res.status).toBe(402);
    expect(res.data.message).toBe(
      `This script makes a video of about 3 minutes; your Basic plan allows videos up to ${PLANS.basic.maxVideoMinutes} minutes. Shorten the script or upgrade to Pro for videos up to ${PLANS.pro.maxVideoMinutes} minutes.`,
    );
  });

  test('storage: a render or an upload that would pass the plan’s storage is refused', async () => {
    const { client, user } = await basicUser();
    await ctx.deps.db
      .insert(files)
      .values({ key: `test/${newId()}.bin`, workspaceId: user.id, kind: 'test', contentType: 'video/mp4', size: PLANS.basic.storageBytes - 100 });
    const message = 'This would take your storage past the 5 GB of your Basic plan (5 GB used). Delete some videos or upgrade to Pro for 50 GB.';
    const render = await talk(client);
    expect(render.status).toBe(402);
    expect(render.data.message).toBe(message);
    const big = new Uint8Array(200);
    big.set(PNG_1x1);
    const refused = await client.post('/api/avatars/upload', formWith('image', big, 'me.png', 'image/png'));
    expect(refused.status).toBe(402);
    expect(refused.data.message).toStartWith('This would take your storage past the 5 GB of your Basic plan');
    const bg = await client.post('/api/backgrounds/upload', formWith('file', big, 'bg.png', 'image/png'));
    expect(bg.status).toBe(402);
    expect((await client.get('/api/subscription')).data.renderBlock).toBeNull();
    await ctx.deps.db.update(files).set({ size: PLANS.basic.storageBytes }).where(eq(files.workspaceId, user.id));
    expect((await client.get('/api/subscription')).data.renderBlock).toEqual({
      reason: 'storage',
      planId: 'basic',
      limit: PLANS.basic.storageBytes,
      upgradeTo: 'pro',
    });
  });

  test('per-recipient renders of a video are not new videos, but they need storage', async () => {
    const { client, user } = await basicUser();
    const made = await client.post('/api/avatars/talk', { avatarId: 'stock-3', script: 'Hello. This is our product.', captions: 'none' });
    expect((await pollUntil(client, `/api/videos/${made.data.videoId}/status`, settled, 60_000)).data.status).toBe('completed');
    const list = await client.post('/api/contact-lists', { name: 'VIP' });
    await client.post(`/api/contact-lists/${list.data.id}/contacts`, { firstName: 'Alice', email: 'alice@example.com' });
    const body = { listIds: [list.data.id], platforms: ['email'], personalizeVideo: true, script: 'Hi {first_name}. Thanks for your time.' };

    const filler = `test/${newId()}.bin`;
    await ctx.deps.db
      .insert(files)
      .values({ key: filler, workspaceId: user.id, kind: 'test', contentType: 'video/mp4', size: PLANS.basic.storageBytes - 1000 });
    const refused = await client.post(`/api/videos/${made.data.videoId}/distribute`, body);
    expect(refused.status).toBe(402);
    expect(refused.data.message).toStartWith('This would take your storage past the 5 GB of your Basic plan');
    expect(await ctx.deps.db.select().from(distributions).where(eq(distributions.workspaceId, user.id))).toEqual([]);

    await ctx.deps.db.delete(files).where(eq(files.key, filler));
    const sent = await client.post(`/api/videos/${made.data.videoId}/distribute`, body);
    expect(sent.status).toBe(201);
    expect(sent.data.renders).toBe(1);
    expect((await client.get('/api/subscription')).data.usage.videosThisMonth.used).toBe(1);
  }, 120_000);

  test('after the trial nothing new renders until a plan is chosen', async () => {
    const { client, user } = await signedInClient(ctx.app);
    const ended = new Date(Date.now() - 86_400_000);
    await ctx.deps.db.update(subscriptions).set({ trialEndsAt: ended }).where(eq(subscriptions.userId, user.id));
    const res = await talk(client);
    expect(res.status).toBe(402);
    expect(res.data.message).toBe(
      `Your 15-day Pro trial ended on ${ended.toISOString().slice(0, 10)}. Choose a plan on the Subscription page to keep creating videos.`,
    );
    const sub = (await client.get('/api/subscription')).data;
    expect(sub.status).toBe('expired');
    expect(sub.renderBlock).toMatchObject({ reason: 'trial' });
    expect((await client.post('/api/subscription', { planId: 'basic', billingCycle: 'monthly' })).status).toBe(200);
    expect((await talk(client)).status).toBe(201);
  });
});
