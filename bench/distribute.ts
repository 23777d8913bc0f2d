/**
 * Distribution benchmark (not part of `bun test`): `bun bench/distribute.ts [--recipients N] [--renders N] [--full N] [--skip-renders]`.
 * The real app (src/app/main.ts, embedded worker) runs in a child process and sends to a
 * real SMTP server on loopback (smtp-server) in this process.
 * 1. N e-mail recipients (default 1,000): time from Send to the last message received, duplicates.
 *    Target ≤ 60 s, 0 duplicates.
 * 2. The same with the app SIGKILLed halfway (while the server holds message N/2 unanswered) and
 *    started again: lost and duplicated messages. Target 0 and 0.
 * 3. The documented window: the app SIGKILLed right after the server's 250 for message N/2
 *    (before the app can record it): duplicates observed, and whether they share the Message-ID.
 * 4. Personalised renders of a ~30 s video through the pipeline (distribute → render jobs → stored
 *    videos) vs the same number of full renders through the app (POST /api/avatars/talk).
 *    Target ≥ 3× faster. --full N renders fewer in full and extrapolates (per-video median × count).
 * Database: embedded PGlite in a temp dir, or `bench_distribute` on DATABASE_URL's server (fresh schema).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { HttpClient, registerUser, seedRecipients, startAppProcess, type AppProcess } from '../src/domains/distribution/fixtures/app-process';
import { startSmtpSink } from '../src/domains/distribution/fixtures/smtp-sink';
import { ensureBenchDatabase } from './lib/bench-db';
import { arg, NAMES, TAIL } from './lib/sample-script';

const N = arg('recipients', 1000);
const RENDERS = arg('renders', 20);
const FULL = arg('full', RENDERS);
const SKIP_RENDERS = process.argv.includes('--skip-renders');

const dataDir = mkdtempSync(join(tmpdir(), 'bench-distribute-'));
let databaseUrl: string | undefined;
if (process.env.DATABASE_URL) {
  databaseUrl = await ensureBenchDatabase(process.env.DATABASE_URL, 'bench_distribute');
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  for (const schema of ['public', 'drizzle', 'pgboss']) await admin.unsafe(`drop schema if exists "${schema}" cascade`);
  await admin.unsafe('create schema public');
  await admin.end();
}
const sink = await startSmtpSink();
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const procs: AppProcess[] = [];
const start = async () => {
  const p = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, timeoutMs: 120_000 });
  procs.push(p);
  return p;
};

console.log(
  `Distribution bench: ${databaseUrl ? 'PostgreSQL (bench_distribute)' : 'PGlite'}, ${navigator.hardwareConcurrency} cores, load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
let app = await start();

async function waitReceived(from: number, count: number, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end && sink.received.length - from < count) await Bun.sleep(20);
}

function tally(sinkFrom: number, domain: string) {
  const mine = sink.received.slice(sinkFrom).filter((m) => m.to.some((t) => t.endsWith(`@${domain}`)));
  const byRecipient = new Map<string, number>();
  for (const m of mine) for (const t of m.to) byRecipient.set(t, (byRecipient.get(t) ?? 0) + 1);
  const ids = new Set(mine.map((m) => m.messageId));
  const dups = mine.length - byRecipient.size;
  return { received: mine.length, recipients: byRecipient.size, lost: N - byRecipient.size, dups, distinctIds: ids.size };
}

// 1. Plain run.
{
  const client = new HttpClient(app.url);
  const domain = 'plain.example.com';
  const { listId, videoId } = await seedRecipients(client, N, domain);
  const from = sink.received.length;
  const t0 = performance.now();
  const res = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [listId], platforms: ['email'], message: 'Hi {first_name}, a video for you.' });
  const accepted = performance.now() - t0;
  await waitReceived(from, N, 180_000);
  const all = performance.now() - t0;
  await Bun.sleep(1000);
  const r = tally(from, domain);
  console.log(
    `1. ${N} e-mails: request answered in ${s(accepted)} (${res.data.deliveries} deliveries), all delivered in ${s(all)} (${Math.round(N / (all / 1000))}/s); ` +
      `duplicates ${r.dups}, lost ${r.lost} | target ≤ 60 s and 0 duplicates: ${all <= 60_000 && r.dups === 0 && r.lost === 0 ? 'met' : 'MISSED'}`,
  );
}

// 2 and 3. Killed halfway: before the 250 (by design: resent once) and right after it (the window).
for (const mode of ['before-ack', 'after-ack'] as const) {
  const client = new HttpClient(app.url);
  const domain = `${mode}.example.com`;
  const { listId, videoId } = await seedRecipients(client, N, domain);
  const from = sink.received.length;
  let killedAt = 0;
  let restarted: Promise<AppProcess> | null = null;
  const half = Math.floor(N / 2);
  const victim = app;
  const hook = async (m: { to: string[] }) => {
    if (restarted || !m.to.some((t) => t.endsWith(`@${domain}`))) return;
    const mine = sink.received.length - from;
    if (mine < half - (mode === 'after-ack' ? 1 : 0)) return;
    killedAt = performance.now();
    restarted = victim.kill().then(async () => {
      await Bun.sleep(mode === 'before-ack' ? 150 : 0);
      return start();
    });
    if (mode === 'before-ack') await restarted.then(() => undefined);
  };
  sink.beforeAccept = mode === 'before-ack' ? (m) => hook(m) : undefined;
  sink.afterAccept = mode === 'after-ack' ? (m) => void hook(m) : undefined;
  const t0 = performance.now();
  const res = await client.post(`/api/videos/${videoId}/distribute`, { listIds: [listId], platforms: ['email'], message: 'Hi {first_name}' });
  while (!restarted) await Bun.sleep(20);
  app = await restarted!;
  sink.beforeAccept = undefined;
  sink.afterAccept = undefined;
  await waitReceived(from, N, 240_000);
  const all = performance.now() - t0;
  await Bun.sleep(3000);
  const r = tally(from, domain);
  const again = new HttpClient(app.url);
  again.cookie = client.cookie;
  const progress = (await again.get(`/api/distributions/${res.data.distributionId}/progress`)).data;
  if (mode === 'before-ack')
    console.log(
      `2. ${N} e-mails, app SIGKILLed at message ${half} (unanswered) and restarted: all delivered in ${s(all)} (recovery ${s(performance.now() - killedAt - 3000)}); ` +
        `lost ${r.lost}, duplicated ${r.dups}; app reports sent ${progress.deliveries.sent}/${N} | target 0 lost, 0 duplicated: ${r.lost === 0 && r.dups === 0 ? 'met' : 'MISSED'}`,
    );
  else
    console.log(
      `3. the documented window, app SIGKILLed right after the server's 250 for message ${half}: lost ${r.lost}, duplicated ${r.dups}` +
        `${r.dups ? ` (same Message-ID: ${r.distinctIds === r.recipients ? 'yes' : 'NO'})` : ''}; app reports sent ${progress.deliveries.sent}/${N}`,
    );
}

// 4. Personalised renders vs full renders, through the app.
if (!SKIP_RENDERS) {
  const client = new HttpClient(app.url);
  await registerUser(client);
  // 1 + FULL renders in one month: more than the Pro trial's 20 videos (docs/decisions/120).
  await client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' });
  const head = 'Hi {first_name}, thanks for your time at {company}.';
  const talk = async (script: string) =>
    (await client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceId: 'local-en-female' })).data.videoId as string;
  const waitVideo = async (id: string) => {
    for (;;) {
      const st = (await client.get(`/api/videos/${id}/status`)).data;
      if (st.status !== 'processing') return st;
      await Bun.sleep(200);
    }
  };
  const base = await talk(`Hi there, thanks for your time. ${TAIL}`);
  const baseStatus = await waitVideo(base);
  const list = await client.post('/api/contact-lists', { name: 'Renders' });
  const people = Array.from({ length: RENDERS }, (_, i) => ({
    firstName: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? i : ''}`,
    company: `Company ${i}`,
    email: `r${i}@renders.example.com`,
  }));
  for (const p of people) await client.post(`/api/contact-lists/${list.data.id}/contacts`, p);
  const t0 = performance.now();
  const res = await client.post(`/api/videos/${base}/distribute`, {
    listIds: [list.data.id],
    platforms: ['email'],
    personalizeVideo: true,
    script: `${head} ${TAIL}`,
  });
  for (;;) {
    const p = (await client.get(`/api/distributions/${res.data.distributionId}/progress`)).data;
    if (p.renders.done + p.renders.failed >= RENDERS) break;
    await Bun.sleep(200);
  }
  const personalised = performance.now() - t0;
  const fullTimes: number[] = [];
  for (let i = 0; i < FULL; i++) {
    const p = people[i % people.length]!;
    const t = performance.now();
    await waitVideo(await talk(`Hi ${p.firstName}, thanks for your time at ${p.company}. ${TAIL}`));
    fullTimes.push(performance.now() - t);
  }
  const sorted = [...fullTimes].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const full = FULL >= RENDERS ? fullTimes.reduce((a, b) => a + b, 0) : median * RENDERS;
  const ratio = full / personalised;
  console.log(
    `4. ${RENDERS} personalised renders of a ${baseStatus.duration?.toFixed(1)} s video (720p): ${s(personalised)} (${s(personalised / RENDERS)} each) vs ${FULL >= RENDERS ? '' : `~${RENDERS}× median of ${FULL} `}full renders ${s(full)} (${s(median)} each): ` +
      `${ratio.toFixed(1)}× faster | target ≥ 3×: ${ratio >= 3 ? 'met' : 'MISSED'}`,
  );
}

for (const p of procs) await p.kill().catch(() => undefined);
await sink.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
