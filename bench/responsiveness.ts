/**
 * Is the web responsive while rendering? `bun bench/responsiveness.ts [--recipients 20] [--nice 10,0]`
 * The real app (src/app/main.ts with its embedded worker) in a child process, for each RENDER_NICE
 * value given (default: 10, the default, then 0 = ffmpeg and eSpeak at the web's priority):
 * one 1080p render of a ~30 s script and one personalised batch of N recipients run together
 * while a probe process asks GET /api/dashboard (signed in) and a landing page /v/<token> one
 * request after another. Prints p50/p99/max per route, idle and under load, and the render times.
 * Targets (issue 14): dashboard p99 ≤ 50 ms, landing page p99 ≤ 100 ms, with the default niceness.
 * Database: PGlite in a temp dir, or `bench_responsiveness` on DATABASE_URL's server (fresh schema).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { HttpClient, registerUser, startAppProcess } from '../src/domains/distribution/fixtures/app-process';
import { startSmtpSink } from '../src/domains/distribution/fixtures/smtp-sink';
import { freshBenchDatabase } from './lib/bench-db';
import { arg, NAMES, TAIL } from './lib/sample-script';

const RECIPIENTS = arg('recipients', 20);
const niceArg = process.argv.indexOf('--nice');
const NICES = (niceArg > 0 ? process.argv[niceArg + 1]! : '10,0').split(',').map(Number);
const PROBE = resolve(import.meta.dir, 'lib/latency-probe.ts');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const s = (v: number) => `${(v / 1000).toFixed(1)} s`;

type Figures = Record<string, { n: number; p50: number; p99: number; max: number; errors: number }>;

/** Runs the probe against the targets while `during` runs; returns its figures. */
async function probed(targets: { name: string; url: string; cookie?: string }[], during: () => Promise<void>): Promise<Figures> {
  const probe = Bun.spawn(['bun', PROBE, JSON.stringify(targets), '20'], { stdin: 'pipe', stdout: 'pipe', stderr: 'inherit' });
  await Bun.sleep(300);
  await during();
  await probe.stdin.end();
  return JSON.parse(await new Response(probe.stdout).text()) as Figures;
}

console.log(
  `Responsiveness bench: ${process.env.DATABASE_URL ? 'PostgreSQL (bench_responsiveness)' : 'PGlite'}, ${availableParallelism()} cores, load ${load()}`,
);
const sink = await startSmtpSink();
for (const nice of NICES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-responsive-'));
  const databaseUrl = await freshBenchDatabase('bench_responsiveness');
  const app = await startAppProcess({ dataDir, databaseUrl, smtpUrl: sink.url, timeoutMs: 120_000, env: { RENDER_NICE: String(nice) } });
  try {
    const client = new HttpClient(app.url);
    await registerUser(client);
    // Enterprise renders at 1080p.
    await client.post('/api/subscription', { planId: 'enterprise', billingCycle: 'monthly' });
    const waitVideo = async (id: string) => {
      for (;;) {
        const st = (await client.get(`/api/videos/${id}/status`)).data;
        if (st.status !== 'processing') return st;
        await Bun.sleep(250);
      }
    };
    const talk = async (script: string) =>
      (await client.post('/api/avatars/talk', { avatarId: 'stock-3', script, voiceId: 'local-en-female' })).data.videoId as string;
    const base = await talk('Hello, this is a short video for you.');
    await waitVideo(base);
    const share = (await client.post(`/api/videos/${base}/share`, {})).data as { path: string };
    const list = await client.post('/api/contact-lists', { name: 'Responsiveness' });
    for (let i = 0; i < RECIPIENTS; i++)
      await client.post(`/api/contact-lists/${list.data.id}/contacts`, {
        firstName: `${NAMES[i % NAMES.length]}${i >= NAMES.length ? i : ''}`,
        company: `Company ${i}`,
        email: `r${i}@responsive.example.com`,
      });
    const targets = [
      { name: 'dashboard', url: `${app.url}/api/dashboard`, cookie: client.cookie },
      { name: 'landing', url: `${app.url}${share.path}` },
    ];
    const idle = await probed(targets, () => Bun.sleep(5_000));
    let renderMs = 0;
    let batchMs = 0;
    const busy = await probed(targets, async () => {
      const t0 = performance.now();
      const video = await talk(`Hi there, thanks for your time. ${TAIL}`);
      const dist = await client.post(`/api/videos/${base}/distribute`, {
        listIds: [list.data.id],
        platforms: ['email'],
        personalizeVideo: true,
        script: `Hi {first_name}, thanks for your time at {company}. ${TAIL}`,
      });
      await Promise.all([
        waitVideo(video).then(() => {
          renderMs = performance.now() - t0;
        }),
        (async () => {
          for (;;) {
            const p = (await client.get(`/api/distributions/${dist.data.distributionId}/progress`)).data;
            if (p.renders.done + p.renders.failed >= RECIPIENTS) break;
            await Bun.sleep(250);
          }
          batchMs = performance.now() - t0;
        })(),
      ]);
    });
    const line = (f: Figures, name: string) =>
      `${name} p50 ${ms(f[name]!.p50)} p99 ${ms(f[name]!.p99)} max ${ms(f[name]!.max)} (n ${f[name]!.n}, errors ${f[name]!.errors})`;
    console.log(`RENDER_NICE=${nice}: idle: ${line(idle, 'dashboard')}; ${line(idle, 'landing')}`);
    console.log(
      `RENDER_NICE=${nice}: 1080p render (${s(renderMs)}) + ${RECIPIENTS}-recipient personalised batch (${s(batchMs)}): ${line(busy, 'dashboard')}; ${line(busy, 'landing')}; load ${load()}`,
    );
    const met = busy.dashboard!.p99 <= 50 && busy.landing!.p99 <= 100;
    console.log(`RENDER_NICE=${nice}: target dashboard p99 ≤ 50 ms and landing p99 ≤ 100 ms: ${met ? 'met' : 'MISSED'}`);
  } finally {
    await app.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
await sink.close();
process.exit(0);
