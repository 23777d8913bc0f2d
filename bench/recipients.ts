/**
 * Per-contact table and retention curve benchmark (not part of `bun test`):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench_recipients bun bench/recipients.ts [--deliveries 20000] [--runs 30]
 * Seeds one user (in their personal workspace) with one campaign and video sent to N recipients (bulk inserts), the landing
 * page beacons of 60 % of them (open, view, 5 % progress maxima, some clicks) and 2 % skipped
 * recipients, then times the services the Analytics tab calls: a page of the per-contact table
 * (default sort, by watched %, a search, the last page) and the retention curve. Medians and p95.
 * The database named in DATABASE_URL is created if missing and WIPED: never point it at real data.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { campaigns } from '../src/domains/campaigns/tables';
import { campaignRecipients } from '../src/domains/distribution/recipient-analytics';
import { ZCampaignRecipients } from '../src/domains/distribution/schemas';
import { deliveries, distributions } from '../src/domains/distribution/tables';
import { DEFAULT_SETTINGS } from '../src/domains/settings/schemas';
import { videoRetention } from '../src/domains/tracking/analytics';
import { trackingEvents } from '../src/domains/tracking/tables';
import { users } from '../src/domains/users/tables';
import { videos } from '../src/domains/videos/tables';
import { personalScope } from '../src/server/scope';
import type { Db } from '../src/server/db/client';
import { MIGRATIONS_DIR } from '../src/server/db/client';
import * as schema from '../src/app/schema';
import { newId, newToken } from '../src/shared/ids';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const N = arg('deliveries', 20_000);
const RUNS = arg('runs', 30);

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/bench_recipients');
const dbName = new URL(url).pathname.slice(1);
if (!dbName || dbName === 'test' || dbName === 'postgres') throw new Error(`Refusing to wipe the "${dbName}" database: use a dedicated one`);

const admin = postgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
const [exists] = await admin`select 1 from pg_database where datname = ${dbName}`;
if (!exists) await admin.unsafe(`create database "${dbName}"`);
await admin.end();
const wipe = postgres(url, { max: 1, onnotice: () => {} });
for (const { nspname } of await wipe<{ nspname: string }[]>`select nspname from pg_namespace where nspname not like 'pg_%' and nspname <> 'information_schema'`)
  await wipe.unsafe(`drop schema if exists "${nspname}" cascade`);
await wipe.unsafe('create schema public');
await wipe.end();

const client = postgres(url, { max: 4, onnotice: () => {} });
const db = drizzle(client, { schema }) as unknown as Db;
await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });

// ── Seed ───────────────────────────────────────────────────────────────────
const t0 = performance.now();
const userId = newId();
await db.insert(users).values({ id: userId, username: 'bench', email: 'bench@example.com', fullName: 'Bench', passwordHash: 'x', settings: DEFAULT_SETTINGS });
// The user's personal workspace (made with the user by a trigger) has the user's id.
const scope = personalScope(userId);
const workspaceId = scope.workspaceId;
const campaignId = newId();
await db.insert(campaigns).values({ id: campaignId, workspaceId, createdBy: userId, name: 'Bench', platforms: ['email'] });
const videoId = newId();
await db
  .insert(videos)
  .values({ id: videoId, workspaceId, createdBy: userId, title: 'Bench video', status: 'completed', videoUrl: '/files/x.mp4', campaignId });
const distributionId = newId();
const skipped = Array.from({ length: Math.round(N * 0.02) }, (_, i) => ({
  contactId: null,
  name: `Skipped ${i}`,
  platform: 'email',
  reason: 'No e-mail address',
}));
await db.insert(distributions).values({
  id: distributionId,
  workspaceId,
  createdBy: userId,
  videoId,
  campaignId,
  platforms: ['email'],
  message: 'Hi',
  baseUrl: 'http://localhost',
  skipped,
  skippedCount: skipped.length,
});

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const CHUNK = 1_000;
let events = 0;
for (let start = 0; start < N; start += CHUNK) {
  const rows = [];
  const ev: (typeof trackingEvents.$inferInsert)[] = [];
  for (let i = start; i < Math.min(N, start + CHUNK); i++) {
    const token = newToken();
    rows.push({
      id: crypto.randomUUID(),
      distributionId,
      workspaceId,
      videoId,
      campaignId,
      recipientKey: `bench-${i}`,
      platform: 'email' as const,
      address: `person${i}@example.com`,
      recipientName: `Person ${i}`,
      message: 'Hi',
      token,
      status: 'sent' as const,
      sentAt: new Date(Date.now() - i * 1000),
    });
    if (rand() < 0.6) {
      const base = { workspaceId, videoId, campaignId, deliveryToken: token, channel: 'email', viewId: `v${i}`, viewer: `c:bench-${i}` };
      ev.push({ ...base, event: 'open' }, { ...base, event: 'view' }, { ...base, event: 'progress', percent: Math.ceil(rand() * 20) * 5 });
      if (rand() < 0.2) ev.push({ ...base, event: 'cta' });
    }
  }
  await db.insert(deliveries).values(rows);
  if (ev.length) await db.insert(trackingEvents).values(ev);
  events += ev.length;
}
await client.unsafe('analyze');
console.log(
  `seeded ${N.toLocaleString('en')} deliveries, ${skipped.length} skipped, ${events.toLocaleString('en')} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// ── Measure ────────────────────────────────────────────────────────────────
async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    ms.push(performance.now() - s);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(1);
  console.log(`${label.padEnd(44)} p50 ${q(0.5).padStart(7)} ms   p95 ${q(0.95).padStart(7)} ms`);
}
const page = (over: Record<string, unknown>) => campaignRecipients({ db, scope, input: ZCampaignRecipients.parse({ campaignId, ...over }) });
const total = (await page({})).total;
await time('per-contact page 1 (delivered at, desc)', () => page({}));
await time('per-contact sorted by watched %', () => page({ sort: 'watched', dir: 'desc' }));
await time('per-contact search "person12"', () => page({ search: 'person12' }));
await time(`per-contact last page (offset ${total - 20})`, () => page({ offset: total - 20 }));
await time('retention curve of the video', () => videoRetention({ db, scope, campaignId, videoId }));
await client.end();
