import { afterAll, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LEAD_SEC, levelSpeech, measureLoudness, TRAIL_SEC, WHOLE_VIDEO } from './audio-chain.ts';
import { applyGain, speechSpan } from './audio-samples.ts';
import type { SpeechResult } from './tts.ts';
import { decodeWav, encodeWav } from './wav.ts';

const dir = await mkdtemp(join(tmpdir(), 'audio-chain-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/**
 * A made-up engine's clip, at its own rate: `silenceBefore` s of nothing, then 1.2 s of a voiced
 * buzz (syllables 4 a second) peaking at `peak` of full scale, then `silenceAfter` s.
 */
async function clip(name: string, rate: number, peak: number, silenceBefore: number, silenceAfter: number, harmonics = 12): Promise<SpeechResult> {
  const speech = Math.round(1.2 * rate);
  const before = Math.round(silenceBefore * rate);
  const samples = new Int16Array(before + speech + Math.round(silenceAfter * rate));
  for (let i = 0; i < speech; i++) {
    const t = i / rate;
    const syllable = Math.sin(Math.PI * ((t * 4) % 1)) ** 2;
    // Glottal pulses: harmonics of 120 Hz in phase; 12 of them are as peaky as a synthetic voice (true peak 19 dB over the loudness).
    let buzz = 0;
    for (let k = 1; k <= harmonics; k++) buzz += Math.cos(2 * Math.PI * 120 * k * t);
    samples[before + i] = Math.round((buzz / harmonics) * syllable * peak * 32767);
  }
  const wavPath = join(dir, `${name}.wav`);
  await Bun.write(wavPath, encodeWav({ sampleRate: rate, samples }));
  const s = silenceBefore;
  return {
    wavPath,
    sampleRate: rate,
    durationSec: samples.length / rate,
    words: [
      { text: 'one', startSec: s, endSec: s + 0.5 },
      { text: 'two.', startSec: s + 0.6, endSec: s + 1.2 },
    ],
    phonemes: [{ ipa: 'w', stress: 0, startSec: s, endSec: s + 0.1 }],
  };
}

test('any engine’s clip: its silence cut, 0.3 s before and 0.7 s after, -16 LUFS, peaks under -1.5 dBTP, timings moved with the sound', async () => {
  // A quiet engine at 24 kHz with half a second of its own silence first, and a hot one (a cloud voice
  // at full scale, as measured at +0.2 dBFS true peak) at 22.05 kHz.
  const quiet = await clip('quiet', 24_000, 0.05, 0.5, 0.25, 2);
  const hot = await clip('hot', 22_050, 1, 0.01, 0.04);
  const [q, h] = await levelSpeech([quiet, hot], WHOLE_VIDEO);
  for (const [out, input] of [
    [q!, quiet],
    [h!, hot],
  ] as const) {
    expect(out.sampleRate).toBe(48_000);
    const pcm = decodeWav(new Uint8Array(await Bun.file(out.wavPath).arrayBuffer()));
    expect(pcm.samples.length).toBe(out.pcm.samples.length);
    const span = speechSpan(pcm)!;
    expect(span.start / 48_000).toBeCloseTo(LEAD_SEC, 1);
    expect(out.durationSec - span.end / 48_000).toBeGreaterThanOrEqual(TRAIL_SEC);
    expect(out.durationSec - span.end / 48_000).toBeLessThan(TRAIL_SEC + 0.1);
    // The first word starts where the sound does, whatever silence the engine had put before it.
    expect(Math.abs(out.words[0]!.startSec - span.start / 48_000)).toBeLessThan(0.03);
    expect(out.words[1]!.startSec - out.words[0]!.startSec).toBeCloseTo(input.words[1]!.startSec - input.words[0]!.startSec, 3);
    expect(out.phonemes[0]!.startSec).toBeCloseTo(out.words[0]!.startSec, 3);
    expect(Math.max(...pcm.samples.map(Math.abs))).toBeLessThan(32767 * 10 ** (-1.5 / 20));
  }
  const [lq, lh] = await measureLoudness([q!.wavPath, h!.wavPath]);
  expect(Math.abs(lq!.lufs - -16)).toBeLessThanOrEqual(0.5);
  expect(Math.abs(lh!.lufs - -16)).toBeLessThanOrEqual(0.5);
  expect(lq!.truePeakDb).toBeLessThanOrEqual(-1.5);
  expect(lh!.truePeakDb).toBeLessThanOrEqual(-1.5);
  // The quiet clip only needed gain (linear); the hot one's peaks were held by the limiter.
  expect(q!.chain).toMatchObject({ limited: false });
  expect(q!.chain.trimmedLeadSec).toBeGreaterThan(0.45);
  expect(h!.chain.limited).toBe(true);
});

test('a part of a personalised video gets only its own side of the silence', async () => {
  const [opening, rest] = await levelSpeech(
    [await clip('opening', 22_050, 0.3, 0.01, 0.04), await clip('rest', 22_050, 0.3, 0.01, 0.04)],
    [
      { leadSec: LEAD_SEC, trailSec: 0 },
      { leadSec: 0, trailSec: TRAIL_SEC },
    ],
  );
  expect(opening!.words[0]!.startSec).toBeCloseTo(LEAD_SEC, 1);
  expect(opening!.durationSec - opening!.words.at(-1)!.endSec).toBeLessThan(0.1);
  expect(rest!.words[0]!.startSec).toBeLessThan(0.05);
  expect(rest!.durationSec - rest!.words.at(-1)!.endSec).toBeGreaterThanOrEqual(TRAIL_SEC);
});

test('the limiter never lets a sample past its ceiling and adds no delay', () => {
  const rate = 48_000;
  const samples = new Int16Array(rate);
  samples[24_000] = 30_000; // a lone click at 0.5 s
  for (let i = 0; i < rate; i++) if (i !== 24_000) samples[i] = Math.round(Math.sin(i / 7) * 3000);
  const out = applyGain({ sampleRate: rate, samples }, 6, { attackSec: 0.005, releaseSec: 0.08 });
  expect(Math.max(...out.samples.map(Math.abs))).toBeLessThanOrEqual(Math.ceil(32767 * 10 ** (-2 / 20)));
  // Before the click and once released after it, the gain is the full 6 dB, sample for sample in place.
  expect(out.samples[1000]).toBe(Math.round((samples[1000] as number) * 10 ** (6 / 20)));
  for (const i of [45_000, 47_001]) expect((out.samples[i] as number) / ((samples[i] as number) * 10 ** (6 / 20))).toBeCloseTo(1, 2);
  // Held down only around the click, starting just before it (look-ahead), never after the sound it holds.
  expect(Math.abs(out.samples[24_000] as number)).toBeLessThan(30_000);
  expect((out.samples[23_700] as number) / ((samples[23_700] as number) * 10 ** (6 / 20))).toBeCloseTo(1, 3);
});
