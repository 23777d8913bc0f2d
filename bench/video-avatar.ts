/**
 * Video-avatar benchmark (not part of `bun test`): `bun bench/video-avatar.ts [--render-sec 30]`.
 * 1. Preparation of a 10 s and a 30 s clip of a real face (made from the face-api sample portrait,
 *    drifting and turning): wall time, CPU seconds, peak memory of the process tree. Target ≤ 3 min
 *    for a 30 s clip on 2 cores.
 * 2. A ~30 s script rendered at 720p with the 10 s clip's avatar (the loop turns twice): wall time /
 *    video length (target ≤ 0.6 on 2 cores), CPU seconds, peak memory (target ≤ 600 MB).
 * 3. From the rendered pixels: how the face moves (frames where it moves, its largest step), the
 *    steps where the loop turns against the clip's own largest move, and lip-sync (Pearson r of the
 *    mouth's dark pixels against the sound's loudness per frame, target ≥ 0.6).
 * Wall times grow when other jobs share the machine; CPU seconds do not (the load is printed).
 */
import { loadavg } from 'node:os';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderTalkingVideo } from '../src/media/render.ts';
import { prepareVideoAvatar } from '../src/media/video-avatar.ts';
import { videoFraming } from '../src/media/video-scene.ts';
import { clipFrameAt } from '../src/media/video-track.ts';
import { faceClipFile } from '../src/test/face-clips.ts';
import { frameLoudness, pearson } from '../src/test/lip-sync.ts';
import { followPatch, greyFrames, moves, trackedOpening, videoFaceBoxes } from '../src/test/video-motion.ts';
import { cpuSeconds, peakTreeRss } from './lib/proc.ts';
import { TAIL } from './lib/sample-script.ts';

const dir = await mkdtemp(join(tmpdir(), 'bench-video-avatar-'));
const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
const load = () => loadavg()[0]?.toFixed(1);

async function measured<T>(work: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number; peak: number }> {
  const rss = peakTreeRss({ childrenOnly: false });
  const c0 = cpuSeconds();
  const t0 = performance.now();
  const value = await work();
  return { value, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0, peak: rss.stop() };
}

try {
  console.log(`Video avatars on ${navigator.hardwareConcurrency} cores (load ${load()})`);
  const prepared = [];
  for (const seconds of [10, 30]) {
    const clip = await faceClipFile(dir, { faces: 'one', seconds });
    const work = join(dir, `prep-${seconds}`);
    await mkdir(work, { recursive: true });
    const m = await measured(() => prepareVideoAvatar(clip, work));
    const t = m.value.timings;
    console.log(
      `prepare ${seconds} s clip: ${m.wall.toFixed(1)} s wall (check ${t.checkSec.toFixed(1)}, decode ${t.decodeSec.toFixed(1)}, mesh ${t.meshSec.toFixed(1)}, loop ${t.loopSec.toFixed(1)}), ` +
        `${m.cpu.toFixed(1)} CPU s, peak ${mb(m.peak)}; loop ${m.value.meta.width}×${m.value.meta.height}, ${m.value.meta.frames} frames, ` +
        `clip's largest move ${m.value.meta.maxMove} px (target ≤ 180 s for 30 s; load ${load()})`,
    );
    prepared.push(m.value);
  }
  const ten = prepared[0] as (typeof prepared)[number];
  const avatar = { kind: 'video' as const, loopPath: ten.loopPath, imagePath: ten.posterPath, meta: ten.meta };
  const r = await measured(() =>
    renderTalkingVideo({
      voiceId: 'local-en-female',
      avatar,
      background: { kind: 'color', color: '#1e3a8a' },
      resolution: '720p',
      aspectRatio: 'landscape',
      captions: 'burned',
      workDir: join(dir, 'render'),
      script: `Hi Alice. ${TAIL}`,
    }),
  );
  const len = r.value.durationSec;
  console.log(
    `render ${len.toFixed(1)} s at 720p: ${r.wall.toFixed(1)} s wall = ${(r.wall / len).toFixed(2)} × its length (target ≤ 0.6), ` +
      `${r.cpu.toFixed(1)} CPU s = ${(r.cpu / len).toFixed(2)} CPU s per second, peak ${mb(r.peak)} (target ≤ 600 MB; load ${load()})`,
  );
  const grey = await greyFrames(r.value.videoPath, dir);
  const { eyes, mouth } = videoFaceBoxes(ten.meta, 0, 1280, 720);
  const track = followPatch(grey, eyes);
  const step = moves(track);
  const N = ten.meta.frames;
  const atTurn = (i: number) => [i, i + 1].some((f) => clipFrameAt(f, N) === N - 1 || clipFrameAt(f, N) === 0);
  const turns = step.filter((_, i) => atTurn(i));
  const elsewhere = Math.max(...step.filter((_, i) => !atTurn(i)));
  const scale = 720 / videoFraming(ten.meta, 1280, 720).crop.h / 2;
  console.log(
    `motion (half-size px): the face moves in ${Math.round((100 * step.filter((m) => m > 0.25).length) / step.length)} % of frames; ` +
      `loop turns ${turns.map((m) => m.toFixed(2)).join(', ')} vs the clip's largest move ${elsewhere.toFixed(2)} (meshed ${(ten.meta.maxMove * scale).toFixed(2)})`,
  );
  const opening = trackedOpening(grey, mouth, track, 50);
  const loud = await frameLoudness(r.value.videoPath, dir, opening.length);
  console.log(`lip-sync: r = ${pearson(loud, opening).toFixed(3)} over ${opening.length} frames (target ≥ 0.6)`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
