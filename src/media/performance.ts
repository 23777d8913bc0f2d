import type { EyeState } from './avatar-art.ts';
import type { PhonemeTiming } from './phonemes.ts';
import { seededRandom } from './random.ts';
import { poseTrack, quantizePose } from './visemes.ts';
import type { MouthPose } from './visemes.ts';
import type { WordTiming } from './word-timing.ts';

/** Everything a presenter does in one video frame besides standing there. */
export interface FrameAct {
  mouthKey: string;
  mouth: MouthPose;
  /** The pose before it was snapped to the shared grid (a rig that draws its mouths may snap finer). */
  raw: MouthPose;
  eyes: EyeState;
  browsRaised: boolean;
  /** Head tilt in degrees (positive = clockwise). */
  angle: number;
  /** Head shift as a fraction of the avatar size (sway right, nod down). */
  dx: number;
  dy: number;
}

export interface PerformanceInput {
  fps: number;
  frames: number;
  phonemes: PhonemeTiming[];
  words: WordTiming[];
  /** RMS per frame 0..1: louder speech opens the jaw further and nods harder. */
  energies: number[];
  /** Same seed → same blinks and moves: a video re-rendered looks exactly the same. */
  seed: string;
}

/** Frames where the eyes are half / fully closed: about every 2–6 s, ~160 ms each (half, closed ×2, half). */
export function blinkTrack(frames: number, fps: number, random: () => number): EyeState[] {
  const eyes: EyeState[] = new Array(frames).fill('open');
  let at = Math.round((0.8 + random() * 2.2) * fps);
  while (at + 3 < frames) {
    eyes[at] = 'half';
    eyes[at + 1] = 'closed';
    eyes[at + 2] = 'closed';
    eyes[at + 3] = 'half';
    // Now and then a quick double blink, as people do.
    const double = random() < 0.12 && at + 8 < frames;
    if (double) (eyes[at + 5] = 'half'), (eyes[at + 6] = 'closed'), (eyes[at + 7] = 'half');
    at += Math.round((2 + random() * 4) * fps);
  }
  return eyes;
}

/** Pauses: gaps between words longer than 0.25 s, and the time before the first and after the last word. */
function pauses(words: WordTiming[], durationSec: number): [number, number][] {
  const out: [number, number][] = [];
  let previousEnd = 0;
  for (const w of words) {
    if (w.startSec - previousEnd > 0.25) out.push([previousEnd, w.startSec]);
    previousEnd = Math.max(previousEnd, w.endSec);
  }
  if (durationSec - previousEnd > 0.25) out.push([previousEnd, durationSec]);
  return out;
}

/**
 * The presenter's acting for a clip: viseme mouths, seeded blinks, brows raised on some stressed
 * words, a head that tilts and sways phrase by phrase and nods on stressed syllables, and a slow
 * breathing rise in pauses. Motion eases in and out at the clip's ends, so clips joined one after
 * another (personalised heads + a shared tail) meet in the same neutral pose.
 */
export function performanceTrack(input: PerformanceInput): FrameAct[] {
  const { fps, frames, phonemes, words, energies } = input;
  const random = seededRandom(input.seed);
  const poses = poseTrack(phonemes, fps, frames, { energies });
  const eyes = blinkTrack(frames, fps, random);
  const durationSec = frames / fps;
  const gaps = pauses(words, durationSec);
  const inPause = (t: number) => gaps.some(([a, b]) => t >= a && t < b);

  // Brows: on the stressed vowel of a longer word, at most every 1.8 s, about half the candidates.
  const brows: boolean[] = new Array(frames).fill(false);
  let lastRaise = -Infinity;
  for (const w of words) {
    const letters = w.text.replace(/[^\p{L}]/gu, '').length;
    const stressed = phonemes.find((p) => p.stress === 1 && p.startSec >= w.startSec - 0.01 && p.startSec < w.endSec);
    if (!stressed || letters < 5 || stressed.startSec - lastRaise < 1.8 || random() > 0.55) continue;
    lastRaise = stressed.startSec;
    const from = Math.floor(stressed.startSec * fps);
    const to = Math.min(frames, Math.ceil((w.endSec + 0.25) * fps));
    for (let f = from; f < to; f++) brows[f] = true;
  }

  // Head: a new tilt / sway target per phrase, reached smoothly; nods on stressed syllables.
  const phraseStarts = [0, ...gaps.map(([, end]) => end)];
  const targets = phraseStarts.map(() => ({ angle: (random() * 2 - 1) * 2.2, dx: (random() * 2 - 1) * 0.012 }));
  const nods = phonemes.filter((p) => p.stress === 1).map((p) => ({ t: p.startSec, strength: 0.5 + random() * 0.5 }));
  const acts: FrameAct[] = [];
  let angle = 0;
  let dx = 0;
  let phrase = 0;
  const reference =
    percentile(
      energies.filter((e) => e > 0.01),
      0.9,
    ) || 1;
  for (let f = 0; f < frames; f++) {
    const t = f / fps;
    while (phrase + 1 < phraseStarts.length && t >= (phraseStarts[phrase + 1] as number)) phrase++;
    const target = targets[phrase] as { angle: number; dx: number };
    // First-order easing (~0.6 s time constant): moves read as deliberate, not jittery.
    angle += (target.angle - angle) * (1 / (0.6 * fps));
    dx += (target.dx - dx) * (1 / (0.6 * fps));
    let nod = 0;
    for (const n of nods) {
      const d = t - n.t;
      if (d > -0.05 && d < 0.45) nod += n.strength * Math.sin((Math.PI * (d + 0.05)) / 0.5);
    }
    const loud = Math.min(1, (energies[f] ?? 0) / reference);
    // Breathing never stops; it shows most in pauses, when nothing else moves.
    const breathing = Math.sin((2 * Math.PI * t) / 3.4) * (inPause(t) ? 0.008 : 0.004);
    const sway = Math.sin((2 * Math.PI * t) / 5.3 + 1) * 0.008;
    // Ease motion in over the first and out over the last 0.4 s.
    const edge = Math.min(1, t / 0.4, (durationSec - t) / 0.4);
    const ease = edge <= 0 ? 0 : edge * edge * (3 - 2 * edge);
    const { key, pose } = quantizePose(poses[f] as MouthPose);
    acts.push({
      mouthKey: key,
      mouth: pose,
      raw: poses[f] as MouthPose,
      eyes: eyes[f] as EyeState,
      browsRaised: brows[f] as boolean,
      angle: round(ease * (angle + 0.6 * Math.sin((2 * Math.PI * t) / 4.1) + 0.3 * Math.sin((2 * Math.PI * t) / 2.3)), 10),
      dx: round(ease * (dx + sway), 2000),
      dy: round(ease * (Math.min(1.2, nod) * 0.008 * (0.5 + loud) - breathing), 2000),
    });
  }
  return acts;
}

function round(v: number, steps: number): number {
  // `+ 0` turns -0 into 0: a still head is 0, whichever side it came from.
  return Math.round(v * steps) / steps + 0;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
