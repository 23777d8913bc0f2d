import { beforeAll, expect, test } from 'bun:test';
import { eq, inArray } from 'drizzle-orm';
import { signedInClient, testApp } from '../../test/harness';
import { storeBytes } from '../files/service';
import { files } from '../files/tables';
import { videos } from '../videos/tables';
import { personalScope } from '../../server/scope';
import { ORPHAN_FILES_JOB, orphanFilesJob, sweepOrphanFiles } from './orphan-files';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

const bytes = (n: number) => new Uint8Array(n).fill(7);

// Decision 131's gap: a render that finishes after its video was deleted stores files no row points at.
test('render files no row points at, older than an hour, leave storage and the usage figure; others stay', async () => {
  const { client, user } = await signedInClient(t.app);
  const { db } = t.deps;
  const storage = t.deps.providers.storage;
  const store = (kind: string, size: number) => storeBytes({ db, storage, scope: personalScope(user.id), bytes: bytes(size), contentType: 'video/mp4', kind });
  const orphanPersonal = await store('personal', 3000);
  const orphanRender = await store('render', 2000);
  const young = await store('personal', 500);
  const shown = await store('render', 700);
  const logo = await store('logo', 300);
  await db.insert(videos).values({ id: `kept${Date.now()}`, workspaceId: user.id, title: 'Kept', status: 'completed', videoUrl: shown.url });
  const hoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
  await db
    .update(files)
    .set({ createdAt: hoursAgo })
    .where(inArray(files.key, [orphanPersonal.key, orphanRender.key, shown.key, logo.key]));
  const usage = async () => (await client.get('/api/subscription')).data.usage.storage.usedBytes as number;
  const before = await usage();

  // The scheduled job, as the queue runs it.
  const job = orphanFilesJob(t.deps);
  expect(job.name).toBe(ORPHAN_FILES_JOB);
  await job.handler({}, { id: 'test', retryCount: 0, retryLimit: 1 } as never);

  const left = (await db.select({ key: files.key }).from(files).where(eq(files.workspaceId, user.id))).map((f) => f.key).sort();
  expect(left).toEqual([young.key, shown.key, logo.key].sort());
  expect(await storage.open(orphanPersonal.key)).toBeNull();
  expect(await storage.open(orphanRender.key)).toBeNull();
  expect(await storage.open(shown.key)).not.toBeNull();
  expect(await storage.open(young.key)).not.toBeNull();
  expect(before - (await usage())).toBe(5000);
  // Idempotent: a second run (another worker's, at the same tick) finds nothing.
  expect(await sweepOrphanFiles({ db, storage })).toBe(0);
});

test('the sweep is scheduled hourly through pg-boss (one run per tick across processes)', async () => {
  const schedules = await t.deps.queue.boss.getSchedules(ORPHAN_FILES_JOB);
  expect(schedules.map((s) => s.cron)).toEqual(['41 * * * *']);
});
