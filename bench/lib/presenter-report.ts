// What bench/presenter.ts prints: each figure measured from the rendered files, its goal, PASS/FAIL.
import { join } from 'node:path';
import { debugFrame } from '../../src/media/fixtures/measure-debug.ts';
import {
  GOALS,
  analyse,
  chinMoves,
  chinShifts,
  distinctMouths,
  faceHeightShare,
  fineDetail,
  flatPatch,
  lipSync,
  motion,
  speechLevels,
} from '../../src/media/fixtures/measure-presenter.ts';

export interface Rendered {
  name: string;
  video: string;
  prepSec: number;
  wallSec: number;
  cpuSec: number;
  peakMb: number;
  durationSec: number;
}

const GOAL_RATIO = { photo: 0.35, video: 0.6 };
const GOAL_PREP = { photoSec: 60, clipSecPerSec: 180 / 30 };
const GOAL_PEAK_MB = 600;

let passed = 0;
let failed = 0;

function line(label: string, value: string, goal: string, pass?: boolean): void {
  if (pass === true) passed++;
  if (pass === false) failed++;
  const verdict = pass === undefined ? '' : pass ? 'PASS' : 'FAIL';
  console.log(`  ${label.padEnd(46)} ${value.padStart(16)}   ${goal.padEnd(22)} ${verdict}`);
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

/** Debug pictures of the frames that decide the figures: the reference, the widest opening, the largest flat patch, the chin's largest move. */
async function debugFrames(r: Rendered, dir: string): Promise<void> {
  const a = await analyse(r.video);
  const widest = a.opening.indexOf(Math.max(...a.opening));
  const flat = a.flat.indexOf(Math.max(...a.flat));
  const { shifts } = chinShifts(a);
  const { speaking } = speechLevels(a.rms);
  let chin = 0;
  for (let f = 0; f < shifts.length; f++) if (a.rms[f] > speaking && Math.abs(shifts[f]) > Math.abs(shifts[chin])) chin = f;
  for (const [what, f] of Object.entries({ reference: a.reference, widest, flat, chin })) await debugFrame(a, f, join(dir, `${r.name}-${what}-f${f}.png`));
  console.log(`  debug pictures: ${join(dir, `${r.name}-*.png`)}`);
}

async function talking(r: Rendered, kind: 'photo' | 'video', debug?: string): Promise<void> {
  const a = await analyse(r.video);
  console.log(
    `\n${r.name}: ${r.durationSec.toFixed(1)} s, ${a.width}×${a.height}; face found on ${a.detections.length}/${a.keyframes} keyframes (most faces in one: ${Math.max(...a.detections.map((d) => d.faces))}), tracking vs detector ${a.trackError.toFixed(1)} px, worst match ${Math.min(...a.trackScore).toFixed(2)}`,
  );
  const sync = await lipSync(a);
  line('lip-sync r (sound RMS vs mouth opening)', sync.r.toFixed(2), `≥ ${GOALS.lipSyncR}`, sync.pass);
  line('  best r within ±5 frames (lag, frames)', `${sync.bestR.toFixed(2)} (${sync.bestLag > 0 ? '+' : ''}${sync.bestLag})`, 'info');
  if (kind === 'photo') {
    const mouths = await distinctMouths(a);
    line('distinct mouth images', String(mouths.count), `≥ ${GOALS.distinctMouths}`, mouths.pass);
    const chin = await chinMoves(a);
    line(`speaking frames with the chin moved ≥ ${GOALS.chinMovePx720} px`, pct(chin.share), `≥ ${pct(GOALS.chinMovesShare)}`, chin.pass);
    line(
      '  chin offset median, speaking / quiet (px)',
      `${chin.medianSpeakingPx.toFixed(2)} / ${chin.medianQuietPx.toFixed(2)}`,
      `${chin.speakingFrames} speaking fr.`,
    );
    const flat = await flatPatch(a);
    line('largest flat patch in the mouth (share of lips)', `${pct(flat.share)} ${flat.px} px`, `≤ ${pct(GOALS.flatPatchShare)}`, flat.pass);
    line('  95th percentile over frames', pct(flat.p95Share), `frame ${flat.frame}`);
    const face = await faceHeightShare(a);
    line('face height / frame height (detector box)', `${face.share.toFixed(2)} (${face.boxPx.toFixed(0)} px)`, `≥ ${GOALS.faceHeightShare}`, face.pass);
  }
  const ratio = r.wallSec / r.durationSec;
  line('render wall time / video length (2 cores)', `${ratio.toFixed(2)} (${r.wallSec.toFixed(1)} s)`, `≤ ${GOAL_RATIO[kind]}`, ratio <= GOAL_RATIO[kind]);
  line('  render CPU s per video s', (r.cpuSec / r.durationSec).toFixed(2), 'info');
  if (kind === 'photo') line('one-off preparation of the photo', `${r.prepSec.toFixed(1)} s`, `≤ ${GOAL_PREP.photoSec} s`, r.prepSec <= GOAL_PREP.photoSec);
  line('render peak memory (RSS of its process tree)', `${r.peakMb.toFixed(0)} MB`, `≤ ${GOAL_PEAK_MB} MB`, r.peakMb <= GOAL_PEAK_MB);
  if (debug) await debugFrames(r, debug);
}

export async function report(input: { photos: Rendered[]; hd: Rendered; video?: Rendered; clip: string; clipSec: number; debug?: string }): Promise<void> {
  for (const r of input.photos) await talking(r, 'photo', input.debug);

  const hd = input.hd;
  console.log(`\n${hd.name}: ${hd.durationSec.toFixed(1)} s`);
  const detail = await fineDetail(hd.video, input.photos[0]!.video);
  line('fine detail in the face, 1080p / 720p scaled up', `${detail.ratio.toFixed(2)}`, `> ${GOALS.fineDetailRatio}`, detail.pass);
  line('  mean |Laplacian| 1080p / 720p scaled up', `${detail.energy1080.toFixed(2)} / ${detail.energy720up.toFixed(2)}`, 'info');
  line('  render wall time / video length (2 cores)', (hd.wallSec / hd.durationSec).toFixed(2), 'info');
  line('  render peak memory', `${hd.peakMb.toFixed(0)} MB`, 'info');

  const clipMotion = await motion(input.clip);
  const clipA = await analyse(input.clip);
  console.log(`\nvideo avatar (a ${input.clipSec} s clip of the smile portrait; face found on ${clipA.detections.length}/${clipA.keyframes} keyframes)`);
  line('  clip: frames in which the face moved', pct(clipMotion.movedShare), 'info');
  line('  clip: largest frame-to-frame move (face h.)', `${clipMotion.maxStep.toFixed(4)} (${clipMotion.maxStepPx720.toFixed(2)} px)`, 'info');
  const v = input.video;
  if (!v) {
    console.log('  SKIPPED: the engine has no video avatars yet (no prepareVideoAvatar export); the slot runs once it has.');
  } else {
    await talking(v, 'video', input.debug);
    const m = await motion(v.video, { loopEvery: Math.round(input.clipSec * 25) });
    line('frames in which the face moved', pct(m.movedShare), `clip: ${pct(clipMotion.movedShare)}`, m.movedShare >= clipMotion.movedShare * 0.5);
    line(
      'largest move anywhere, incl. loops (face h.)',
      `${m.maxStep.toFixed(4)} @${m.maxStepFrame}`,
      `≤ clip's ${clipMotion.maxStep.toFixed(4)}`,
      m.maxStep <= clipMotion.maxStep * 1.1,
    );
    for (const l of m.loopSteps) line(`  move at ${(l.frame / 25).toFixed(1)} s (loop point if played through)`, l.step.toFixed(4), 'info');
    const perSec = v.prepSec / input.clipSec;
    line('one-off preparation of the clip', `${v.prepSec.toFixed(1)} s`, `≤ ${GOAL_PREP.clipSecPerSec} s per clip s`, perSec <= GOAL_PREP.clipSecPerSec);
  }
  console.log(`\n${passed} PASS, ${failed} FAIL`);
}
