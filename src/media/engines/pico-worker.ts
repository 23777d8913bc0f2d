/**
 * Standalone SVOX Pico process (@echogarden/svoxpico-wasm, an Emscripten build): `pico.ts` spawns it
 * with Bun. Protocol: stdin `{ jobs: PicoJob[] }` → stdout `{ results }` (run-worker.ts). The language
 * files (`<lang>_ta.bin` text analysis, `<lang>_<speaker>_sg.bin` signal generation) come from
 * Debian's libttspico-data (scripts/ensure-voices.sh); pico.ts passes where they are.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { encodeWav } from '../wav.ts';
import { MAX_JOB_AUDIO_SEC, serveJobs } from './run-worker.ts';
import type { EngineAudio } from './run-worker.ts';

export interface PicoJob {
  text: string;
  /** Absolute paths of the two language files. */
  textAnalysis: string;
  signalGeneration: string;
  wavPath: string;
}

interface PicoModule {
  HEAPU8: Uint8Array;
  FS: { writeFile(path: string, data: Uint8Array): void };
  _malloc(size: number): number;
  _free(ptr: number): void;
  getValue(ptr: number, type: 'i16' | 'i32'): number;
  setValue(ptr: number, value: number, type: 'i32'): void;
  [fn: `_pico${string}`]: (...args: number[]) => number;
}

const SAMPLE_RATE = 16_000;
const STEP_BUSY = 201;
const STEP_IDLE = 200;

async function run(jobs: PicoJob[]): Promise<EngineAudio[]> {
  // The Emscripten build ships no type declarations: imported by a name the compiler does not resolve.
  const name = '@echogarden/svoxpico-wasm';
  const init = ((await import(name)) as { default: () => Promise<PicoModule> }).default;
  const m = await init();
  const cString = (text: string) => {
    const bytes = new TextEncoder().encode(`${text}\0`);
    const ptr = m._malloc(bytes.length);
    m.HEAPU8.set(bytes, ptr);
    return { ptr, length: bytes.length };
  };
  const cell = () => m._malloc(4);
  const memSize = 16_000_000;
  const memory = m._malloc(memSize);
  const systemRef = cell();
  const ok = (code: number, what: string) => {
    if (code !== 0) throw new Error(`Pico ${what} failed (${code})`);
  };
  ok(m._pico_initialize(memory, memSize, systemRef), 'initialisation');
  const system = m.getValue(systemRef, 'i32');
  // One language at a time: Pico's working memory holds the resources of one voice, so another
  // language's files replace the loaded ones.
  let loaded: { key: string; refs: number[]; names: number[] } | null = null;
  const load = (paths: string[]) => {
    const key = paths.join('|');
    if (loaded?.key === key) return loaded.names;
    for (const ref of loaded?.refs ?? []) m._pico_unloadResource(system, ref);
    loaded = { key, refs: [], names: [] };
    for (const path of paths) {
      const virtual = `/${basename(path)}`;
      m.FS.writeFile(virtual, readFileSync(path));
      const ref = cell();
      ok(m._pico_loadResource(system, cString(virtual).ptr, ref), `loading ${basename(path)}`);
      const name = m._malloc(32);
      ok(m._pico_getResourceName(system, m.getValue(ref, 'i32'), name), 'resource naming');
      loaded.refs.push(ref);
      loaded.names.push(name);
    }
    return loaded.names;
  };
  const results: EngineAudio[] = [];
  const buffer = m._malloc(16_384);
  const count = m._malloc(2);
  const type = m._malloc(2);
  const written = cell();
  const maxBytes = MAX_JOB_AUDIO_SEC * SAMPLE_RATE * 2;
  for (const [i, job] of jobs.entries()) {
    const voice = cString(`voice-${i}`).ptr;
    ok(m._pico_createVoiceDefinition(system, voice), 'voice definition');
    for (const name of load([job.textAnalysis, job.signalGeneration])) ok(m._pico_addResourceToVoiceDefinition(system, voice, name), 'voice definition');
    const engineRef = cell();
    ok(m._pico_newEngine(system, voice, engineRef), 'engine creation');
    const engine = m.getValue(engineRef, 'i32');
    const text = cString(job.text);
    const parts: Uint8Array[] = [];
    let bytes = 0;
    for (let offset = 0; offset < text.length; ) {
      m.setValue(written, 0, 'i32');
      ok(m._pico_putTextUtf8(engine, text.ptr + offset, text.length - offset, written), 'text input');
      offset += m.getValue(written, 'i32');
      for (;;) {
        const status = m._pico_getData(engine, buffer, 16_384, count, type);
        const n = m.getValue(count, 'i16');
        if (n > 0) {
          parts.push(m.HEAPU8.slice(buffer, buffer + n));
          bytes += n;
        }
        if (bytes > maxBytes) throw new Error('the speech is longer than allowed');
        if (status === STEP_IDLE) break;
        if (status !== STEP_BUSY && status !== 0) throw new Error(`Pico synthesis failed (${status})`);
      }
    }
    m._pico_disposeEngine(system, engineRef);
    m._pico_releaseVoiceDefinition(system, voice);
    m._free(text.ptr);
    const pcm = new Uint8Array(bytes);
    let at = 0;
    for (const part of parts) {
      pcm.set(part, at);
      at += part.length;
    }
    const samples = new Int16Array(pcm.buffer, 0, Math.floor(bytes / 2));
    await Bun.write(job.wavPath, encodeWav({ sampleRate: SAMPLE_RATE, samples }));
    results.push({ sampleRate: SAMPLE_RATE, sampleCount: samples.length });
  }
  return results;
}

if (import.meta.main) serveJobs(run);
