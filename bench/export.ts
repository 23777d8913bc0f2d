// bench/export.ts — a data export of 50,000 contacts, 50,000 deliveries and 200,000 tracking events
// (seeded in bulk by the database), built by the real job (pg-boss worker in this process) from the
// request to the stored archive. Target: ≤ 60 s. Prints wall time, peak RSS, archive size.
// Usage: bun bench/export.ts            (embedded PGlite, in memory: the database's pages count in this process's RSS)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/x bun bench/export.ts   (database "bench_export")
//        CONTACTS=… EVENTS=… to change the volume.
import { eq } from 'drizzle-orm';
import { seedVolume } from '../src/domains/exports/fixtures/seed';
import { requestExport } from '../src/domains/exports/service';
import { dataExports } from '../src/domains/exports/tables';
import { DEFAULT_SETTINGS } from '../src/domains/settings/schemas';
import { users } from '../src/domains/users/tables';
import { personalScope } from '../src/server/scope';
import { jobDefinitions } from '../src/app/job-registry';
import { newId } from '../src/shared/ids';
import { openBenchDeps } from './lib/bench-db';
import { peakTreeRss, treeRss } from './lib/proc';

const CONTACTS = Number(process.env.CONTACTS ?? 50_000);
const EVENTS = Number(process.env.EVENTS ?? 200_000);
const TARGET_S = 60;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;

const { database, queue, deps } = await openBenchDeps('bench_export');
await queue.work(jobDefinitions(deps));
const db = deps.db;

const userId = newId();
await db
  .insert(users)
  .values({ id: userId, fullName: 'Bench Export', email: `${userId}@example.com`, username: `bench${userId}`, passwordHash: 'x', settings: DEFAULT_SETTINGS });
let t0 = performance.now();
await seedVolume({ db, scope: personalScope(userId), n: { contacts: CONTACTS, deliveries: CONTACTS, events: EVENTS } });
console.log(
  `seeded ${CONTACTS.toLocaleString('en')} contacts, ${CONTACTS.toLocaleString('en')} deliveries, ${EVENTS.toLocaleString('en')} events in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind})`,
);

Bun.gc(true);
const before = treeRss();
const peak = peakTreeRss();
t0 = performance.now();
const cpu0 = process.cpuUsage();
const { id } = await requestExport({ db, storage: deps.providers.storage, queue, scope: personalScope(userId), input: { includeFiles: false } });
let row = (await db.select().from(dataExports).where(eq(dataExports.id, id)))[0]!;
const progress: number[] = [];
while (row.status === 'queued' || row.status === 'running') {
  await Bun.sleep(200);
  row = (await db.select().from(dataExports).where(eq(dataExports.id, id)))[0]!;
  if (progress.at(-1) !== row.progress) progress.push(row.progress);
}
const wall = (performance.now() - t0) / 1000;
const cpu = process.cpuUsage(cpu0);
const peakRss = peak.stop();
if (row.status !== 'ready') throw new Error(`export ${row.status}: ${row.error}`);

console.log(
  `export: ${wall.toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU (target ≤ ${TARGET_S} s: ${wall <= TARGET_S ? 'met' : 'MISSED'})`,
);
console.log(`rows: ${JSON.stringify(row.counts)}`);
console.log(`archive: ${mb(row.size ?? 0)} (zip of JSON + CSV)`);
console.log(`RSS: ${mb(before)} before, ${mb(peakRss)} peak during the export (+${mb(peakRss - before)})`);
console.log(`progress seen by a poller every 200 ms: ${progress.join(' → ')}`);
await queue.stop({ graceful: false, timeoutMs: 1000 });
await database.close();
process.exit(0);
