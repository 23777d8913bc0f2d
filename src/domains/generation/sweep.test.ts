import { beforeAll, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { signedInClient, testApp } from '../../test/harness';
import { videos } from '../videos/tables';
import { RENDER_SWEEP_JOB, STOPPED_MESSAGE } from './service';
import { renderSweepJob } from './sweep';
import { renderTasks } from './tables';
import { testRenderSpec } from './fixtures/render-spec';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

const spec = testRenderSpec();

// Status reads show a lost render as failed without writing (issue 9 item 15); the sweep records it.
test('the render sweep records lost renders as failed and leaves live ones alone', async () => {
  const { user } = await signedInClient(t.app);
  const db = t.deps.db;
  const old = new Date(Date.now() - 10 * 60_000);
  const lost = `lost${Date.now()}`;
  const fresh = `fresh${Date.now()}`;
  await db.insert(videos).values([
    { id: lost, workspaceId: user.id, createdBy: user.id, title: 'Lost', status: 'processing', progress: 40, updatedAt: old },
    { id: fresh, workspaceId: user.id, createdBy: user.id, title: 'Fresh', status: 'processing', progress: 10 },
  ]);
  await db.insert(renderTasks).values([
    {
      id: `task-${lost}`,
      workspaceId: user.id,
      createdBy: user.id,
      videoId: lost,
      kind: 'talk',
      name: 'Lost',
      spec,
      queueJob: `render-video:${crypto.randomUUID()}`,
      startedAt: old,
    },
    {
      id: `task-${fresh}`,
      workspaceId: user.id,
      createdBy: user.id,
      videoId: fresh,
      kind: 'talk',
      name: 'Fresh',
      spec,
      queueJob: `render-video:${crypto.randomUUID()}`,
    },
  ]);
  const job = renderSweepJob(t.deps);
  expect(job.name).toBe(RENDER_SWEEP_JOB);
  await job.handler({}, { id: 'test', retryCount: 0, retryLimit: 1 } as never);
  const rows = await db.select({ id: videos.id, status: videos.status, errorMessage: videos.errorMessage }).from(videos).where(eq(videos.workspaceId, user.id));
  expect(rows.find((r) => r.id === lost)).toEqual({ id: lost, status: 'failed', errorMessage: STOPPED_MESSAGE });
  expect(rows.find((r) => r.id === fresh)?.status).toBe('processing');
  await db.update(videos).set({ status: 'failed' }).where(eq(videos.id, fresh));
});

test('the sweep is a pg-boss schedule, every minute (one run per tick across processes)', async () => {
  const schedules = await t.deps.queue.boss.getSchedules(RENDER_SWEEP_JOB);
  expect(schedules.map((s) => s.cron)).toEqual(['* * * * *']);
});

test('a status read does not record a lost render: the sweep does, then every read says failed', async () => {
  const { client, user } = await signedInClient(t.app);
  const db = t.deps.db;
  const id = `unread${Date.now()}`;
  await db
    .insert(videos)
    .values({ id, workspaceId: user.id, createdBy: user.id, title: 'Lost', status: 'processing', progress: 40, updatedAt: new Date(Date.now() - 10 * 60_000) });
  await db.insert(renderTasks).values({
    id: `task-${id}`,
    workspaceId: user.id,
    createdBy: user.id,
    videoId: id,
    kind: 'talk',
    name: 'Lost',
    spec,
    queueJob: `render-video:${crypto.randomUUID()}`,
    startedAt: new Date(),
  });
  expect((await client.get(`/api/videos/${id}/status`)).data.status).toBe('processing');
  const [stored] = await db.select({ status: videos.status }).from(videos).where(eq(videos.id, id));
  expect(stored?.status).toBe('processing');
  await renderSweepJob(t.deps).handler({}, { id: 'test', retryCount: 0, retryLimit: 1 } as never);
  expect((await client.get(`/api/videos/${id}/status`)).data).toMatchObject({ status: 'failed', error: STOPPED_MESSAGE });
  expect((await client.get(`/api/avatars/talk/task-${id}`)).data).toMatchObject({ status: 'error', error: STOPPED_MESSAGE });
});
