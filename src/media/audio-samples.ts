import type { Pcm } from './wav.ts';

// The audio chain's work on decoded samples (decision 216): where the speech is, the silence framed
// around it, and gain under a look-ahead peak limiter. No files and no ffmpeg: audio-chain.ts runs
// the chain around these.

/**
 * The limiter's ceiling on samples: half a decibel under the true-peak target (audio-chain.ts), the room that
 * inter-sample peaks of speech resampled to 48 kHz need (measured: under 0.3 dB).
 */
const LIMITER_CEILING = 10 ** (-2 / 20);
/** Kept around the detected speech so soft onsets (h, f) and decays (s) are not cut, faded to zero. */
const ONSET_MARGIN_SEC = 0.02;
const OFFSET_MARGIN_SEC = 0.04;

/** Silence around this clip's speech: a whole video has both; a personalised opening and the shared rest one each. */
export interface Framing {
  leadSec: number;
  trailSec: number;
}

export interface Framed {
  pcm: Pcm;
  /** Seconds added to every timing of the engine's clip. */
  shiftSec: number;
  trimmedLeadSec: number;
  trimmedTrailSec: number;
}

/**
 * Where the speech is: 10 ms windows louder than 40 dB under the loudest one (and than -60 dBFS,
 * for recordings with a noise floor). Engine-agnostic: it looks only at the sound.
 */
export function speechSpan(pcm: Pcm): { start: number; end: number } | null {
  const hop = Math.round(pcm.sampleRate * 0.01);
  const rms: number[] = [];
  for (let from = 0; from < pcm.samples.length; from += hop) {
    const to = Math.min(pcm.samples.length, from + hop);
    let sum = 0;
    for (let i = from; i < to; i++) sum += ((pcm.samples[i] as number) / 32768) ** 2;
    rms.push(Math.sqrt(sum / Math.max(1, to - from)));
  }
  const loudest = Math.max(0, ...rms);
  const threshold = Math.max(10 ** (-60 / 20), loudest * 10 ** (-40 / 20));
  const first = rms.findIndex((r) => r > threshold);
  if (first < 0 || loudest === 0) return null;
  let last = rms.length - 1;
  while (last > first && (rms[last] as number) <= threshold) last--;
  return { start: first * hop, end: Math.min(pcm.samples.length, (last + 1) * hop) };
}

/** Cuts the engine's silence (keeping a faded margin), then puts the framing's silence around the speech. */
export function frame(pcm: Pcm, framing: Framing): Framed {
  const rate = pcm.sampleRate;
  const span = speechSpan(pcm) ?? { start: 0, end: pcm.samples.length };
  const start = Math.max(0, span.start - Math.round(ONSET_MARGIN_SEC * rate));
  const end = Math.min(pcm.samples.length, span.end + Math.round(OFFSET_MARGIN_SEC * rate));
  const lead = Math.round(framing.leadSec * rate);
  const trail = Math.round(framing.trailSec * rate);
  const samples = new Int16Array(lead + (end - start) + trail);
  samples.set(pcm.samples.subarray(start, end), lead);
  // The kept margins fade from and to zero: a recording's room tone must not start with a click.
  const fadeIn = Math.min(span.start - start, end - start);
  for (let k = 0; k < fadeIn; k++) samples[lead + k] = Math.round((samples[lead + k] as number) * (k / fadeIn));
  const fadeOut = Math.min(end - span.end, end - start);
  for (let k = 0; k < fadeOut; k++) {
    const at = lead + (end - start) - 1 - k;
    samples[at] = Math.round((samples[at] as number) * (k / fadeOut));
  }
  return {
    pcm: { sampleRate: rate, samples },
    shiftSec: (lead - start) / rate,
    trimmedLeadSec: start / rate,
    trimmedTrailSec: (pcm.samples.length - end) / rate,
  };
}

/**
 * Gain in dB; with `limit`, a look-ahead peak limiter keeps every sample under the ceiling: the gain
 * each sample needs is held over the next `attackSec` and averaged over as long (so the gain is
 * already down when a peak arrives, and never under what the peak needs), then released.
 * Offline, so it adds no delay: the sound and every timing stay where they were.
 */
export function applyGain(pcm: Pcm, gainDb: number, limit?: { attackSec: number; releaseSec: number }): Pcm {
  const g = 10 ** (gainDb / 20);
  const n = pcm.samples.length;
  const out = new Int16Array(n);
  if (!limit) {
    for (let i = 0; i < n; i++) out[i] = clamp16(Math.round((pcm.samples[i] as number) * g));
    return { sampleRate: pcm.sampleRate, samples: out };
  }
  const ceiling = LIMITER_CEILING * 32767;
  const attack = Math.max(1, Math.round(pcm.sampleRate * limit.attackSec));
  const release = 1 - Math.exp(-1 / (pcm.sampleRate * limit.releaseSec));
  const need = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const peak = Math.abs((pcm.samples[i] as number) * g);
    need[i] = peak > ceiling ? ceiling / peak : 1;
  }
  // Running minimum over [i, i + attack) (a monotonic deque), then a moving average over (i - attack, i].
  const held = new Float64Array(n);
  const deque = new Int32Array(n);
  let head = 0;
  let tail = 0;
  let next = 0;
  for (let i = 0; i < n; i++) {
    while (next < Math.min(n, i + attack)) {
      while (tail > head && (need[deque[tail - 1] as number] as number) >= (need[next] as number)) tail--;
      deque[tail++] = next++;
    }
    while ((deque[head] as number) < i) head++;
    held[i] = need[deque[head] as number] as number;
  }
  // Samples before the clip count as "no reduction" (1) in the average.
  let sum = attack;
  let env = 1;
  for (let i = 0; i < n; i++) {
    sum += (held[i] as number) - (i >= attack ? (held[i - attack] as number) : 1);
    // The minimum with this sample's own need only matters for a peak in the clip's first 5 ms.
    env = Math.min(sum / attack, need[i] as number, env + (1 - env) * release);
    out[i] = clamp16(Math.round((pcm.samples[i] as number) * g * env));
  }
  return { sampleRate: pcm.sampleRate, samples: out };
}

function clamp16(v: number): number {
  return Math.min(32767, Math.max(-32768, v));
}
