import { beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { sessions } from './tables';
import { signedInClient, testApp } from '../../test/harness';
import { authJobs } from './jobs';
import { AUTH_CLEANUP_JOB } from './cleanup';
import { loginChallenges, passwordResets } from './tables';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

test('the hourly clean-up deletes expired sessions and old reset links and challenges, and keeps live ones', async () => {
  const { client, user } = await signedInClient(t.app);
  const { db } = t.deps;
  const hour = 60 * 60 * 1000;
  const ago = (ms: number) => new Date(Date.now() - ms);
  await db.insert(sessions).values({ id: `expired-${user.id}`, userId: user.id, expiresAt: ago(hour) });
  await db.insert(passwordResets).values([
    { tokenHash: `old-${user.id}`, userId: user.id, expiresAt: ago(25 * hour) },
    { tokenHash: `late-${user.id}`, userId: user.id, expiresAt: ago(hour) },
  ]);
  await db.insert(loginChallenges).values({ tokenHash: `old-${user.id}`, userId: user.id, expiresAt: ago(25 * hour) });
  const cleanup = authJobs(t.deps).find((j) => j.name === AUTH_CLEANUP_JOB)!;
  await cleanup.handler({}, { id: 'test', retryCount: 0, retryLimit: 1 } as never);

  const left = (await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((s) => s.id);
  expect(left).not.toContain(`expired-${user.id}`);
  expect(left.length).toBe(1); // the live session of the signed-in client
  expect((await client.get('/api/user')).status).toBe(200);
  const resets = (await db.select({ h: passwordResets.tokenHash }).from(passwordResets).where(eq(passwordResets.userId, user.id))).map((r) => r.h);
  expect(resets).toEqual([`late-${user.id}`]);
  expect(await db.select().from(loginChallenges).where(eq(loginChallenges.userId, user.id))).toEqual([]);
  expect((await t.deps.queue.boss.getSchedules(AUTH_CLEANUP_JOB)).map((s) => s.cron)).toEqual(['29 * * * *']);
});
