import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from '../errors.ts';
import { steadyReference, timedSpeechMany } from '../speech-timing.ts';
import { synthesizeMany } from '../tts.ts';
import { findVoice, isVoiceInstalled } from '../voice-catalogue.ts';
import type { SpeechResult, SynthesizeInput } from '../tts.ts';
import type { Voice } from '../voice-catalogue.ts';
import { synthesizeFlite } from './flite.ts';
import { synthesizePico } from './pico.ts';

interface Planned {
  index: number;
  input: SynthesizeInput;
  voice: Voice;
  text: string;
  wavPath: string;
}

/**
 * The offline voices' synthesis: each input goes to its voice's engine, one worker process per engine
 * and batch. eSpeak reports its own word and phoneme timings; Flite and Pico report none the renderer
 * can use, so their audio gets eSpeak's timeline warped onto it (speech-timing.ts), as a cloud
 * voice's does. A voice whose engine is not installed is spoken by its eSpeak stand-in.
 */
export async function synthesizeOffline(inputs: SynthesizeInput[]): Promise<SpeechResult[]> {
  const out: SpeechResult[] = new Array(inputs.length);
  const espeak: { index: number; input: SynthesizeInput }[] = [];
  const flite: Planned[] = [];
  const pico: Planned[] = [];
  for (const [index, input] of inputs.entries()) {
    const voice = findVoice(input.voiceId);
    const text = input.text.trim();
    if (!text) throw new MediaError('INVALID_INPUT', 'The script is empty');
    if (input.espeakVoice || voice.engine === 'espeak' || !voice.engine || !isVoiceInstalled(voice)) {
      espeak.push({ index, input: { ...input, fileName: input.fileName ?? fileNameOf(index, inputs.length) } });
      continue;
    }
    const dir = input.workDir ?? (await mkdtemp(join(tmpdir(), 'tts-')));
    const planned = { index, input, voice, text, wavPath: join(dir, input.fileName ?? fileNameOf(index, inputs.length)) };
    (voice.engine === 'flite' ? flite : pico).push(planned);
  }
  const spoken = await Promise.all([
    espeak.length ? synthesizeMany(espeak.map((e) => e.input)) : [],
    flite.length ? synthesizeFlite(flite.map((p) => ({ text: p.text, voice: p.voice.engineVoice ?? '', rate: p.input.rate, wavPath: p.wavPath }))) : [],
    pico.length ? synthesizePico(pico.map((p) => ({ text: p.text, voice: p.voice.engineVoice ?? '', wavPath: p.wavPath }))) : [],
  ]);
  for (const [k, e] of espeak.entries()) out[e.index] = spoken[0][k] as SpeechResult;
  const recorded = [...flite, ...pico];
  for (const [k] of recorded.entries()) {
    const audio = k < flite.length ? spoken[1][k] : spoken[2][k - flite.length];
    if (!audio || audio.sampleCount === 0) throw new MediaError('TTS_FAILED', 'Speech synthesis produced no audio');
  }
  // Aligned against a steady reference in the voice's register, not its (breathy, random) eSpeak stand-in;
  // every reference of the batch in one eSpeak process.
  const timed = await timedSpeechMany(
    recorded.map((p) => ({
      text: p.text,
      language: p.voice.language,
      wavPath: p.wavPath,
      espeakVoice: steadyReference(p.voice.language, p.voice.gender === 'male' ? 'low' : 'high'),
    })),
  );
  for (const [k, p] of recorded.entries()) out[p.index] = timed[k] as SpeechResult;
  return out;
}

function fileNameOf(index: number, count: number): string {
  return count > 1 ? `speech-${index}.wav` : 'speech.wav';
}
