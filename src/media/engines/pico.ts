import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineVoice } from './catalogue.ts';
import type { PicoJob } from './pico-worker.ts';
import type { EngineAudio } from './run-worker.ts';
import { runEngineWorker } from './run-worker.ts';

/**
 * SVOX Pico (Apache-2.0): the engine comes from npm (@echogarden/svoxpico-wasm), its language files
 * from Debian's libttspico-data, which scripts/ensure-voices.sh installs when missing. One woman's
 * voice per language; without the files these voices are not offered and eSpeak speaks instead.
 */
export const PICO_VOICES: readonly (EngineVoice & { files: [string, string] })[] = [
  { key: 'en-US', name: 'Lisa', gender: 'female', language: 'en', files: ['en-US_ta.bin', 'en-US_lh0_sg.bin'] },
  { key: 'en-GB', name: 'Kate', gender: 'female', language: 'en', files: ['en-GB_ta.bin', 'en-GB_kh0_sg.bin'] },
  { key: 'fr-FR', name: 'Nicole', gender: 'female', language: 'fr', files: ['fr-FR_ta.bin', 'fr-FR_nk0_sg.bin'] },
  { key: 'es-ES', name: 'Zoe', gender: 'female', language: 'es', files: ['es-ES_ta.bin', 'es-ES_zl0_sg.bin'] },
  { key: 'de-DE', name: 'Greta', gender: 'female', language: 'de', files: ['de-DE_ta.bin', 'de-DE_gl0_sg.bin'] },
  { key: 'it-IT', name: 'Chiara', gender: 'female', language: 'it', files: ['it-IT_ta.bin', 'it-IT_cm0_sg.bin'] },
];

/** Where Debian's package puts the files, then where scripts/ensure-voices.sh unpacks them. */
export const PICO_LANG_DIRS = ['/usr/share/pico/lang', '/usr/local/share/pico/lang'];

/** The directory holding a voice's two files, or null when they are not installed. */
export function picoFiles(key: string, dirs = PICO_LANG_DIRS): [string, string] | null {
  const voice = PICO_VOICES.find((v) => v.key === key);
  if (!voice) return null;
  for (const dir of dirs) {
    const paths = voice.files.map((f) => join(dir, f)) as [string, string];
    if (paths.every((p) => existsSync(p))) return paths;
  }
  return null;
}

const WORKER = join(import.meta.dir, 'pico-worker.ts');

/** Speaks each job in one Pico process; the voices' files must be installed (picoFiles). */
export async function synthesizePico(jobs: { text: string; voice: string; wavPath: string }[]): Promise<EngineAudio[]> {
  const picoJobs: PicoJob[] = jobs.map((j) => {
    const files = picoFiles(j.voice);
    if (!files) throw new Error(`Pico voice ${j.voice} is not installed`);
    return { text: j.text, textAnalysis: files[0], signalGeneration: files[1], wavPath: j.wavPath };
  });
  return (await runEngineWorker<PicoJob, EngineAudio>('SVOX Pico', WORKER, picoJobs)).results;
}
