import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speakLevelled } from './audio-chain.ts';
import { MediaError } from './errors.ts';
import { synthesizeOffline } from './engines/offline.ts';
import type { EspeakJob, EspeakResult } from './espeak-worker.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { phonemeTimeline } from './phonemes.ts';
import type { PhonemeTiming } from './phonemes.ts';
import { findVoice } from './voice-catalogue.ts';
import type { VoiceLanguage } from './voice-catalogue.ts';
import { alignWords } from './word-timing.ts';
import type { WordTiming } from './word-timing.ts';
import { killOnExit, speechDeadlineMs, toolCommand } from './tools.ts';

export type { WordTiming } from './word-timing.ts';
export type { PhonemeTiming } from './phonemes.ts';

// Synthesis: what speaks a script (SpeechEngine), eSpeak's batch worker and the voice previews.
// Which voices there are is voice-catalogue.ts.

export interface SynthesizeInput {
  text: string;
  voiceId: string;
  /** Where the WAV is written; a fresh temp directory when omitted (the caller then owns it). */
  workDir?: string;
  /** File name inside workDir; defaults to `speech.wav`. */
  fileName?: string;
  /** Words per minute, 80-400 (eSpeak default 175; we use 165 for clarity). */
  rate?: number;
  /** 0-100. */
  pitch?: number;
  /** Overrides the voice's eSpeak name (alignment speaks another provider's text in its language). */
  espeakVoice?: string;
}

export interface SpeechResult {
  /** Mono 16-bit PCM WAV at `sampleRate` (22050 Hz for eSpeak). */
  wavPath: string;
  sampleRate: number;
  durationSec: number;
  words: WordTiming[];
  /** Drives the visemes; from eSpeak, or eSpeak's aligned onto another provider's audio. */
  phonemes: PhonemeTiming[];
}

/**
 * Whatever speaks the script: eSpeak here (`localSpeech`), a cloud voice provider elsewhere
 * (src/server/providers/tts). The render engine only needs audio, word and phoneme timings.
 */
export interface SpeechEngine {
  /** Shown in errors: "The voice provider ElevenLabs failed: …". */
  readonly label: string;
  /** Language of a voice (captions, subtitle track, phoneme alignment); throws for an unknown voice. */
  languageOf(voiceId: string): Promise<VoiceLanguage>;
  synthesizeMany(inputs: SynthesizeInput[]): Promise<SpeechResult[]>;
}

/** Every offline engine (engines/offline.ts picks each voice's; eSpeak speaks when one is missing). */
export const localSpeech: SpeechEngine = {
  label: 'offline voices',
  languageOf: async (voiceId) => findVoice(voiceId).language,
  synthesizeMany: (inputs) => synthesizeOffline(inputs),
};

const WORKER = join(import.meta.dir, 'espeak-worker.ts');

/**
 * Runs several syntheses in one eSpeak process (one start-up for a whole batch of heads). Every voice
 * is spoken by eSpeak here (another engine's voice by its eSpeak stand-in): localSpeech picks engines.
 */
export async function synthesizeMany(inputs: SynthesizeInput[]): Promise<SpeechResult[]> {
  if (inputs.length === 0) return [];
  const jobs: EspeakJob[] = [];
  for (const [i, input] of inputs.entries()) {
    const text = input.text.trim();
    if (!text) throw new MediaError('INVALID_INPUT', 'The script is empty');
    const dir = input.workDir ?? (await mkdtemp(join(tmpdir(), 'tts-')));
    jobs.push({
      text,
      voice: input.espeakVoice ?? findVoice(input.voiceId).espeakVoice,
      rate: clamp(input.rate ?? 165, 80, 400),
      pitch: clamp(input.pitch ?? 50, 0, 100),
      wavPath: join(dir, input.fileName ?? (inputs.length > 1 ? `speech-${i}.wav` : 'speech.wav')),
    });
  }
  const totalChars = jobs.reduce((n, j) => n + j.text.length, 0);
  const proc = Bun.spawn(toolCommand([process.execPath, WORKER]), { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', cwd: import.meta.dir });
  killOnExit(proc);
  proc.stdin.write(JSON.stringify({ jobs }));
  await proc.stdin.end();
  // The deadline only guards against a wedged process (speechDeadlineMs).
  const timer = setTimeout(() => proc.kill('SIGKILL'), speechDeadlineMs(totalChars));
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new MediaError('TTS_FAILED', `Speech synthesis failed (exit code ${code})`, { details: err.trim().slice(-2000) });
  const { results } = JSON.parse(out) as { results: EspeakResult[] };
  return results.map((r, i) => {
    const job = jobs[i] as EspeakJob;
    const durationSec = r.sampleCount / r.sampleRate;
    if (r.sampleCount === 0) throw new MediaError('TTS_FAILED', 'Speech synthesis produced no audio');
    return {
      wavPath: job.wavPath,
      sampleRate: r.sampleRate,
      durationSec,
      words: alignWords(job.text, r.words, r.clauseEnds, durationSec),
      phonemes: phonemeTimeline(r.phonemes, r.clauseEnds, durationSec),
    };
  });
}

export async function synthesize(input: SynthesizeInput): Promise<SpeechResult> {
  const [result] = await synthesizeMany([input]);
  return result as SpeechResult;
}

export interface VoicePreview {
  bytes: Uint8Array;
  mimeType: 'audio/mp4';
  extension: 'm4a';
  durationSec: number;
}

const PREVIEW_FRAMING = { leadSec: 0.1, trailSec: 0.3 };

/** A short real sample of the voice ("Hello, I am Emma…") as AAC in M4A, for a voice's `previewUrl`. */
export async function renderVoicePreview(voiceId: string, engine: SpeechEngine = localSpeech, text = findVoice(voiceId).previewText): Promise<VoicePreview> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-preview-'));
  try {
    // Levelled like the videos' sound (decision 216), with a shorter silence around it.
    const speech = (await speakLevelled(engine, [{ text, voiceId, workDir: dir }], [PREVIEW_FRAMING]))[0] as SpeechResult;
    const out = join(dir, 'preview.m4a');
    await runFfmpeg(['-i', speech.wavPath, '-c:a', 'aac', '-b:a', '64k', '-movflags', '+faststart', out], {
      timeoutMs: 30_000,
      label: 'voice preview',
    });
    return { bytes: new Uint8Array(await Bun.file(out).arrayBuffer()), mimeType: 'audio/mp4', extension: 'm4a', durationSec: speech.durationSec };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
