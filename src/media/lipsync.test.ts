import { describe, expect, test } from 'bun:test';
import { bounceTrack, collapseRuns, concatScript, frameCount, frameEnergies, mouthTrack } from './lipsync.ts';
import { decodeWav, encodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';

/** 1 s silence, 1 s loud tone, 1 s quiet tone, 0.5 s silence at 16 kHz. */
function syntheticSpeech(): Pcm {
  const rate = 16_000;
  const samples = new Int16Array(rate * 3.5);
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const amplitude = t >= 1 && t < 2 ? 20_000 : t >= 2 && t < 3 ? 8_000 : 0;
    samples[i] = Math.round(amplitude * Math.sin(2 * Math.PI * 220 * t));
  }
  return { sampleRate: rate, samples };
}

describe('lipsync', () => {
  const fps = 25;
  // Round-trip through the WAV codec so the track is computed from real file bytes.
  const pcm = decodeWav(encodeWav(syntheticSpeech()));

  test('frame energies follow the signal', () => {
    const energies = frameEnergies(pcm, fps);
    expect(energies).toHaveLength(frameCount(3.5, fps));
    expect(energies[10]).toBe(0);
    expect(energies[35] as number).toBeCloseTo(20_000 / 32768 / Math.SQRT2, 2);
    expect(energies[60] as number).toBeLessThan(energies[35] as number);
  });

  test('silence → closed, loud → open, quiet → half', () => {
    const track = mouthTrack(pcm, fps);
    expect(track).toHaveLength(88);
    expect(track.slice(0, 25).every((s) => s === 'closed')).toBe(true);
    expect(track.slice(26, 49).every((s) => s === 'open')).toBe(true);
    expect(track.slice(51, 74).every((s) => s === 'half')).toBe(true);
    expect(track.slice(76).every((s) => s === 'closed')).toBe(true);
  });

  test('runs collapse the track and add up to every frame', () => {
    const runs = collapseRuns(mouthTrack(pcm, fps));
    expect(runs.map((r) => r.shape)).toEqual(['closed', 'open', 'half', 'closed']);
    expect(runs.reduce((n, r) => n + r.frames, 0)).toBe(88);
  });

  test('one-frame blips are smoothed away', () => {
    const blip = syntheticSpeech();
    blip.samples.fill(0, 38 * 640, 39 * 640); // frame 38 (inside the loud part) silent
    const runs = collapseRuns(mouthTrack(blip, fps));
    expect(runs.map((r) => r.shape)).toEqual(['closed', 'open', 'half', 'closed']);
  });

  test('concat script lists each run with its duration and repeats the last file', () => {
    const script = concatScript(
      [
        { shape: 'closed', frames: 25 },
        { shape: 'open', frames: 3 },
      ],
      { closed: 'c.pam', half: 'h.pam', open: "o'1.pam" },
      fps,
    );
    expect(script).toBe("ffconcat version 1.0\nfile 'c.pam'\nduration 1.000000\nfile 'o'\\''1.pam'\nduration 0.120000\nfile 'o'\\''1.pam'\n");
  });

  test('bounce rises with the voice and settles in silence', () => {
    const bounce = bounceTrack(pcm, fps, 20);
    expect(bounce[10]).toBe(0);
    expect(bounce[45]).toBeGreaterThanOrEqual(18);
    expect(bounce[70] as number).toBeLessThan(bounce[45] as number);
    expect(bounce[87] as number).toBeLessThan(5);
  });
});
