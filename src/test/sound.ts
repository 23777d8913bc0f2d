import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { decodeWav } from '../media/wav.ts';

// What a listener gets from a rendered file's sound, measured from the file itself (not from the
// engine's plan): EBU R128 loudness and true peak by ffmpeg's ebur128 filter, and the silence before
// the first and after the last sound. Shared by the media tests and bench/render.ts.

export interface SoundFigures {
  /** Integrated loudness, LUFS. */
  lufs: number;
  /** True peak (4× oversampled), dBTP. */
  truePeakDb: number;
  /** Silence (10 ms windows under -50 dBFS) from the start of the file to the first sound, s. */
  leadSec: number;
  /** From the last sound to the end of the file, s. */
  trailSec: number;
  durationSec: number;
}

const SILENT = 10 ** (-50 / 20);

/** Mono 48 kHz PCM of a file's sound as a player decodes it, optionally only `[from, to)` seconds. */
export async function decodeSound(file: string, dir: string, span?: { from: number; to: number }): Promise<Int16Array> {
  const out = join(dir, `${crypto.randomUUID()}.wav`);
  const cut = span ? ['-af', `atrim=start=${span.from}:end=${span.to}`] : [];
  await runFfmpeg(['-i', file, '-map', '0:a', ...cut, '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', out], { timeoutMs: 30_000, label: 'decode sound' });
  return decodeWav(new Uint8Array(await Bun.file(out).arrayBuffer())).samples;
}

/** ebur128's summary of a file (or of `[from, to)` seconds of it). */
export async function loudnessOf(file: string, span?: { from: number; to: number }): Promise<{ lufs: number; truePeakDb: number }> {
  const cut = span ? `atrim=start=${span.from}:end=${span.to},` : '';
  const log = await runFfmpeg(['-i', file, '-map', '0:a', '-af', `${cut}ebur128=peak=true`, '-f', 'null', '-'], {
    timeoutMs: 60_000,
    label: 'loudness',
    logLevel: 'info',
  });
  const summary = log.slice(log.lastIndexOf('Summary:'));
  const lufs = Number(/I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1] ?? Number.NaN);
  const truePeakDb = Number(/True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1] ?? Number.NaN);
  return { lufs, truePeakDb };
}

/** Start of the first and end of the last 10 ms window louder than -50 dBFS, in seconds. */
export function soundSpan(samples: Int16Array, rate = 48_000): { first: number; last: number } {
  const hop = rate / 100;
  let first = -1;
  let last = -1;
  for (let w = 0; w * hop < samples.length; w++) {
    let sum = 0;
    const end = Math.min(samples.length, (w + 1) * hop);
    for (let i = w * hop; i < end; i++) sum += ((samples[i] as number) / 32768) ** 2;
    if (Math.sqrt(sum / (end - w * hop)) > SILENT) {
      if (first < 0) first = w;
      last = w;
    }
  }
  return { first: (first * hop) / rate, last: ((last + 1) * hop) / rate };
}

export async function soundFigures(file: string, dir: string): Promise<SoundFigures> {
  const samples = await decodeSound(file, dir);
  const { lufs, truePeakDb } = await loudnessOf(file);
  const span = soundSpan(samples);
  const durationSec = samples.length / 48_000;
  return { lufs, truePeakDb, leadSec: span.first, trailSec: durationSec - span.last, durationSec };
}

export function describeSound(f: SoundFigures): string {
  return `${f.lufs.toFixed(1)} LUFS, true peak ${f.truePeakDb.toFixed(1)} dBTP, ${f.leadSec.toFixed(2)} s before the first sound, ${f.trailSec.toFixed(2)} s after the last`;
}
