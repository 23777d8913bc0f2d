import type { PhonemeTiming } from './phonemes.ts';

/**
 * Mouth shapes a viewer can tell apart (Preston Blair / Disney sets, reduced to what eSpeak's IPA
 * distinguishes). `rest` is the closed, relaxed mouth of pauses.
 */
export const VISEMES = ['rest', 'mbp', 'fv', 'th', 'ee', 'aa', 'oh', 'uw', 'cons', 'l', 'sh', 'r'] as const;
export type Viseme = (typeof VISEMES)[number];

/** What a mouth does, continuous so neighbouring shapes can blend (co-articulation). */
export interface MouthPose {
  /** Jaw / lips opening 0..1. */
  open: number;
  /** Lip corners: -1 rounded (pucker) … 0 neutral … 1 spread (smile-wide). */
  wide: number;
  /** Upper teeth showing 0..1. */
  teeth: number;
  /** Tongue showing 0..1. */
  tongue: number;
  /** Lips pressed together (M, B, P) 0..1. */
  press: number;
  /** Lower lip tucked under the upper teeth (F, V) 0..1. */
  fv: number;
  /** Tongue tip between the teeth (TH) 0..1. */
  th: number;
}

export const POSES: Record<Viseme, MouthPose> = {
  rest: { open: 0, wide: 0, teeth: 0, tongue: 0, press: 0, fv: 0, th: 0 },
  mbp: { open: 0, wide: -0.1, teeth: 0, tongue: 0, press: 1, fv: 0, th: 0 },
  fv: { open: 0.12, wide: 0.15, teeth: 1, tongue: 0, press: 0, fv: 1, th: 0 },
  th: { open: 0.22, wide: 0.2, teeth: 1, tongue: 1, press: 0, fv: 0, th: 1 },
  ee: { open: 0.32, wide: 0.9, teeth: 1, tongue: 0, press: 0, fv: 0, th: 0 },
  aa: { open: 0.95, wide: 0.3, teeth: 0.7, tongue: 0.7, press: 0, fv: 0, th: 0 },
  oh: { open: 0.65, wide: -0.75, teeth: 0, tongue: 0.3, press: 0, fv: 0, th: 0 },
  uw: { open: 0.28, wide: -1, teeth: 0, tongue: 0, press: 0, fv: 0, th: 0 },
  cons: { open: 0.22, wide: 0.45, teeth: 1, tongue: 0, press: 0, fv: 0, th: 0 },
  l: { open: 0.4, wide: 0.25, teeth: 0.6, tongue: 1, press: 0, fv: 0, th: 0 },
  sh: { open: 0.2, wide: -0.55, teeth: 1, tongue: 0, press: 0, fv: 0, th: 0 },
  r: { open: 0.25, wide: -0.45, teeth: 0.3, tongue: 0, press: 0, fv: 0, th: 0 },
};

// IPA symbols as eSpeak writes them (en, fr, es, de, it, pt share most). Longest match first.
const IPA: [string, Viseme][] = (
  [
    ['m', 'mbp'],
    ['b', 'mbp'],
    ['p', 'mbp'],
    ['ɱ', 'fv'],
    ['f', 'fv'],
    ['v', 'fv'],
    ['θ', 'th'],
    ['ð', 'th'],
    ['tʃ', 'sh'],
    ['dʒ', 'sh'],
    ['ʃ', 'sh'],
    ['ʒ', 'sh'],
    ['ç', 'sh'],
    ['w', 'uw'],
    ['ɥ', 'uw'],
    ['u', 'uw'],
    ['ʊ', 'uw'],
    ['y', 'uw'],
    ['ʏ', 'uw'],
    ['o', 'oh'],
    ['ɔ', 'oh'],
    ['ɒ', 'oh'],
    ['ø', 'oh'],
    ['œ', 'oh'],
    ['ɵ', 'oh'],
    ['a', 'aa'],
    ['ɑ', 'aa'],
    ['æ', 'aa'],
    ['ʌ', 'aa'],
    ['ɐ', 'aa'],
    ['ɜ', 'aa'],
    ['ɶ', 'aa'],
    ['i', 'ee'],
    ['ɪ', 'ee'],
    ['e', 'ee'],
    ['ɛ', 'ee'],
    ['ə', 'ee'],
    ['ɚ', 'r'],
    ['ɝ', 'r'],
    ['l', 'l'],
    ['ɫ', 'l'],
    ['ʎ', 'l'],
    ['ɾ', 'cons'],
    ['r', 'r'],
    ['ɹ', 'r'],
    ['ʁ', 'r'],
    ['ʀ', 'r'],
  ] as [string, Viseme][]
).sort((a, b) => b[0].length - a[0].length);

/** The viseme of an IPA phoneme; diphthongs take their first vowel, anything unknown is a plain consonant. */
export function visemeOf(ipa: string): Viseme {
  const clean = ipa.replace(/[ˈˌːˑ]|\u0303/g, '');
  for (const [symbol, viseme] of IPA) if (clean.startsWith(symbol)) return viseme;
  return 'cons';
}

/**
 * How strongly a viseme holds its shape against its neighbours (Cohen & Massaro's dominance):
 * lips must really close for M/B/P and touch the teeth for F/V; t, d, k, h borrow the vowel around them.
 */
const DOMINANCE: Record<Viseme, number> = { rest: 0.6, mbp: 3, fv: 2.2, th: 1.4, ee: 1, aa: 1, oh: 1.2, uw: 1.4, cons: 0.35, l: 0.6, sh: 1.2, r: 0.8 };

export interface FrameEnergyInput {
  /** RMS per video frame, 0..1 (see lipsync.frameEnergies). */
  energies: number[];
}

/**
 * One blended mouth pose per video frame. Each phoneme pulls the mouth towards its viseme with a
 * dominance that fades (exponentially) away from the phoneme's centre, so "Mama" swings closed-open
 * and "Fifi" tucks-spread; louder frames open the jaw a little further (speech energy is jaw effort).
 */
export function poseTrack(phonemes: PhonemeTiming[], fps: number, frames: number, energy?: FrameEnergyInput): MouthPose[] {
  const reference = energy
    ? percentile(
        energy.energies.filter((e) => e > 0.01),
        0.9,
      ) || 1
    : 1;
  const poses: MouthPose[] = [];
  let k = 0;
  for (let f = 0; f < frames; f++) {
    const t = (f + 0.5) / fps;
    while (k < phonemes.length && (phonemes[k] as PhonemeTiming).endSec < t - 0.25) k++;
    let weight = 0;
    const acc: MouthPose = { open: 0, wide: 0, teeth: 0, tongue: 0, press: 0, fv: 0, th: 0 };
    for (let i = k; i < phonemes.length; i++) {
      const p = phonemes[i] as PhonemeTiming;
      if (p.startSec > t + 0.25) break;
      const viseme = visemeOf(p.ipa);
      const centre = (p.startSec + p.endSec) / 2;
      const half = Math.max(0.02, (p.endSec - p.startSec) / 2);
      const distance = Math.max(0, Math.abs(t - centre) - half * 0.6);
      const w = DOMINANCE[viseme] * Math.exp(-distance / 0.035);
      addPose(acc, POSES[viseme], w);
      weight += w;
    }
    // Silence pulls towards rest: nothing spoken nearby means the mouth closes.
    const inPhoneme = phonemes.slice(k).some((p) => p.startSec <= t && p.endSec >= t);
    const restWeight = inPhoneme ? 0.02 : 0.6;
    addPose(acc, POSES.rest, restWeight);
    weight += restWeight;
    const pose = scalePose(acc, 1 / weight);
    if (energy) {
      const level = Math.min(1.2, (energy.energies[f] ?? 0) / reference);
      pose.open = clamp01(pose.open * (0.3 + 0.85 * level));
    }
    poses.push(pose);
  }
  return poses;
}

function addPose(acc: MouthPose, pose: MouthPose, w: number): void {
  acc.open += pose.open * w;
  acc.wide += pose.wide * w;
  acc.teeth += pose.teeth * w;
  acc.tongue += pose.tongue * w;
  acc.press += pose.press * w;
  acc.fv += pose.fv * w;
  acc.th += pose.th * w;
}

function scalePose(p: MouthPose, s: number): MouthPose {
  return { open: p.open * s, wide: p.wide * s, teeth: p.teeth * s, tongue: p.tongue * s, press: p.press * s, fv: p.fv * s, th: p.th * s };
}

const OPEN_LEVELS = [0, 0.12, 0.25, 0.4, 0.58, 0.78, 0.95];
const WIDE_LEVELS = [-1, -0.5, 0, 0.45, 0.9];

/**
 * Snaps a pose onto a small grid so a video needs a few dozen distinct mouth images, not one per frame.
 * The key is stable text (`o3w2t1g0-fv`), used as the image's cache name.
 */
export function quantizePose(pose: MouthPose): { key: string; pose: MouthPose } {
  const special = pose.press > 0.5 ? 'mbp' : pose.fv > 0.5 ? 'fv' : pose.th > 0.5 ? 'th' : '';
  const o = nearest(OPEN_LEVELS, special === 'mbp' ? 0 : pose.open);
  const w = nearest(WIDE_LEVELS, pose.wide);
  const teeth = pose.teeth > 0.5 ? 1 : 0;
  const tongue = pose.tongue > 0.5 && (OPEN_LEVELS[o] as number) >= 0.25 ? 1 : 0;
  const snapped: MouthPose = {
    open: OPEN_LEVELS[o] as number,
    wide: WIDE_LEVELS[w] as number,
    teeth,
    tongue,
    press: special === 'mbp' ? 1 : 0,
    fv: special === 'fv' ? 1 : 0,
    th: special === 'th' ? 1 : 0,
  };
  return { key: `o${o}w${w}t${teeth}g${tongue}${special ? `-${special}` : ''}`, pose: snapped };
}

function nearest(levels: number[], value: number): number {
  let best = 0;
  for (let i = 1; i < levels.length; i++) if (Math.abs((levels[i] as number) - value) < Math.abs((levels[best] as number) - value)) best = i;
  return best;
}

function clamp01(v: number): number {
  return Math.max(0, Math.min(1, v));
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}
