import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { renderVoicePreview, synthesize } from './tts.ts';
import { findVoice, VOICES } from './voice-catalogue.ts';
import type { SpeechResult } from './tts.ts';
import { decodeWav } from './wav.ts';

const dir = await mkdtemp(join(tmpdir(), 'tts-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

function expectIncreasing(result: SpeechResult, wordCount: number) {
  expect(result.words).toHaveLength(wordCount);
  for (const [i, word] of result.words.entries()) {
    expect(word.endSec).toBeGreaterThan(word.startSec);
    if (i > 0) expect(word.startSec).toBeGreaterThan((result.words[i - 1] as { startSec: number }).startSec);
  }
  expect((result.words.at(-1) as { endSec: number }).endSec).toBeLessThanOrEqual(result.durationSec + 0.01);
}

async function audioOf(result: SpeechResult) {
  const pcm = decodeWav(new Uint8Array(await Bun.file(result.wavPath).arrayBuffer()));
  const peak = pcm.samples.reduce((m, s) => Math.max(m, Math.abs(s)), 0);
  return { pcm, peak };
}

describe('voice catalogue', () => {
  test('has a male and a female eSpeak voice for each of en, fr, es, de, it, pt', () => {
    for (const language of ['en', 'fr', 'es', 'de', 'it', 'pt']) {
      for (const gender of ['male', 'female']) {
        const voice = VOICES.find((v) => v.language === language && v.gender === gender && v.engine === 'espeak');
        expect(voice?.id).toBe(`local-${language}-${gender}`);
        expect(voice?.provider).toBe('local');
        expect(voice?.premium).toBe(false);
      }
    }
    expect(VOICES.filter((v) => v.engine === 'espeak')).toHaveLength(12);
  });

  test('unknown voice ids are rejected with a MediaError', () => {
    expect(() => findVoice('heygen-123')).toThrow(MediaError);
  });
});

describe('synthesize', () => {
  test('English: non-empty audio and increasing word timings', async () => {
    const result = await synthesize({ text: 'Hello Maria, I am glad we could meet today.', voiceId: 'local-en-female', workDir: dir, fileName: 'en.wav' });
    const { pcm, peak } = await audioOf(result);
    expect(pcm.samples.length).toBeGreaterThan(pcm.sampleRate); // more than a second
    expect(peak).toBeGreaterThan(3000);
    expect(result.durationSec).toBeCloseTo(pcm.samples.length / pcm.sampleRate, 3);
    expectIncreasing(result, 9);
    expect(result.words[0]?.text).toBe('Hello');
  });

  test('French: accents keep word positions aligned', async () => {
    const result = await synthesize({
      text: 'Bonjour à tous, je suis ravie de vous présenter notre équipe.',
      voiceId: 'local-fr-female',
      workDir: dir,
      fileName: 'fr.wav',
    });
    const { peak } = await audioOf(result);
    expect(peak).toBeGreaterThan(3000);
    expectIncreasing(result, 11);
    expect(result.words.map((w) => w.text)).toContain('présenter');
  });

  test('female and male voices differ', async () => {
    const [f, m] = await Promise.all([
      synthesize({ text: 'Good morning.', voiceId: 'local-en-female', workDir: dir, fileName: 'f.wav' }),
      synthesize({ text: 'Good morning.', voiceId: 'local-en-male', workDir: dir, fileName: 'm.wav' }),
    ]);
    const a = await Bun.file(f.wavPath).arrayBuffer();
    const b = await Bun.file(m.wavPath).arrayBuffer();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });

  test('an empty script is an input error', async () => {
    await expect(synthesize({ text: '   ', voiceId: 'local-en-female', workDir: dir })).rejects.toThrow('empty');
  });
});

test('voice preview is a real M4A sample', async () => {
  const preview = await renderVoicePreview('local-es-male');
  expect(preview.mimeType).toBe('audio/mp4');
  expect(new TextDecoder().decode(preview.bytes.subarray(4, 8))).toBe('ftyp');
  expect(preview.bytes.length).toBeGreaterThan(5_000);
  expect(preview.durationSec).toBeGreaterThan(1.5);
});
