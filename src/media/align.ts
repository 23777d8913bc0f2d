import type { Pcm } from './wav.ts';

/** 10 ms analysis frames: fine enough for phonemes (50–150 ms), coarse enough for a fast DTW. */
const HOP_SEC = 0.01;

/**
 * Per 10 ms: loudness (dB, normalised to the clip's loud frames), zero-crossing rate (fricatives,
 * s/f/sh, are noisy) and the share of energy above ~3 kHz (first-difference energy): enough to tell
 * vowels, fricatives, stops and silence apart across two different voices saying the same words.
 */
export function alignmentFeatures(pcm: Pcm): Float32Array[] {
  const hop = Math.round(pcm.sampleRate * HOP_SEC);
  const win = hop * 2;
  const frames = Math.max(1, Math.floor(pcm.samples.length / hop));
  const raw: [number, number, number][] = [];
  for (let f = 0; f < frames; f++) {
    const from = f * hop;
    const to = Math.min(pcm.samples.length, from + win);
    let energy = 0;
    let diff = 0;
    let crossings = 0;
    let previous = 0;
    for (let i = from; i < to; i++) {
      const s = (pcm.samples[i] as number) / 32768;
      energy += s * s;
      diff += (s - previous) ** 2;
      if (s >= 0 !== previous >= 0) crossings++;
      previous = s;
    }
    const n = Math.max(1, to - from);
    raw.push([10 * Math.log10(energy / n + 1e-9), crossings / n, diff / (energy + 1e-9)]);
  }
  const loud = [...raw.map((r) => r[0])].sort((a, b) => a - b)[Math.floor(raw.length * 0.95)] ?? 0;
  return raw.map(([db, zcr, tilt]) => Float32Array.of(Math.max(-1, (db - loud) / 40 + 1), Math.min(1, zcr * 4), Math.min(1, tilt / 4)));
}

function distance(a: Float32Array, b: Float32Array): number {
  // Loudness matters most (silence vs speech); the spectral hints break ties inside speech.
  return 2 * Math.abs((a[0] as number) - (b[0] as number)) + Math.abs((a[1] as number) - (b[1] as number)) + Math.abs((a[2] as number) - (b[2] as number));
}

/**
 * Dynamic time warping of `reference` (eSpeak's rendition) onto `target` (the real voice) within a
 * band around the proportional diagonal. Returns, for each reference frame, the matching target time
 * in seconds.
 */
export function warpPath(reference: Float32Array[], target: Float32Array[], bandSec = 2.5): Float64Array {
  const n = reference.length;
  const m = target.length;
  const band = Math.max(Math.round(bandSec / HOP_SEC), Math.ceil(Math.abs(n - m) * 0.2) + 10);
  const ratio = m / n;
  const lo = new Int32Array(n);
  const hi = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const centre = Math.round(i * ratio);
    lo[i] = Math.max(0, centre - band);
    hi[i] = Math.min(m - 1, centre + band);
  }
  const width = 2 * band + 1;
  const cost = new Float32Array(n * width).fill(Infinity);
  const move = new Uint8Array(n * width); // 0 diagonal, 1 from (i-1, j), 2 from (i, j-1)
  const at = (i: number, j: number) => i * width + (j - (lo[i] as number));
  const get = (i: number, j: number) => (i < 0 || j < (lo[i] as number) || j > (hi[i] as number) ? Infinity : (cost[at(i, j)] as number));
  for (let i = 0; i < n; i++) {
    for (let j = lo[i] as number; j <= (hi[i] as number); j++) {
      const d = distance(reference[i] as Float32Array, target[j] as Float32Array);
      if (i === 0 && j === 0) {
        cost[at(i, j)] = d;
        continue;
      }
      const diag = get(i - 1, j - 1);
      const up = get(i - 1, j) + 0.3 * d;
      const left = get(i, j - 1) + 0.3 * d;
      let best = diag;
      let from = 0;
      if (up < best) (best = up), (from = 1);
      if (left < best) (best = left), (from = 2);
      cost[at(i, j)] = best + d;
      move[at(i, j)] = from;
    }
  }
  // Walk back from the end; average the target frames each reference frame was matched to.
  const sum = new Float64Array(n);
  const count = new Float64Array(n);
  let i = n - 1;
  let j = Math.min(m - 1, hi[n - 1] as number);
  while (i >= 0 && j >= 0) {
    sum[i] = (sum[i] as number) + j;
    count[i] = (count[i] as number) + 1;
    if (i === 0 && j === 0) break;
    const from = move[at(i, j)];
    if (from === 0) i--, j--;
    else if (from === 1) i--;
    else j--;
    if (i >= 0 && (j < (lo[i] as number) || j > (hi[i] as number))) j = Math.max(lo[i] as number, Math.min(hi[i] as number, j));
  }
  const out = new Float64Array(n);
  for (let k = 0; k < n; k++) out[k] = ((count[k] as number) > 0 ? (sum[k] as number) / (count[k] as number) : k * ratio) * HOP_SEC;
  return out;
}

/** A function from reference time to target time, monotonic, interpolated between 10 ms frames. */
export function timeWarp(reference: Pcm, target: Pcm): (sec: number) => number {
  const path = warpPath(alignmentFeatures(reference), alignmentFeatures(target));
  // Enforce monotony (DTW averaging can wobble by a frame).
  for (let k = 1; k < path.length; k++) if ((path[k] as number) < (path[k - 1] as number)) path[k] = path[k - 1] as number;
  const targetEnd = target.samples.length / target.sampleRate;
  return (sec) => {
    const x = sec / HOP_SEC;
    const k = Math.max(0, Math.min(path.length - 1, Math.floor(x)));
    const next = Math.min(path.length - 1, k + 1);
    const frac = Math.max(0, Math.min(1, x - k));
    return Math.min(targetEnd, (path[k] as number) * (1 - frac) + (path[next] as number) * frac);
  };
}

/**
 * Median fundamental frequency (Hz) of the voiced parts of a recording, by autocorrelation over 40 ms
 * windows at about 8 kHz (70–400 Hz); 0 when nothing is voiced. Tells a low voice from a high one, for an
 * alignment reference in the speaker's register.
 */
export function medianPitch(pcm: Pcm): number {
  const step = Math.max(1, Math.floor(pcm.sampleRate / 8_000));
  const rate = pcm.sampleRate / step;
  const x = new Float32Array(Math.floor(pcm.samples.length / step));
  for (let i = 0; i < x.length; i++) x[i] = (pcm.samples[i * step] as number) / 32768;
  const win = Math.round(rate * 0.04);
  const [minLag, maxLag] = [Math.floor(rate / 400), Math.ceil(rate / 70)];
  let loudest = 0;
  for (let from = 0; from + win <= x.length; from += win) {
    let e = 0;
    for (let i = from; i < from + win; i++) e += (x[i] as number) ** 2;
    loudest = Math.max(loudest, e);
  }
  const pitches: number[] = [];
  // At most ~300 windows, spread over the recording: the median needs no more, a long recording costs the same.
  const hop = Math.max(Math.round(win / 2), Math.floor((x.length - win - maxLag) / 300));
  for (let from = 0; from + win + maxLag <= x.length; from += hop) {
    let e = 0;
    for (let i = from; i < from + win; i++) e += (x[i] as number) ** 2;
    if (e < loudest * 0.05) continue;
    let best = 0;
    let bestLag = 0;
    for (let lag = minLag; lag <= maxLag; lag++) {
      let c = 0;
      let e2 = 0;
      for (let i = from; i < from + win; i++) {
        c += (x[i] as number) * (x[i + lag] as number);
        e2 += (x[i + lag] as number) ** 2;
      }
      const r = c / Math.sqrt(e * e2 || 1);
      if (r > best) [best, bestLag] = [r, lag];
    }
    if (best > 0.6) pitches.push(rate / bestLag);
  }
  if (pitches.length === 0) return 0;
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] as number;
}
