/**
 * Standalone eSpeak-NG process. eSpeak is GPL-3, so the application never imports it: `tts.ts` spawns
 * this script with Bun, sends jobs as JSON on stdin and reads WAV files + raw timing events back.
 * Protocol: stdin `{ jobs: EspeakJob[] }` → stdout `{ results: EspeakResult[] }` (one line of JSON).
 */
import { encodeWav } from './wav.ts';

export interface EspeakJob {
  text: string;
  /** eSpeak voice name with variant, e.g. `en-us+f3`. */
  voice: string;
  /** Words per minute (eSpeak default 175). */
  rate?: number;
  /** 0-100 (eSpeak default 50). */
  pitch?: number;
  wavPath: string;
}

export interface EspeakResult {
  sampleRate: number;
  sampleCount: number;
  /** `pos` is the 1-based code-point index in the text, `ms` the audio position. */
  words: { pos: number; len: number; ms: number }[];
  /** Ends of clauses (pauses), in ms. */
  clauseEnds: number[];
  /** IPA phonemes (stress marks kept: `ˈɑː`) with their start in ms; an empty id marks a pause. */
  phonemes: { id: string; ms: number }[];
}

interface EspeakEvent {
  type: string;
  text_position: number;
  word_length: number;
  audio_position: number;
  id?: string | number;
}

interface EspeakWorker {
  set_voice(name: string): number;
  set_rate(wpm: number): number;
  set_pitch(pitch: number): number;
  get_samplerate(): number;
  synthesize(text: string, callback: (audio: Int16Array, events: EspeakEvent[]) => boolean): void;
}

async function main(): Promise<void> {
  const request = JSON.parse(await Bun.stdin.text()) as { jobs: EspeakJob[] };
  // @ts-expect-error: the Emscripten build ships no type declarations.
  const init = (await import('@echogarden/espeak-ng-emscripten')).default as () => Promise<{ eSpeakNGWorker: new () => EspeakWorker }>;
  const module = await init();
  const worker = new module.eSpeakNGWorker();
  const results: EspeakResult[] = [];
  for (const job of request.jobs) {
    if (worker.set_voice(job.voice) !== 0) throw new Error(`unknown eSpeak voice ${job.voice}`);
    worker.set_rate(job.rate ?? 165);
    worker.set_pitch(job.pitch ?? 50);
    const chunks: Int16Array[] = [];
    const events: EspeakEvent[] = [];
    worker.synthesize(job.text, (audio, chunkEvents) => {
      chunks.push(audio);
      events.push(...chunkEvents);
      return false; // false = keep going
    });
    const samples = new Int16Array(chunks.reduce((n, c) => n + c.length, 0));
    let at = 0;
    for (const chunk of chunks) {
      samples.set(chunk, at);
      at += chunk.length;
    }
    const sampleRate = worker.get_samplerate();
    await Bun.write(job.wavPath, encodeWav({ sampleRate, samples }));
    results.push({
      sampleRate,
      sampleCount: samples.length,
      words: events.filter((e) => e.type === 'word').map((e) => ({ pos: e.text_position, len: e.word_length, ms: e.audio_position })),
      clauseEnds: events.filter((e) => e.type === 'end').map((e) => e.audio_position),
      phonemes: events.filter((e) => e.type === 'phoneme').map((e) => ({ id: String(e.id ?? ''), ms: e.audio_position })),
    });
  }
  process.stdout.write(`${JSON.stringify({ results })}\n`);
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
