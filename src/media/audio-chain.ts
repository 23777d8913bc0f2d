import { rm } from 'node:fs/promises';
import { MediaError } from './errors.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { AUDIO_RATE } from './layout.ts';
import type { PhonemeTiming } from './phonemes.ts';
import { applyGain, frame } from './audio-samples.ts';
import type { Framed, Framing } from './audio-samples.ts';
import type { SpeechEngine, SpeechResult, SynthesizeInput } from './tts.ts';
import { decodeWav, encodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';
import type { WordTiming } from './word-timing.ts';

// The one audio chain every voice goes through before it becomes a video's sound (decision 216):
// whatever engine spoke (eSpeak, another offline engine, a cloud voice, a recording), its audio is
// resampled to 48 kHz, the engine's own leading and trailing silence is cut, a fixed silence is put
// before the first word and after the last, and the level is set to -16 LUFS integrated with the true
// peak at or under -1.5 dBTP (so the AAC in the video measures under -1 dBTP). Every timing the engine
// gave (words, phonemes: captions, transcript and lip-sync come from them) moves with the audio.

export const LOUDNESS_TARGET_LUFS = -16;
export const TRUE_PEAK_TARGET_DBTP = -1.5;
/** Close enough after limiting: the measure itself varies by about this much once the AAC is decoded. */
const LOUDNESS_TOLERANCE = 0.25;
/** Silence before the first word and after the last of a whole video. */
export const LEAD_SEC = 0.3;
export const TRAIL_SEC = 0.7;
/** The limiter's look-ahead and release (s), slowest (least audible) first. */
const LIMITER_STAGES: readonly { attackSec: number; releaseSec: number }[] = [
  { attackSec: 0.005, releaseSec: 0.08 },
  { attackSec: 0.002, releaseSec: 0.02 },
  { attackSec: 0.001, releaseSec: 0.004 },
];

export const WHOLE_VIDEO: Framing = { leadSec: LEAD_SEC, trailSec: TRAIL_SEC };

/** What the chain measured and did, for benchmarks and logs. */
export interface ChainReport {
  /** Engine silence cut before the speech (s). */
  trimmedLeadSec: number;
  /** Engine silence cut after it (s). */
  trimmedTrailSec: number;
  /** Loudness and true peak of the speech as the engine gave it. */
  inputLufs: number;
  inputTruePeakDb: number;
  gainDb: number;
  /** Linear gain alone would have pushed the peaks over the target: a look-ahead limiter held them. */
  limited: boolean;
  /** The limiter's release when it was used (ms): 80, or faster (20, 4) for a voice it could not otherwise bring to the target. */
  releaseMs: number;
}

/** A voice's speech after the chain: 48 kHz mono, framed and levelled, timings moved with it. */
export interface LevelledSpeech extends SpeechResult {
  pcm: Pcm;
  chain: ChainReport;
}

/**
 * The render's way to speak: the engine synthesises, and every clip goes through the chain. The one
 * place a voice's audio enters a video (render.ts and the personalised parts both speak through it).
 */
export async function speakLevelled(engine: SpeechEngine, inputs: SynthesizeInput[], framing: Framing[]): Promise<LevelledSpeech[]> {
  const speeches = await engine.synthesizeMany(inputs);
  return levelSpeech(speeches, framing);
}

/**
 * Integrated loudness (LUFS) and, when asked, true peak (dBTP, 4× oversampled) of audio files, by
 * ffmpeg's EBU R128 meter (`ebur128`, the BS.1770 meter loudnorm measures with too), all files in one
 * run. Silence measures -inf.
 */
export async function measureLoudness(files: string[], opts: { truePeak?: boolean } = {}): Promise<{ lufs: number; truePeakDb: number }[]> {
  if (files.length === 0) return [];
  const args: string[] = [];
  for (const file of files) args.push('-i', file);
  const peak = opts.truePeak === false ? '' : 'peak=true:';
  args.push('-filter_complex', files.map((_, i) => `[${i}:a]ebur128@m${i}=${peak}framelog=verbose[m${i}]`).join(';'));
  for (const i of files.keys()) args.push('-map', `[m${i}]`, '-f', 'null', '-');
  const log = await runFfmpeg(args, { timeoutMs: 60_000 + files.length * 10_000, label: 'loudness measurement', logLevel: 'info' });
  return files.map((_, i) => {
    // The graph is configured twice (probe, then run): the last summary is the measurement.
    const at = log.lastIndexOf(`ebur128@m${i} @`);
    const summary = at < 0 ? '' : log.slice(at, at + 600);
    const lufs = /I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1];
    if (lufs === undefined) throw new MediaError('FFMPEG_FAILED', 'The loudness of the speech could not be measured', { details: log.slice(-2000) });
    const tp = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1];
    return {
      lufs: Number(lufs) <= -70 ? Number.NEGATIVE_INFINITY : Number(lufs),
      truePeakDb: tp === undefined || tp === '-inf' ? Number.NEGATIVE_INFINITY : Number(tp),
    };
  });
}

/**
 * The chain for speeches already synthesised: each clip's WAV is rewritten in place (48 kHz mono
 * PCM) and its timings shifted. `framing` is one per clip, or one for all.
 */
export async function levelSpeech(speeches: SpeechResult[], framing: Framing[] | Framing): Promise<LevelledSpeech[]> {
  if (speeches.length === 0) return [];
  const frameOf = (i: number) => (Array.isArray(framing) ? (framing[i] ?? WHOLE_VIDEO) : framing);
  const resampled = speeches.map((s) => `${s.wavPath}.48k.wav`);
  const padded = speeches.map((s) => `${s.wavPath}.framed.wav`);
  const temp = [...resampled, ...padded];
  try {
    // One ffmpeg run resamples every clip (eSpeak speaks at 22.05 kHz, cloud voices at 22.05-24 kHz).
    const args: string[] = [];
    for (const s of speeches) args.push('-i', s.wavPath);
    for (const i of speeches.keys()) args.push('-map', `${i}:a`, '-ar', String(AUDIO_RATE), '-ac', '1', '-c:a', 'pcm_s16le', resampled[i] as string);
    await runFfmpeg(args, { timeoutMs: 60_000 + speeches.length * 5_000, label: 'audio resampling' });
    const framed = await Promise.all(
      speeches.map(async (_, i) => frame(decodeWav(new Uint8Array(await Bun.file(resampled[i] as string).arrayBuffer())), frameOf(i))),
    );
    await Promise.all(framed.map((f, i) => Bun.write(padded[i] as string, encodeWav(f.pcm))));
    const measured = await measureLoudness(padded);
    const gains = measured.map((m) => (Number.isFinite(m.lufs) ? LOUDNESS_TARGET_LUFS - m.lufs : 0));
    const limited = measured.map((m, i) => Number.isFinite(m.truePeakDb) && m.truePeakDb + (gains[i] as number) > TRUE_PEAK_TARGET_DBTP);
    const out = framed.map((f, i) => applyGain(f.pcm, gains[i] as number, limited[i] ? LIMITER_STAGES[0] : undefined));
    // Limiting takes some loudness off with the peaks: measure what it left and raise the gain. A voice
    // whose peaks come every pitch period (synthetic voices' glottal pulses) keeps a slow limiter down
    // between them, so more gain brings little loudness: then the limiter lets go faster instead.
    const release = limited.map(() => 0);
    const previous = limited.map(() => ({ lufs: Number.NaN, asked: 0 }));
    let again = limited.flatMap((l, i) => (l ? [i] : []));
    for (let round = 0; round < 5 && again.length; round++) {
      await Promise.all(again.map((i) => Bun.write(padded[i] as string, encodeWav(out[i] as Pcm))));
      const now = await measureLoudness(
        again.map((i) => padded[i] as string),
        { truePeak: false },
      );
      again = again.filter((i, k) => {
        const lufs = now[k]?.lufs ?? Number.NEGATIVE_INFINITY;
        const short = LOUDNESS_TARGET_LUFS - lufs;
        if (!Number.isFinite(lufs) || Math.abs(short) < LOUDNESS_TOLERANCE) return false;
        const before = previous[i] as { lufs: number; asked: number };
        const stuck = before.asked > 0 && lufs - before.lufs < 0.5 * before.asked;
        if (stuck && (release[i] as number) < LIMITER_STAGES.length - 1) release[i] = (release[i] as number) + 1;
        gains[i] = (gains[i] as number) + short;
        previous[i] = { lufs, asked: short };
        out[i] = applyGain((framed[i] as Framed).pcm, gains[i] as number, LIMITER_STAGES[release[i] as number]);
        return true;
      });
    }
    return await Promise.all(
      speeches.map(async (speech, i) => {
        const pcm = out[i] as Pcm;
        const f = framed[i] as Framed;
        await Bun.write(speech.wavPath, encodeWav(pcm));
        const durationSec = pcm.samples.length / AUDIO_RATE;
        return {
          ...speech,
          sampleRate: AUDIO_RATE,
          durationSec,
          pcm,
          words: shiftWords(speech.words, f.shiftSec, durationSec),
          phonemes: shiftPhonemes(speech.phonemes, f.shiftSec, durationSec),
          chain: {
            trimmedLeadSec: round(f.trimmedLeadSec),
            trimmedTrailSec: round(f.trimmedTrailSec),
            inputLufs: measured[i]?.lufs ?? Number.NEGATIVE_INFINITY,
            inputTruePeakDb: measured[i]?.truePeakDb ?? Number.NEGATIVE_INFINITY,
            gainDb: Math.round((gains[i] as number) * 100) / 100,
            limited: limited[i] as boolean,
            releaseMs: limited[i] ? Math.round((LIMITER_STAGES[release[i] as number]?.releaseSec ?? 0) * 1000) : 0,
          },
        };
      }),
    );
  } finally {
    await Promise.all(temp.map((f) => rm(f, { force: true })));
  }
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}

const within = (t: number, durationSec: number) => Math.min(durationSec, Math.max(0, t));

export function shiftWords(words: WordTiming[], shiftSec: number, durationSec: number): WordTiming[] {
  return words.map((w) => ({ ...w, startSec: round(within(w.startSec + shiftSec, durationSec)), endSec: round(within(w.endSec + shiftSec, durationSec)) }));
}

export function shiftPhonemes(phonemes: PhonemeTiming[], shiftSec: number, durationSec: number): PhonemeTiming[] {
  return phonemes.map((p) => ({ ...p, startSec: within(p.startSec + shiftSec, durationSec), endSec: within(p.endSec + shiftSec, durationSec) }));
}
