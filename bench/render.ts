/**
 * Render-engine benchmark (not part of `bun test`): `bun bench/render.ts [--reps N] [--batch N]`.
 * 1. A ~30 s English script at 720p and 1080p: median wall time, ratio to the video length,
 *    peak RSS of the whole process tree (this process + eSpeak worker + ffmpeg), sampled from /proc.
 * 2. N personalised renders (distinct heads, shared ~30 s tail) vs N full renders of the same scripts.
 * Targets on 2 cores: ratio ≤ 0.35 at 720p and ≤ 0.7 at 1080p, peak ≤ 600 MB, personalised ≥ 3× faster.
 * 3. The sound of the first render at each size and of the first personalised video, measured from the
 *    file (EBU R128 by ffmpeg): loudness, true peak, silence before and after the speech; for the
 *    personalised one also the opening's and the shared part's loudness (the level at the join).
 *    Targets (decision 216): -16 ± 1 LUFS, ≤ -1 dBTP, ≥ 0.25 s before, ≥ 0.5 s after, parts within 1 LU.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderPersonalised } from '../src/media/personalise.ts';
import { renderTalkingVideo } from '../src/media/render.ts';
import type { RenderInput, VideoLook } from '../src/media/render.ts';
import { describeSound, loudnessOf, soundFigures } from '../src/test/sound.ts';
import { arg, NAMES, TAIL } from './lib/sample-script';

const REPS = arg('reps', 3);
const BATCH = arg('batch', 20);

/** Sum of VmRSS over `root` and all its descendants, in bytes. */
function treeRss(root: number): number {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended between readdir and read
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const pid of parents.keys()) {
    if (!inTree(pid)) continue;
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(match?.[1] ?? 0) * 1024;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * CPU seconds of this process plus its reaped children (eSpeak, ffmpeg): utime, stime, cutime, cstime.
 * Unlike wall time it does not grow when other jobs share the machine.
 */
function cpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14-17 of stat(5), counted from the state field (3) here; clock ticks are 100 Hz on Linux.
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
}

async function measure<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number; cpu: number; peakBytes: number }> {
  const cpuBefore = cpuSeconds();
  let peak = treeRss(process.pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(process.pid));
  }, 40);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, cpu: cpuSeconds() - cpuBefore, peakBytes: peak };
  } finally {
    clearInterval(timer);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

const root = await mkdtemp(join(tmpdir(), 'bench-render-'));
const look = (workDir: string, resolution: RenderInput['resolution']): VideoLook => ({
  voiceId: 'local-en-female',
  avatar: { kind: 'stock', index: 7 },
  background: { kind: 'color', color: '#1e3a8a' },
  resolution,
  aspectRatio: 'landscape',
  captions: 'burned',
  workDir,
});

console.log(`cores: ${availableParallelism()}, reps: ${REPS}, batch: ${BATCH}`);
try {
  for (const resolution of ['720p', '1080p'] as const) {
    const times: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const peaks: number[] = [];
    for (let rep = 0; rep < REPS; rep++) {
      const run = await measure(() => renderTalkingVideo({ ...look(join(root, `${resolution}-${rep}`), resolution), script: TAIL }));
      times.push(run.seconds);
      ratios.push(run.seconds / run.result.durationSec);
      cpuRatios.push(run.cpu / run.result.durationSec);
      peaks.push(run.peakBytes);
      console.log(
        `  ${resolution} run ${rep + 1}: ${run.seconds.toFixed(2)} s wall, ${run.cpu.toFixed(1)} CPU s for ${run.result.durationSec.toFixed(1)} s of video, peak ${mb(run.peakBytes)}`,
      );
      if (rep === 0) console.log(`  ${resolution} sound: ${describeSound(await soundFigures(run.result.videoPath, root))}`);
    }
    console.log(
      `${resolution}: median ${median(times).toFixed(2)} s, ratio ${median(ratios).toFixed(3)} (CPU s per video s ${median(cpuRatios).toFixed(3)}), ` +
        `peak RSS (tree) median ${mb(median(peaks))}, max ${mb(Math.max(...peaks))}`,
    );
  }

  const recipients = NAMES.slice(0, BATCH).map((name, i) => ({ key: `c${i}`, texts: [`Hi ${name}, thanks for taking a minute to watch this.`] }));
  const script = [
    { text: 'Hi {first_name}, thanks for taking a minute to watch this.', personal: true },
    { text: TAIL, personal: false },
  ];
  const personalised = await measure(() => renderPersonalised({ ...look(join(root, 'personalised'), '720p'), script, recipients }));
  const perVideo = personalised.result[0]?.durationSec ?? 0;
  console.log(
    `personalised ×${BATCH} (720p, ~${perVideo.toFixed(1)} s each): ${personalised.seconds.toFixed(1)} s wall, ${personalised.cpu.toFixed(1)} CPU s, peak ${mb(personalised.peakBytes)}`,
  );
  const first = personalised.result[0];
  if (first) {
    const opening = await loudnessOf(first.videoPath, { from: 0, to: first.startsSec[1]! });
    const rest = await loudnessOf(first.videoPath, { from: first.startsSec[1]!, to: first.durationSec });
    console.log(
      `personalised sound: ${describeSound(await soundFigures(first.videoPath, root))}; opening ${opening.lufs.toFixed(1)} LUFS, shared part ${rest.lufs.toFixed(1)} LUFS (step at the join ${Math.abs(opening.lufs - rest.lufs).toFixed(1)} LU)`,
    );
  }
  const full = await measure(async () => {
    for (const [i, r] of recipients.entries()) await renderTalkingVideo({ ...look(join(root, `full-${i}`), '720p'), script: `${r.texts[0]} ${TAIL}` });
  });
  console.log(`full renders ×${BATCH}: ${full.seconds.toFixed(1)} s wall, ${full.cpu.toFixed(1)} CPU s, peak ${mb(full.peakBytes)}`);
  console.log(`personalisation speed-up: ${(full.seconds / personalised.seconds).toFixed(2)}× wall, ${(full.cpu / personalised.cpu).toFixed(2)}× CPU`);
} finally {
  await rm(root, { recursive: true, force: true });
}
