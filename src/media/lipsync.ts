import type { MouthShape } from './avatar-art.ts';
import type { Pcm } from './wav.ts';

export interface MouthRun {
  shape: MouthShape;
  frames: number;
}

/** Number of whole video frames that cover `durationSec` (the last partial frame counts). */
export function frameCount(durationSec: number, fps: number): number {
  return Math.max(1, Math.ceil(durationSec * fps - 1e-6));
}

/** RMS of the samples under each video frame, 0..1 of full scale. */
export function frameEnergies(pcm: Pcm, fps: number, frames = frameCount(pcm.samples.length / pcm.sampleRate, fps)): number[] {
  const perFrame = pcm.sampleRate / fps;
  const energies: number[] = [];
  for (let f = 0; f < frames; f++) {
    const from = Math.floor(f * perFrame);
    const to = Math.min(pcm.samples.length, Math.floor((f + 1) * perFrame));
    let sum = 0;
    for (let i = from; i < to; i++) {
      const s = (pcm.samples[i] as number) / 32768;
      sum += s * s;
    }
    energies.push(to > from ? Math.sqrt(sum / (to - from)) : 0);
  }
  return energies;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

/** Below this RMS (≈ -40 dBFS) a frame is silence whatever the speech level. */
const SILENCE = 0.01;

/**
 * One mouth shape per video frame. Thresholds are relative to the loud frames of this clip, so quiet
 * and loud voices both use all three shapes; one-frame blips are dropped because they read as flicker.
 */
export function mouthTrack(pcm: Pcm, fps: number, frames?: number): MouthShape[] {
  const energies = frameEnergies(pcm, fps, frames);
  const reference = percentile(
    energies.filter((e) => e > SILENCE),
    0.9,
  );
  const shapes: MouthShape[] = energies.map((e) => {
    if (e <= Math.max(SILENCE, reference * 0.25)) return 'closed';
    return e < reference * 0.6 ? 'half' : 'open';
  });
  for (let i = 1; i < shapes.length - 1; i++) {
    if (shapes[i] !== shapes[i - 1] && shapes[i] !== shapes[i + 1]) shapes[i] = shapes[i - 1] as MouthShape;
  }
  return shapes;
}

export function collapseRuns(track: MouthShape[]): MouthRun[] {
  const runs: MouthRun[] = [];
  for (const shape of track) {
    const last = runs.at(-1);
    if (last && last.shape === shape) last.frames++;
    else runs.push({ shape, frames: 1 });
  }
  return runs;
}

/**
 * Script for ffmpeg's concat demuxer: one entry per run, so each image is decoded once per run rather
 * than once per frame. The last file is listed twice because the demuxer ignores the final duration.
 */
export function concatScript(runs: MouthRun[], files: Record<MouthShape, string>, fps: number): string {
  const lines = ['ffconcat version 1.0'];
  for (const run of runs) {
    lines.push(`file '${files[run.shape].replaceAll("'", "'\\''")}'`, `duration ${(run.frames / fps).toFixed(6)}`);
  }
  const last = runs.at(-1);
  if (last) lines.push(`file '${files[last.shape].replaceAll("'", "'\\''")}'`);
  return `${lines.join('\n')}\n`;
}

/**
 * Vertical offset in px per frame for the photo avatar: follows the speech envelope (fast attack,
 * slow release) so the picture nods with the voice instead of jittering with every syllable.
 */
export function bounceTrack(pcm: Pcm, fps: number, amplitudePx: number, frames?: number): number[] {
  const energies = frameEnergies(pcm, fps, frames);
  const reference =
    percentile(
      energies.filter((e) => e > SILENCE),
      0.9,
    ) || 1;
  let level = 0;
  return energies.map((e) => {
    const target = Math.min(1, e / reference);
    level = target > level ? level + (target - level) * 0.6 : level + (target - level) * 0.15;
    return Math.round(level * amplitudePx);
  });
}
