import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localSpeech } from '../tts.ts';
import { femaleDefault, installedVoices, languageDefault, MEASURED_RANKING, VOICES } from '../voice-catalogue.ts';
import type { SpeechResult } from '../tts.ts';
import type { VoiceLanguage } from '../voice-catalogue.ts';
import { decodeWav } from '../wav.ts';
import { synthesizeFlite } from './flite.ts';
import { picoFiles } from './pico.ts';

const dir = await mkdtemp(join(tmpdir(), 'engines-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
const LANGUAGES: VoiceLanguage[] = ['en', 'fr', 'es', 'de', 'it', 'pt'];
const picoInstalled = picoFiles('en-US') !== null;

async function pcmOf(path: string) {
  return decodeWav(new Uint8Array(await Bun.file(path).arrayBuffer()));
}

/** 10 ms frames louder than 1 % of full scale: where the audio speaks. */
function voicedFrames(pcm: { sampleRate: number; samples: Int16Array }): boolean[] {
  const hop = pcm.sampleRate / 100;
  const out: boolean[] = [];
  for (let f = 0; (f + 1) * hop <= pcm.samples.length; f++) {
    let e = 0;
    for (let i = f * hop; i < (f + 1) * hop; i++) e += (pcm.samples[i] as number) ** 2;
    out.push(Math.sqrt(e / hop) > 330);
  }
  return out;
}

function expectSpeech(result: SpeechResult, words: number) {
  expect(result.words).toHaveLength(words);
  for (const [i, w] of result.words.entries()) {
    expect(w.endSec).toBeGreaterThan(w.startSec);
    if (i > 0) expect(w.startSec).toBeGreaterThan(result.words[i - 1]!.startSec);
  }
  expect(result.words.at(-1)!.endSec).toBeLessThanOrEqual(result.durationSec + 0.01);
  expect(result.phonemes.length).toBeGreaterThan(words);
}

describe('offline voice catalogue', () => {
  test('every engine’s voices side by side, stable ids, eSpeak in every language, measured defaults', () => {
    const ids = VOICES.map((v) => v.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of [
      'local-en-flite-slt',
      'local-en-flite-rms',
      'local-en-flite-awb',
      'local-en-flite-kal16',
      'local-en-pico-en-us',
      'local-fr-pico-fr-fr',
      'local-es-pico-es-es',
      'local-de-pico-de-de',
      'local-it-pico-it-it',
    ])
      expect(ids).toContain(id);
    for (const language of LANGUAGES) {
      for (const gender of ['female', 'male']) expect(installedVoices().find((v) => v.id === `local-${language}-${gender}`)?.engine).toBe('espeak');
      expect(MEASURED_RANKING[language].at(-1)).toMatch(/^local-\w\w-(female|male)$/);
      for (const id of MEASURED_RANKING[language]) expect(VOICES.find((v) => v.id === id)?.language).toBe(language);
    }
    expect(new Set(VOICES.map((v) => v.engineName))).toEqual(new Set(['eSpeak NG', 'Flite', 'SVOX Pico']));
    expect(languageDefault('en').id).toBe('local-en-flite-rms');
    expect(femaleDefault('en').id).toBe('local-en-flite-slt');
    expect(languageDefault('pt').id).toBe('local-pt-female');
    // Without Pico's files a language falls back along the ranking to eSpeak.
    expect(
      languageDefault(
        'fr',
        VOICES.filter((v) => v.engine !== 'pico'),
      ).id,
    ).toBe('local-fr-female');
    if (picoInstalled) expect(languageDefault('fr').id).toBe('local-fr-pico-fr-fr');
  });
});

describe('Flite', () => {
  test('real audio, increasing word timings, and words landing on Flite’s own phone times', async () => {
    const text = 'Hello Maria, I am glad we could meet today.';
    const [speech] = await localSpeech.synthesizeMany([{ text, voiceId: 'local-en-flite-slt', workDir: dir, fileName: 'flite.wav' }]);
    const pcm = await pcmOf(speech!.wavPath);
    expect(pcm.sampleRate).toBe(16_000);
    expect(Math.max(...pcm.samples.subarray(0, 40_000))).toBeGreaterThan(3000);
    expect(speech!.durationSec).toBeGreaterThan(2);
    expectSpeech(speech!, 9);
    // Truth: where Flite itself says each word's first phone starts.
    const [own] = await synthesizeFlite([{ text, voice: 'slt', wavPath: join(dir, 'flite-own.wav') }]);
    const starts = own!.phones.map((p, i) => ({ id: p.id, startSec: i === 0 ? 0 : own!.phones[i - 1]!.endSec }));
    let k = 0;
    const truth = ['hh', 'm', 'ay', 'ae', 'g', 'w', 'k', 'm', 't'].map((first) => {
      while (k < starts.length && starts[k]!.id !== first) k++;
      return starts[k++]!.startSec;
    });
    const errors = speech!.words.map((w, i) => Math.abs(w.startSec - truth[i]!)).sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.06);
    expect(errors.at(-1)!).toBeLessThan(0.15);
  });
});

describe.skipIf(!picoInstalled)('SVOX Pico', () => {
  test('real audio in its language, increasing word timings that follow the pauses of the audio', async () => {
    const text = 'Bonjour à tous. Je suis ravie de vous présenter notre équipe.';
    const [speech] = await localSpeech.synthesizeMany([{ text, voiceId: 'local-fr-pico-fr-fr', workDir: dir, fileName: 'pico.wav' }]);
    const pcm = await pcmOf(speech!.wavPath);
    expect(pcm.sampleRate).toBe(16_000);
    expectSpeech(speech!, 11);
    // The sentence break is the longest silence inside the speech: the second sentence's first word
    // starts where the audio speaks again.
    const voiced = voicedFrames(pcm);
    const first = voiced.indexOf(true);
    let best = { from: 0, to: 0 };
    for (let f = first, from = -1; f < voiced.length; f++) {
      if (!voiced[f] && from < 0) from = f;
      if (voiced[f] && from >= 0) {
        if (f - from > best.to - best.from) best = { from, to: f };
        from = -1;
      }
    }
    expect(Math.abs(speech!.words[0]!.startSec - first / 100)).toBeLessThan(0.08);
    expect(Math.abs(speech!.words[3]!.startSec - best.to / 100)).toBeLessThan(0.1);
  });
});

test('Pico’s voices are offered only where its language files are, each with an eSpeak stand-in', () => {
  expect(picoFiles('en-US', ['/nonexistent'])).toBeNull();
  expect(VOICES.find((v) => v.id === 'local-de-pico-de-de')?.espeakVoice).toBe('de+f3');
  expect(installedVoices().some((v) => v.engine === 'pico')).toBe(picoInstalled);
});
