/**
 * Campaign list and dashboard benchmark (not part of `bun test`):
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench bun bench/campaigns.ts [--requests 200] [--scale]
 * --scale: 10,000 campaigns, 200,000 videos, 2,000,000 events (plus 20 contact lists, 20,000 contacts in
 * one, 2,000 clips) seeded in SQL with generate_series; targets for the first page of every list
 * endpoint p99 ≤ 50 ms and ≤ 50 KB, dashboard p99 ≤ 50 ms (docs/decisions/180-cursor-pagination.md).
 * Seeds one user with 1,000 campaigns, 20,000 videos and 200,000 tracking events (bulk
 * inserts), then times GET /api/campaigns and GET /api/dashboard through app.handle and
 * counts the SQL statements each request sends (postgres-js debug hook: every statement,
 * session validation included). A second user with 10 campaigns shows that the count
 * does not grow with the number of campaigns. Targets: p99 ≤ 50 ms, constant query count.
 * The database named in DATABASE_URL is created if missing and WIPED: never point it at real data.
 */
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { rebuildVideoStats } from '../src/domains/tracking/aggregates';
import { personalScope } from '../src/server/scope';
import { createApp } from '../src/app/app';
import type { Db } from '../src/server/db/client';
import { MIGRATIONS_DIR } from '../src/server/db/client';
import * as schema from '../src/app/schema';
import { createDeps } from '../src/app/deps';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/log';
import { createLocalBilling } from '../src/server/providers/billing/local';
import { createLocalStorage } from '../src/server/providers/storage/local';
import { newId } from '../src/shared/ids';
import { TEMPLATES } from '../src/shared/templates';
import { TestClient, uniqueName } from '../src/test/harness';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const SCALE = process.argv.includes('--scale');
const REQUESTS = arg('requests', 200);
const CAMPAIGNS = arg('campaigns', SCALE ? 10_000 : 1_000);
const VIDEOS = arg('videos', SCALE ? 200_000 : 20_000);
const EVENTS = arg('events', SCALE ? 2_000_000 : 200_000);
const CONTACTS = SCALE ? 20_000 : 2_000;
const CLIPS = SCALE ? 2_000 : 200;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('Set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/bench');
const dbName = new URL(url).pathname.slice(1);
if (!dbName || dbName === 'test' || dbName === 'postgres') throw new Error(`Refusing to wipe the "${dbName}" database: use a dedicated one such as "bench"`);

// --reuse measures again on the data a previous run seeded (no wipe, no seed).
const REUSE = process.argv.includes('--reuse');

// 1. A clean, migrated database.
if (!REUSE) {
  const admin = postgres(Object.assign(new URL(url), { pathname: '/postgres' }).toString(), { max: 1, onnotice: () => {} });
  const [exists] = await admin`select 1 from pg_database where datname = ${dbName}`;
  if (!exists) await admin.unsafe(`create database "${dbName}"`);
  await admin.end();
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const schemas = await sql<{ nspname: string }[]>`select nspname from pg_namespace where nspname not like 'pg_%' and nspname <> 'information_schema'`;
  for (const { nspname } of schemas) await sql.unsafe(`drop schema if exists "${nspname}" cascade`);
  await sql.unsafe('create schema public');
  await sql.end();
}

let queries = 0;
const APP_NAME = 'bench-campaigns';
const client = postgres(url, { max: 10, onnotice: () => {}, connection: { application_name: APP_NAME }, debug: () => void queries++ });
const db = drizzle(client, { schema }) as unknown as Db;
await migrate(db as never, { migrationsFolder: MIGRATIONS_DIR });

const dataDir = mkdtempSync(join(tmpdir(), 'avs-bench-'));
const env = loadEnv({ DATA_DIR: dataDir, DATABASE_URL: url, NODE_ENV: 'production', WORKER: 'off', LOG_LEVEL: 'error' });
// These routes never enqueue work: a queue that refuses keeps pg-boss out of the count.
const noQueue = new Proxy({}, { get: () => () => Promise.reject(new Error('no job queue in this benchmark')) });
const depsOptions = {
  env,
  db,
  queue: noQueue,
  providers: { storage: createLocalStorage(join(dataDir, 'files')), billing: createLocalBilling() },
  log: createLogger('error'),
};
const deps = createDeps(depsOptions as unknown as Parameters<typeof createDeps>[0]);
const app = createApp(deps, { distDir: join(dataDir, 'no-dist') });

async function signUp() {
  const c = new TestClient(app);
  const username = uniqueName('bench');
  const res = await c.post('/api/register', { fullName: 'Bench User', email: `${username}@example.com`, username, password: 'correct horse battery' });
  if (res.status !== 201) throw new Error(`register failed: ${res.status}`);
  return { c, userId: res.data.id as string };
}

// 2. Seed, in bulk.
const PLATFORMS = ['email', 'linkedin', 'instagram'];
const SECTORS = ['Automotive', 'Technology', 'Retail', 'Professional Services'];
const STATUSES = ['draft', 'active', 'scheduled', 'paused', 'completed'];
const CHANNELS = ['email', 'linkedin', 'instagram', 'direct'];
const VIDEO_STATUSES = ['completed', 'published', 'published', 'draft'];
const DAY = 86_400_000;
// mulberry32: a seeded generator, so every run seeds the same data.
let rnd = 42;
const random = () => {
  rnd = (rnd + 0x6d2b79f5) | 0;
  let x = Math.imul(rnd ^ (rnd >>> 15), 1 | rnd);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];

async function insertAll(table: string, rows: Record<string, unknown>[], batch = 2_000) {
  for (let i = 0; i < rows.length; i += batch) {
    const chunk = rows.slice(i, i + batch);
    await client`insert into ${client(table)} ${client(chunk as never, Object.keys(chunk[0]))}`;
  }
}

async function seed(userId: string, nCampaigns: number, nVideos: number, nEvents: number) {
  const now = Date.now();
  const campaignIds: string[] = [];
  const campaignRows = Array.from({ length: nCampaigns }, (_, i) => {
    const id = newId();
    campaignIds.push(id);
    const start = new Date(now - Math.floor(random() * 200) * DAY);
    return {
      id,
      workspace_id: userId,
      name: `Campaign ${i}`,
      description: 'Seeded by bench/campaigns.ts',
      status: pick(STATUSES),
      sector: pick(SECTORS),
      start_date: start.toISOString().slice(0, 10),
      end_date: new Date(start.getTime() + (30 + Math.floor(random() * 300)) * DAY).toISOString().slice(0, 10),
      platforms: JSON.stringify(
        PLATFORMS.filter(() => random() < 0.6)
          .concat('email')
          .filter((p, j, a) => a.indexOf(p) === j),
      ),
      total_budget: 5000,
      spent_budget: Math.floor(random() * 5000),
      created_at: new Date(now - i * 60_000).toISOString(),
    };
  });
  await insertAll('campaigns', campaignRows);
  const videoIds: string[] = [];
  const videoRows = Array.from({ length: nVideos }, (_, i) => {
    const id = newId();
    videoIds.push(id);
    return {
      id,
      workspace_id: userId,
      title: `Video ${i}`,
      status: pick(VIDEO_STATUSES),
      video_url: `https://cdn.example.com/${id}.mp4`,
      template_id: random() < 0.7 ? pick(TEMPLATES).id : null,
      // Nine in ten videos belong to a campaign.
      campaign_id: random() < 0.1 ? null : pick(campaignIds),
      platforms: JSON.stringify([]),
      created_at: new Date(now - i * 1_000).toISOString(),
    };
  });
  await insertAll('videos', videoRows);
  const events: Record<string, unknown>[] = [];
  const campaignOf = new Map(videoRows.map((v) => [v.id, v.campaign_id]));
  while (events.length < nEvents) {
    const videoId = pick(videoIds);
    const viewId = newId();
    const base = {
      workspace_id: userId,
      video_id: videoId,
      campaign_id: campaignOf.get(videoId),
      channel: pick(CHANNELS),
      view_id: viewId,
      viewer: `a:${Math.floor(random() * 40_000)}`,
      created_at: new Date(now - Math.floor(random() * 90 * DAY)).toISOString(),
    };
    events.push({ ...base, event: 'view', percent: null });
    if (events.length < nEvents && random() < 0.8) events.push({ ...base, event: 'progress', percent: Math.floor(random() * 101) });
    if (events.length < nEvents && random() < 0.15) events.push({ ...base, event: 'cta', percent: null });
  }
  await insertAll('tracking_events', events, 4_000);
  await rebuildVideoStats({ db, scope: personalScope(userId) });
}

/**
 * The same shape of data written by the database itself (INSERT … SELECT generate_series): 2,000,000
 * events in about a minute instead of shipping every row from here. Ids are `<tag>-c<n>` etc.
 */
async function seedSql(userId: string, tag: string, n: { campaigns: number; videos: number; events: number; contacts: number; clips: number }) {
  const templates = TEMPLATES.map((t) => t.id);
  await client.unsafe(
    `insert into campaigns (id, workspace_id, name, description, status, sector, start_date, end_date, platforms, total_budget, spent_budget, created_at, updated_at)
     select $1 || '-c' || g, $2, 'Campaign ' || g, 'Seeded by bench/campaigns.ts --scale',
       (array['draft','active','scheduled','paused','completed'])[1 + g % 5], (array['Automotive','Technology','Retail','Professional Services'])[1 + g % 4],
       current_date - (g % 200), current_date - (g % 200) + 30 + g % 300, '["email","linkedin"]'::jsonb, 5000, g % 5000,
       now() - g * interval '1 minute', now()
     from generate_series(1, $3::int) g`,
    [tag, userId, n.campaigns],
  );
  await client.unsafe(
    `insert into videos (id, workspace_id, title, status, video_url, template_id, campaign_id, platforms, provider, created_at, updated_at)
     select $1 || '-v' || g, $2, 'Video ' || g, (array['completed','published','published','draft'])[1 + g % 4], 'https://cdn.example.com/' || g || '.mp4',
       case when g % 10 < 7 then ($5::text[])[1 + g % array_length($5::text[], 1)] end,
       case when g % 10 = 0 then null else $1 || '-c' || (1 + (g::bigint * 7919) % $3::int) end, '[]'::jsonb, 'local',
       now() - g * interval '1 second', now()
     from generate_series(1, $4::int) g`,
    [tag, userId, n.campaigns, n.videos, templates],
  );
  // Each event's video: a spread over all of them; its campaign: that video's.
  await client.unsafe(
    `insert into tracking_events (workspace_id, video_id, campaign_id, channel, event, percent, view_id, viewer, created_at, updated_at)
     select $2, $1 || '-v' || vi, case when vi % 10 = 0 then null else $1 || '-c' || (1 + (vi::bigint * 7919) % $3::int) end,
       (array['email','linkedin','instagram','direct'])[1 + g % 4],
       case when g % 10 < 4 then 'view' when g % 10 < 9 then 'progress' else 'cta' end,
       case when g % 10 between 4 and 8 then (g % 101)::smallint end,
       'w' || g, 'a:' || (g % 40000), now() - (g % 90) * interval '1 day', now()
     from (select g, (1 + (g::bigint * 104729) % $4::int)::int as vi from generate_series(1, $5::int) g) s`,
    [tag, userId, n.campaigns, n.videos, n.events],
  );
  await client.unsafe(
    `insert into contact_lists (id, workspace_id, name, created_at, updated_at)
     select $1 || '-l' || g, $2, 'List ' || g, now() - g * interval '1 hour', now() from generate_series(1, 20) g`,
    [tag, userId],
  );
  await client.unsafe(
    `insert into contacts (id, workspace_id, list_id, name, email, company, created_at, updated_at)
     select $1 || '-p' || g, $2, $1 || '-l1', 'Person ' || g, 'person' || g || '@example.com', 'Company ' || (g % 500), now() - g * interval '1 second', now()
     from generate_series(1, $3::int) g`,
    [tag, userId, n.contacts],
  );
  await client.unsafe(
    `insert into render_tasks (id, workspace_id, video_id, kind, name, spec, created_at, completed_at)
     select $1 || '-task-0000000000000000' || g, $2, $1 || '-v' || g, 'talk', 'Clip ' || g, '{}'::jsonb, now() - g * interval '1 second', now()
     from generate_series(1, $3::int) g`,
    [tag, userId, n.clips],
  );
  await rebuildVideoStats({ db, scope: personalScope(userId) });
}

async function reuse(nCampaigns: number) {
  // A personal workspace's id is its owner's: the seeded user signs in again.
  const [row] = await client`select workspace_id from campaigns group by workspace_id having count(*) = ${nCampaigns} limit 1`;
  if (!row) throw new Error('nothing to reuse: run once without --reuse');
  const session = await deps.auth.createSession(row.workspace_id, { workspaceId: row.workspace_id });
  const c = new TestClient(app);
  c.cookie = `session=${session.id}`;
  return { c, userId: row.workspace_id as string };
}

const t0 = performance.now();
let big: { c: TestClient; userId: string };
let small: { c: TestClient; userId: string };
if (REUSE) {
  big = await reuse(CAMPAIGNS);
  small = await reuse(10);
} else {
  big = await signUp();
  small = await signUp();
  if (SCALE) {
    await seedSql(big.userId, 'big', { campaigns: CAMPAIGNS, videos: VIDEOS, events: EVENTS, contacts: CONTACTS, clips: CLIPS });
    await seedSql(small.userId, 'small', { campaigns: 10, videos: 200, events: 2_000, contacts: 20, clips: 5 });
  } else {
    await seed(big.userId, CAMPAIGNS, VIDEOS, EVENTS);
    await seed(small.userId, 10, 200, 2_000);
  }
  await client.unsafe('vacuum analyze');
}
const [{ n: eventCount }] = await client`select count(*)::int as n from tracking_events where workspace_id = ${big.userId}`;
console.log(
  `${REUSE ? 'reused' : 'seeded'} ${CAMPAIGNS} campaigns, ${VIDEOS} videos, ${eventCount} events in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// 3. Measure.
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

// CPU time is what a request costs whatever else the machine runs: this process (user + system)
// plus the PostgreSQL backends serving its pool (from /proc, Linux only; 10 ms ticks).
const monitor = postgres(url, { max: 1, onnotice: () => {} });
async function backendCpuMs(): Promise<number | null> {
  const pids = await monitor<{ pid: number }[]>`select pid from pg_stat_activity where application_name = ${APP_NAME}`;
  let ticks = 0;
  for (const { pid } of pids) {
    const stat = await Bun.file(`/proc/${pid}/stat`)
      .text()
      .catch(() => null);
    if (stat === null) return null;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** Server time only: app.handle plus reading the whole body (the client never parses it here). */
async function measure(cookie: string, path: string, n: number) {
  const times: number[] = [];
  const counts = new Set<number>();
  let bytes = 0;
  const cpu0 = process.cpuUsage();
  const db0 = await backendCpuMs();
  for (let i = 0; i < n; i++) {
    queries = 0;
    const start = performance.now();
    const res = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie } }));
    const body = await res.arrayBuffer();
    times.push(performance.now() - start);
    counts.add(queries);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${new TextDecoder().decode(body).slice(0, 200)}`);
    bytes = body.byteLength;
  }
  const cpu = process.cpuUsage(cpu0);
  const db1 = await backendCpuMs();
  times.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    max: times[times.length - 1],
    queries: [...counts].sort((a, b) => a - b),
    bytes,
    appCpu: (cpu.user + cpu.system) / 1000 / n,
    dbCpu: db0 === null || db1 === null ? null : (db1 - db0) / n,
  };
}
type Result = Awaited<ReturnType<typeof measure>>;
const cpuText = (r: Result) => `cpu/request app ${r.appCpu.toFixed(1)} ms + db ${r.dbCpu === null ? '?' : r.dbCpu.toFixed(1)} ms`;

const rows: string[] = [];
// A campaign with videos, and the list holding the contacts: the big user's ids are found, not assumed.
const idOf = async (q: string, uid: string) => ((await client.unsafe(q, [uid])) as unknown as { id: string }[])[0]?.id;
const listPaths = async (uid: string) => {
  const campaign = await idOf(
    'select campaign_id as id from videos where workspace_id = $1 and campaign_id is not null group by 1 order by count(*) desc limit 1',
    uid,
  );
  const list = await idOf('select list_id as id from contacts where workspace_id = $1 group by 1 order by count(*) desc limit 1', uid);
  return ['/api/campaigns', '/api/videos', `/api/videos?campaignId=${campaign}`, '/api/contact-lists', `/api/contact-lists/${list}/contacts`, '/api/clips'];
};
const bigLists = await listPaths(big.userId);
const smallLists = await listPaths(small.userId);
const paths = ['/api/dashboard', ...bigLists];
for (const [i, path] of paths.entries()) {
  const smallPath = i === 0 ? path : smallLists[i - 1];
  await measure(big.c.cookie, path, 20); // warm-up
  const r = await measure(big.c.cookie, path, REQUESTS);
  const s = await measure(small.c.cookie, smallPath, 20);
  // Lists: the first page within 50 ms and 50 KB. The dashboard and the campaign list also keep one statement whatever the size.
  const oneStatement = path === '/api/dashboard' || path === '/api/campaigns';
  const ok = r.p99 <= 50 && (path === '/api/dashboard' || r.bytes <= 50 * 1024) && (!oneStatement || s.queries.join() === r.queries.join());
  const name = path.replace(/=[^&]+/, '=…').replace(/contact-lists\/[^/]+/, 'contact-lists/{id}');
  rows.push(
    `${name.padEnd(32)} p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms  ` +
      `queries/request ${r.queries.join('|')} (small user: ${s.queries.join('|')})  ${cpuText(r)}  body ${(r.bytes / 1024).toFixed(1)} KB  ${ok ? 'OK' : 'OVER TARGET'}`,
  );
}
// The floor on this machine right now: a request that only validates the session.
await measure(big.c.cookie, '/api/user', 20);
const floor = await measure(big.c.cookie, '/api/user', REQUESTS);
rows.push(
  `${'/api/user'.padEnd(32)} p50 ${floor.p50.toFixed(1).padStart(6)} ms  p99 ${floor.p99.toFixed(1).padStart(6)} ms  max ${floor.max.toFixed(1).padStart(6)} ms  queries/request ${floor.queries.join('|')}  ${cpuText(floor)}  (baseline: session check only)`,
);
const load = (
  await Bun.file('/proc/loadavg')
    .text()
    .catch(() => '?')
).split(' ')[0];
console.log(
  `\n${REQUESTS} requests each, one user with ${CAMPAIGNS} campaigns, ${VIDEOS} videos, ${eventCount} events (PostgreSQL, app.handle, ${availableParallelism()} cores, load average ${load}):`,
);
for (const r of rows) console.log(r);
await monitor.end({ timeout: 5 });
await client.end({ timeout: 5 });
