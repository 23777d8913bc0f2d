/**
 * The presenter as a recipient sees it (issue 20's "Done when"), measured from the rendered MP4s'
 * pixels and sound: `bun bench/presenter.ts [--repeat N] [--keep DIR] [--debug DIR]`.
 * Two real portraits (open smile with teeth, closed mouth) become talking photos; a ~30 s English
 * script is rendered at 720p for each and at 1080p for the smile; a 10 s clip of the smile portrait
 * becomes a video avatar when the engine has them. Prints each figure with its goal and PASS/FAIL
 * (see src/media/fixtures/measure-presenter.ts for how each is measured), plus wall time / video
 * length on 2 cores, one-off preparation time and the render's peak memory (RSS of its process tree).
 * Each preparation and render runs in a child process of its own, so its memory and CPU are its own.
 */
import { availableParallelism } from 'node:os';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AvatarInput, Resolution } from '../src/media/render.ts';

// ─── Engine adapter: every call into the engine is here (adapt these when its API changes). ───

/** A photo → the render's avatar input (files written under `dir`). */
async function preparePhoto(picture: string, dir: string): Promise<AvatarInput> {
  const { preparePhotoAvatar } = await import('../src/media/photo-prepare.ts');
  const photo = await preparePhotoAvatar(picture, dir);
  await Bun.write(join(dir, 'portrait.png'), photo.picture);
  return { kind: 'photo', imagePath: join(dir, 'portrait.png'), rig: { meta: photo.meta } };
}

/** A clip → the render's avatar input: the engine's video-avatar preparation (src/media/video-avatar.ts). */
async function prepareVideo(clip: string, dir: string): Promise<AvatarInput | undefined> {
  const { prepareVideoAvatar } = await import('../src/media/video-avatar.ts');
  const v = await prepareVideoAvatar(clip, dir);
  return { kind: 'video', loopPath: v.loopPath, imagePath: v.posterPath, meta: v.meta };
}

async function render(avatar: AvatarInput, resolution: Resolution, workDir: string): Promise<{ videoPath: string; durationSec: number }> {
  const { renderTalkingVideo } = await import('../src/media/render.ts');
  const r = await renderTalkingVideo({
    script: SCRIPT,
    voiceId: 'local-en-female',
    avatar,
    background: { kind: 'color', color: '#1e3a8a' },
    resolution,
    aspectRatio: 'landscape',
    captions: 'burned',
    workDir,
  });
  return { videoPath: r.videoPath, durationSec: r.durationSec };
}

// ─────────────────────────────────────────────────────────────────────────────────────────────

/** ~80 words of English, ~30 s spoken, with closed-lip sounds (m, b, p) throughout. */
const SCRIPT =
  'Hi Maria, thanks for taking a minute to watch this. I recorded this short video to show you how our platform helps sales teams like yours reach more customers with less effort. ' +
  'You write one script, and the studio turns it into a personal video for every contact, with your face, your voice and your brand colours. ' +
  'Would that be useful for your team this quarter? If it sounds good, just reply to this message and we will book a short call.';

type Task =
  | { task: 'photo'; picture: string; dir: string }
  | { task: 'video'; clip: string; dir: string }
  | { task: 'render'; avatar: AvatarInput; resolution: Resolution; dir: string };

/** Child mode: run one task, print its JSON result. */
async function child(task: Task): Promise<unknown> {
  await mkdir(task.dir, { recursive: true });
  if (task.task === 'photo') return preparePhoto(task.picture, task.dir);
  if (task.task === 'video') return (await prepareVideo(task.clip, task.dir)) ?? null;
  return render(task.avatar, task.resolution, task.dir);
}

const childAt = process.argv.indexOf('--child');
if (childAt > 0) {
  const result = await child(JSON.parse(process.argv[childAt + 1] as string) as Task);
  process.stdout.write(`\n@@result ${JSON.stringify(result)}\n`);
  process.exit(0);
}

const { median } = await import('../src/media/fixtures/measure-pixels.ts');
const { cpuSeconds, peakTreeRss } = await import('./lib/proc.ts');
const { report } = await import('./lib/presenter-report.ts');
const { closedPortraitJpeg, portraitClipMp4, smilePortraitJpeg } = await import('../src/test/faces.ts');

/** Runs a task in a child process limited to 2 cores: its result, wall and CPU seconds, peak RSS of its tree. */
async function timed<T>(task: Task): Promise<{ result: T; wall: number; cpu: number; peakMb: number }> {
  const pin = availableParallelism() > 2 && Bun.which('taskset') ? ['taskset', '-c', '0,1'] : [];
  Bun.gc(true);
  const cpu0 = cpuSeconds();
  const peak = peakTreeRss({ childrenOnly: true });
  const t0 = performance.now();
  const proc = Bun.spawn([...pin, process.execPath, import.meta.path, '--child', JSON.stringify(task)], {
    stdout: 'pipe',
    stderr: 'inherit',
    env: { ...process.env, RENDER_CONCURRENCY: '1', RENDER_THREADS: '2' },
  });
  const out = await new Response(proc.stdout).text();
  const code = await proc.exited;
  const wall = (performance.now() - t0) / 1000;
  const peakMb = peak.stop() / 1e6;
  if (code !== 0) throw new Error(`${task.task} failed (exit ${code})`);
  const line = out.split('\n').find((l) => l.startsWith('@@result '));
  return { result: JSON.parse(line?.slice(9) ?? 'null') as T, wall, cpu: cpuSeconds() - cpu0, peakMb };
}

const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const repeat = Math.max(1, Number(flag('repeat') ?? 1));
const keep = flag('keep');
const debug = flag('debug');
const scratch = await mkdtemp(join(tmpdir(), 'bench-presenter-'));
const out = keep ? resolve(keep) : join(scratch, 'out');
await mkdir(out, { recursive: true });
if (debug) await mkdir(resolve(debug), { recursive: true });

/** Prepares (timed) and renders (timed) `repeat` times; medians; the first render's file stays. */
async function run(name: string, prepare: Task, resolution: Resolution) {
  const preps: { wall: number; avatar: AvatarInput | null }[] = [];
  for (let i = 0; i < repeat; i++) {
    const p = await timed<AvatarInput | null>({ ...prepare, dir: join(scratch, `${name}-prep-${i}`) } as Task);
    preps.push({ wall: p.wall, avatar: p.result });
  }
  const avatar = preps[0]?.avatar;
  if (!avatar) return undefined;
  const renders: { wall: number; cpu: number; peakMb: number; durationSec: number; videoPath: string }[] = [];
  for (let i = 0; i < repeat; i++) {
    const r = await timed<{ videoPath: string; durationSec: number }>({ task: 'render', avatar, resolution, dir: join(scratch, `${name}-render-${i}`) });
    renders.push({ wall: r.wall, cpu: r.cpu, peakMb: r.peakMb, ...r.result });
  }
  const video = join(out, `${name}.mp4`);
  await Bun.write(video, Bun.file(renders[0]!.videoPath));
  return {
    name,
    video,
    prepSec: median(preps.map((p) => p.wall)),
    wallSec: median(renders.map((r) => r.wall)),
    cpuSec: median(renders.map((r) => r.cpu)),
    peakMb: median(renders.map((r) => r.peakMb)),
    durationSec: renders[0]!.durationSec,
  };
}

try {
  console.log(`presenter bench: ${availableParallelism()} cores here, renders on 2 (RENDER_THREADS=2), ${repeat} run(s) each, medians`);
  const smile = join(scratch, 'smile.jpg');
  const closed = join(scratch, 'closed.jpg');
  const clip = join(scratch, 'clip.mp4');
  await Bun.write(smile, await smilePortraitJpeg());
  await Bun.write(closed, await closedPortraitJpeg());
  await Bun.write(clip, await portraitClipMp4(10));

  const photos = [
    (await run('smile-720p', { task: 'photo', picture: smile, dir: '' }, '720p'))!,
    (await run('closed-720p', { task: 'photo', picture: closed, dir: '' }, '720p'))!,
  ];
  const hd = (await run('smile-1080p', { task: 'photo', picture: smile, dir: '' }, '1080p'))!;
  // ─── Video avatar slot: runs when the engine can prepare a clip (see prepareVideo above). ───
  const video = await run('clip-720p', { task: 'video', clip, dir: '' }, '720p');
  await report({ photos, hd, video, clip, clipSec: 10, debug: debug ? resolve(debug) : undefined });
  if (keep) console.log(`renders kept in ${out}`);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
