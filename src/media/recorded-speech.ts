import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scriptSentences, sentenceKey } from '../shared/sentences.ts';
import { medianPitch } from './align.ts';
import { levelSpeech } from './audio-chain.ts';
import { speechSpan } from './audio-samples.ts';
import type { LevelledSpeech } from './audio-chain.ts';
import { MediaError } from './errors.ts';
import { probe, runFfmpeg } from './ffmpeg.ts';
import { AUDIO_RATE } from './layout.ts';
import type { PhonemeTiming } from './phonemes.ts';
import { alignRecordings, steadyReference } from './speech-timing.ts';
import type { SpeechEngine, SpeechResult, SynthesizeInput } from './tts.ts';
import type { VoiceLanguage } from './voice-catalogue.ts';
import { decodeWav, encodeWav } from './wav.ts';
import type { WordTiming } from './word-timing.ts';

// The rep's own voice (decision 221): the rep read the script sentence by sentence; each take is kept
// as recorded (any audio ffmpeg decodes). Speaking a text means finding each of its sentences among
// the takes by its words; a sentence no take holds (one with a recipient's values, resolved per
// recipient, or one written after the recording) is said by the chosen synthetic voice. Takes are
// trimmed of their silence and levelled one by one, joined with a pause between sentences, and the
// result is a clip like any engine's: the render's one audio chain (decision 216) frames and levels
// it, and its timings (eSpeak's timeline warped onto each take: alignRecordings) drive the mouth,
// the captions and the transcript. The renders do not know the voice is a person's.

/** Silence between two sentences of the joined clip (each part is trimmed to its speech first). */
export const SENTENCE_PAUSE_SEC = 0.4;

export interface RecordedTake {
  /** The sentence as the teleprompter showed it (matched with spaces collapsed). */
  text: string;
  /** The take as recorded: WebM/Opus, Ogg, WAV, MP3, M4A… */
  path: string;
}

export interface RecordedVoice {
  takes: RecordedTake[];
  /** Says what the rep did not record: the personalised sentences (the chosen voice: a cloned one when the workspace has it). */
  synthetic: SpeechEngine;
  /** eSpeak's reference voice for the alignment; by default the one of the speaker's register (referenceVoice). */
  espeakVoice?: string;
}

type Part = { kind: 'take'; take: RecordedTake } | { kind: 'synthetic'; text: string };

/** A text's sentences, each the rep's take when one holds it, consecutive others grouped for the synthetic voice. */
export function partsOf(text: string, takes: ReadonlyMap<string, RecordedTake>): Part[] {
  const parts: Part[] = [];
  for (const sentence of scriptSentences(text)) {
    const take = takes.get(sentenceKey(sentence));
    const last = parts.at(-1);
    if (take) parts.push({ kind: 'take', take });
    else if (last?.kind === 'synthetic') last.text = `${last.text} ${sentence}`;
    else parts.push({ kind: 'synthetic', text: sentence });
  }
  return parts;
}

/** A speech engine that speaks with the rep's recorded takes, and the synthetic voice for the rest. */
export function recordedSpeech(voice: RecordedVoice): SpeechEngine {
  const takes = new Map(voice.takes.map((t) => [sentenceKey(t.text), t]));
  return {
    label: 'your recording',
    languageOf: (voiceId) => voice.synthetic.languageOf(voiceId),
    synthesizeMany: (inputs) => speakRecorded(voice, takes, inputs),
  };
}

async function speakRecorded(voice: RecordedVoice, takes: ReadonlyMap<string, RecordedTake>, inputs: SynthesizeInput[]): Promise<SpeechResult[]> {
  if (inputs.length === 0) return [];
  const dirs = await Promise.all(inputs.map(async (input) => input.workDir ?? (await mkdtemp(join(tmpdir(), 'recorded-')))));
  const plans = inputs.map((input, i) => {
    const parts = partsOf(input.text, takes);
    if (parts.length === 0) throw new MediaError('INVALID_INPUT', 'The script is empty');
    const stem = join(dirs[i] as string, `${(input.fileName ?? 'speech.wav').replace(/\.wav$/, '')}-part`);
    return parts.map((part, k) => ({ part, input, wavPath: `${stem}-${k}.wav` }));
  });
  const all = plans.flat();
  const recorded = all.filter((p) => p.part.kind === 'take');
  const synthetic = all.filter((p) => p.part.kind === 'synthetic');
  // The takes, decoded (one ffmpeg run) and aligned to their words (one eSpeak run); the rest, spoken (one batch).
  await decodeTakes(recorded.map((p) => ({ from: (p.part as { take: RecordedTake }).take.path, to: p.wavPath })));
  const language = await voice.synthetic.languageOf(inputs[0]?.voiceId ?? '');
  const espeakVoice = voice.espeakVoice ?? referenceVoice(language, await pitchOf(recorded.map((p) => p.wavPath)));
  const [aligned, spoken] = await Promise.all([
    alignRecordings(
      recorded.map((p) => ({ text: (p.part as { take: RecordedTake }).take.text, wavPath: p.wavPath })),
      { language, espeakVoice },
    ),
    voice.synthetic.synthesizeMany(
      synthetic.map((p) => {
        const file = p.wavPath.split('/').pop() as string;
        return { ...p.input, text: (p.part as { text: string }).text, workDir: p.wavPath.slice(0, -file.length - 1), fileName: file };
      }),
    ),
  ]);
  const byPath = new Map<string, SpeechResult>();
  for (const [k, p] of recorded.entries()) byPath.set(p.wavPath, aligned[k] as SpeechResult);
  for (const [k, p] of synthetic.entries()) byPath.set(p.wavPath, spoken[k] as SpeechResult);
  // Each part trimmed of its silence and levelled on its own: a quiet take and a loud one, the rep and the
  // synthetic voice, meet at one loudness before the chain levels the whole clip.
  const levelled = await levelSpeech(
    all.map((p) => byPath.get(p.wavPath) as SpeechResult),
    { leadSec: 0, trailSec: 0 },
  );
  let at = 0;
  return Promise.all(
    plans.map(async (parts, i) => {
      const mine = levelled.slice(at, at + parts.length);
      at += parts.length;
      const input = inputs[i] as SynthesizeInput;
      const wavPath = join(dirs[i] as string, input.fileName ?? 'speech.wav');
      const joined = joinParts(mine);
      await Bun.write(wavPath, encodeWav({ sampleRate: AUDIO_RATE, samples: joined.samples }));
      await Promise.all(
        parts.map((p) =>
          Bun.file(p.wavPath)
            .delete()
            .catch(() => undefined),
        ),
      );
      return { wavPath, sampleRate: AUDIO_RATE, durationSec: joined.samples.length / AUDIO_RATE, words: joined.words, phonemes: joined.phonemes };
    }),
  );
}

/** The speaker's median pitch over (at most five of) the decoded takes; 0 without any. */
async function pitchOf(wavs: string[]): Promise<number> {
  const pitches = await Promise.all(wavs.slice(0, 5).map(async (w) => medianPitch(decodeWav(new Uint8Array(await Bun.file(w).arrayBuffer())))));
  const voiced = pitches.filter((f) => f > 0).sort((a, b) => a - b);
  return voiced[Math.floor(voiced.length / 2)] ?? 0;
}

/** The steady eSpeak reference in the speaker's register: a man's under 150 Hz of median pitch, a woman's above (measured). */
export function referenceVoice(language: VoiceLanguage, pitchHz: number): string {
  return steadyReference(language, pitchHz > 0 && pitchHz < 150 ? 'low' : 'high');
}

/** Every take to mono 16-bit PCM at the video's rate, in one ffmpeg run; a take that cannot be decoded fails the render. */
async function decodeTakes(jobs: { from: string; to: string }[]): Promise<void> {
  if (jobs.length === 0) return;
  const args: string[] = [];
  for (const j of jobs) args.push('-i', j.from);
  for (const [i, j] of jobs.entries()) args.push('-map', `${i}:a:0`, '-ac', '1', '-ar', String(AUDIO_RATE), '-c:a', 'pcm_s16le', j.to);
  try {
    await runFfmpeg(args, { timeoutMs: 60_000 + jobs.length * 10_000, label: 'recording decoding' });
  } catch (cause) {
    throw new MediaError('INVALID_INPUT', 'The voice recording of this video cannot be read: record it again', { cause });
  }
}

/** The parts one after the other, a pause between two, every timing moved to its part's place. */
export function joinParts(parts: LevelledSpeech[]): { samples: Int16Array; words: WordTiming[]; phonemes: PhonemeTiming[] } {
  const pause = Math.round(SENTENCE_PAUSE_SEC * AUDIO_RATE);
  const total = parts.reduce((n, p) => n + p.pcm.samples.length, 0) + pause * Math.max(0, parts.length - 1);
  const samples = new Int16Array(total);
  const words: WordTiming[] = [];
  const phonemes: PhonemeTiming[] = [];
  let offset = 0;
  for (const [i, p] of parts.entries()) {
    if (i > 0) offset += pause;
    samples.set(p.pcm.samples, offset);
    const sec = offset / AUDIO_RATE;
    const round = (t: number) => Math.round((t + sec) * 1000) / 1000;
    for (const w of p.words) words.push({ ...w, startSec: round(w.startSec), endSec: round(w.endSec) });
    for (const ph of p.phonemes) phonemes.push({ ...ph, startSec: ph.startSec + sec, endSec: ph.endSec + sec });
    offset += p.pcm.samples.length;
  }
  return { samples, words, phonemes };
}

/**
 * What an uploaded take holds, decoded (not guessed from its header): its length and whether any of it
 * rises above room tone. A file that is no audio, or holds a picture, is refused.
 */
export async function inspectTake(path: string): Promise<{ durationSec: number; silent: boolean }> {
  const facts = await probe(path).catch(() => null);
  if (!facts?.audio || facts.video) throw new MediaError('INVALID_INPUT', 'The recording holds no sound that can be read');
  const wav = `${path}.check.wav`;
  try {
    await runFfmpeg(['-i', path, '-map', '0:a:0', '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', wav], { timeoutMs: 60_000, label: 'recording check' });
    const pcm = decodeWav(new Uint8Array(await Bun.file(wav).arrayBuffer()));
    return { durationSec: pcm.samples.length / pcm.sampleRate, silent: speechSpan(pcm) === null };
  } catch (cause) {
    throw new MediaError('INVALID_INPUT', 'The recording holds no sound that can be read', { cause });
  } finally {
    await rm(wav, { force: true });
  }
}
