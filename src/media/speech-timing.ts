import { rm } from 'node:fs/promises';
import { timeWarp } from './align.ts';
import { speechSpan } from './audio-samples.ts';
import { MediaError } from './errors.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { retimePhonemes } from './phonemes.ts';
import { synthesizeMany } from './tts.ts';
import { VOICES } from './voice-catalogue.ts';
import type { SpeechResult } from './tts.ts';
import type { VoiceLanguage } from './voice-catalogue.ts';
import { decodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';
import type { WordTiming } from './word-timing.ts';

/** Any audio a provider returns (WAV, MP3, raw PCM described by `raw`) → mono 16-bit WAV at `path`. */
export async function toMonoWav(bytes: Uint8Array, path: string, raw?: { sampleRate: number }): Promise<void> {
  if (bytes.length === 0) throw new MediaError('TTS_FAILED', 'The voice provider returned no audio');
  const input = `${path}.in`;
  await Bun.write(input, bytes);
  const format = raw ? ['-f', 's16le', '-ar', String(raw.sampleRate), '-ac', '1'] : [];
  try {
    await runFfmpeg([...format, '-i', input, '-ac', '1', '-c:a', 'pcm_s16le', path], { timeoutMs: 60_000, label: 'voice audio decoding' });
  } catch (cause) {
    throw new MediaError('TTS_FAILED', 'The voice provider returned audio that cannot be read', { cause });
  } finally {
    await Bun.file(input)
      .delete()
      .catch(() => undefined);
  }
}

/**
 * The eSpeak voice whose rendition is warped onto audio of another engine or a person: the language's,
 * in the speaker's register (a man's variant for a low voice, a woman's for a high one: the warp lands
 * better), and one without breath noise. eSpeak's breathy variants (f2, f3, f5), the female stand-ins
 * listeners hear, add random noise: a reference that changes from run to run moved whole sentences'
 * lip-sync by up to 0.3 s, and held Pico's measured lip-sync under its goal.
 */
export function steadyReference(language: VoiceLanguage, register: 'low' | 'high'): string {
  const base = (VOICES.find((v) => v.language === language && v.engine === 'espeak')?.espeakVoice ?? 'en-us').split('+')[0] as string;
  return `${base}+${register === 'low' ? 'm3' : 'f4'}`;
}

/**
 * Word and phoneme timings for audio spoken by another engine. eSpeak says the same text in the same
 * language (it knows the phonemes and when each falls in its own rendition); then either the provider's
 * own word timings stretch eSpeak's phonemes word by word, or, when the provider gives none, eSpeak's
 * rendition is time-warped (DTW on loudness and spectral shape) onto the real audio.
 */
type TimedInput = {
  text: string;
  language: VoiceLanguage;
  wavPath: string;
  words?: WordTiming[];
  /** eSpeak's reference voice; a voice of the speaker's register warps better. Default: the language's steady high voice. */
  espeakVoice?: string;
};

export async function timedSpeech(opts: TimedInput): Promise<SpeechResult> {
  return (await timedSpeechMany([opts]))[0] as SpeechResult;
}

/**
 * Timings for several recordings at once: their eSpeak references are spoken by one eSpeak process
 * (its start-up, ~0.3 CPU s, once for the batch), then each is warped onto its recording.
 */
export async function timedSpeechMany(items: TimedInput[]): Promise<SpeechResult[]> {
  if (!items.length) return [];
  const references = (await synthesizeMany(
    items.map((opts) => ({
      text: opts.text,
      voiceId: 'local-en-female',
      espeakVoice: opts.espeakVoice ?? steadyReference(opts.language, 'high'),
      workDir: opts.wavPath.replace(/\/[^/]*$/, ''),
      fileName: `${crypto.randomUUID()}-ref.wav`,
    })),
  )) as SpeechResult[];
  try {
    return await Promise.all(
      items.map(async (opts, i) => {
        const reference = references[i] as SpeechResult;
        const real = decodeWav(new Uint8Array(await Bun.file(opts.wavPath).arrayBuffer()));
        const durationSec = real.samples.length / real.sampleRate;
        const result = { wavPath: opts.wavPath, sampleRate: real.sampleRate, durationSec };
        if (opts.words && opts.words.length === reference.words.length) {
          return { ...result, words: opts.words, phonemes: retimePhonemes(reference.phonemes, reference.words, opts.words) };
        }
        const warped = await warpedTimings(reference, real);
        return { ...result, words: opts.words ?? warped.words, phonemes: warped.phonemes };
      }),
    );
  } finally {
    await Promise.all(
      references.map((r) =>
        Bun.file(r.wavPath)
          .delete()
          .catch(() => undefined),
      ),
    );
  }
}

/** eSpeak's words and phonemes of its own rendition, moved onto the real audio by the warp of one onto the other. */
async function warpedTimings(reference: SpeechResult, real: Pcm): Promise<Pick<SpeechResult, 'words' | 'phonemes'>> {
  const ref = decodeWav(new Uint8Array(await Bun.file(reference.wavPath).arrayBuffer()));
  const warp = spanWarp(ref, real);
  const round = (s: number) => Math.round(s * 1000) / 1000;
  return {
    words: reference.words.map((w) => ({ text: w.text, startSec: round(warp(w.startSec)), endSec: round(Math.max(warp(w.endSec), warp(w.startSec) + 0.01)) })),
    phonemes: reference.phonemes.map((p) => ({ ...p, startSec: warp(p.startSec), endSec: Math.max(warp(p.endSec), warp(p.startSec) + 0.005) })),
  };
}

/**
 * Timings of recordings of a known text (a person reading the script, sentence by sentence): as for an
 * engine without timings, eSpeak says each text (one process for all) and its timeline is warped onto
 * the recording. The WAVs are read, never changed.
 */
export async function alignRecordings(
  items: { text: string; wavPath: string }[],
  opts: { language: VoiceLanguage; espeakVoice?: string },
): Promise<SpeechResult[]> {
  if (items.length === 0) return [];
  const espeakVoice = opts.espeakVoice ?? steadyReference(opts.language, 'high');
  const references = await synthesizeMany(
    items.map((item) => ({
      text: item.text,
      voiceId: 'local-en-female',
      espeakVoice,
      workDir: item.wavPath.replace(/\/[^/]*$/, ''),
      fileName: `${crypto.randomUUID()}-ref.wav`,
    })),
  );
  try {
    return await Promise.all(
      items.map(async (item, i) => {
        const real = decodeWav(new Uint8Array(await Bun.file(item.wavPath).arrayBuffer()));
        const timings = await warpedTimings(references[i] as SpeechResult, real);
        return { wavPath: item.wavPath, sampleRate: real.sampleRate, durationSec: real.samples.length / real.sampleRate, ...timings };
      }),
    );
  } finally {
    await Promise.all(references.map((r) => rm(r.wavPath, { force: true })));
  }
}

/**
 * eSpeak's time → the real audio's time, warped between the two speech spans only: engines pad their
 * output with silences of their own lengths (Flite leads with ~0.2 s, Pico with less), and DTW across
 * unequal silences lands the first words early. Outside the spans, time moves one to one.
 */
function spanWarp(ref: Pcm, real: Pcm): (sec: number) => number {
  const refSpan = speechSpan(ref);
  const realSpan = speechSpan(real);
  if (!refSpan || !realSpan) return timeWarp(ref, real);
  const inner = timeWarp(
    { ...ref, samples: ref.samples.subarray(refSpan.start, refSpan.end) },
    { ...real, samples: real.samples.subarray(realSpan.start, realSpan.end) },
  );
  const [r0, r1] = [refSpan.start / ref.sampleRate, refSpan.end / ref.sampleRate];
  const [t0, t1] = [realSpan.start / real.sampleRate, realSpan.end / real.sampleRate];
  const end = real.samples.length / real.sampleRate;
  return (sec) => {
    if (sec <= r0) return Math.max(0, t0 - (r0 - sec));
    if (sec >= r1) return Math.min(end, t1 + (sec - r1));
    return t0 + inner(sec - r0);
  };
}
