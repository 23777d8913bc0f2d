import { afterAll, describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { timeWarp } from './align.ts';
import { captionBand, buildCues } from './captions.ts';
import { prepareScene, mouthBottom } from './compose.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { testLook } from './fixtures/look.ts';
import { frameSize } from './layout.ts';
import { blinkTrack, performanceTrack } from './performance.ts';
import { seededRandom } from './random.ts';
import { renderTalkingVideo } from './render.ts';
import { synthesizeMany } from './tts.ts';
import { poseTrack, quantizePose, visemeOf, VISEMES } from './visemes.ts';
import { decodeWav } from './wav.ts';

const dir = await mkdtemp(join(tmpdir(), 'presenter-test-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('visemes from eSpeak phonemes', () => {
  test('eSpeak reports timed IPA phonemes with stress', async () => {
    const [r] = await synthesizeMany([{ text: 'Mama and Fifi think so.', voiceId: 'local-en-female', workDir: dir, fileName: 'ph.wav' }]);
    const ipa = r!.phonemes.map((p) => p.ipa);
    expect(ipa.slice(0, 4)).toEqual(['m', 'ɑː', 'm', 'ɐ']);
    expect(ipa).toContain('θ');
    expect(r!.phonemes.some((p) => p.stress === 1)).toBe(true);
    for (const p of r!.phonemes) expect(p.endSec).toBeGreaterThan(p.startSec);
  });

  test('at least 8 mouth shapes, mapped from IPA', () => {
    expect(VISEMES.length).toBeGreaterThanOrEqual(8);
    expect(['m', 'f', 'θ', 'iː', 'ɑː', 'oʊ', 'uː', 'w', 't', 'l', 'ʃ', 'ɹ'].map(visemeOf)).toEqual([
      'mbp',
      'fv',
      'th',
      'ee',
      'aa',
      'oh',
      'uw',
      'uw',
      'cons',
      'l',
      'sh',
      'r',
    ]);
  });

  test('"Mama" and "Fifi" look different: lips close and open vs teeth on the lip and spread', async () => {
    const [mama, fifi] = await synthesizeMany([
      { text: 'Mama', voiceId: 'local-en-female', workDir: dir, fileName: 'mama.wav' },
      { text: 'Fifi', voiceId: 'local-en-female', workDir: dir, fileName: 'fifi.wav' },
    ]);
    const keys = (r: typeof mama) => new Set(poseTrack(r!.phonemes, 25, Math.ceil(r!.durationSec * 25)).map((p) => quantizePose(p).key));
    const a = keys(mama);
    const b = keys(fifi);
    expect([...a].some((k) => k.endsWith('-mbp'))).toBe(true);
    expect([...a].some((k) => /^o[4-6]/.test(k))).toBe(true); // wide open "ah"
    expect([...b].some((k) => k.endsWith('-fv'))).toBe(true);
    expect([...b].some((k) => /w[34]/.test(k))).toBe(true); // spread "ee"
    expect([...a].filter((k) => b.has(k) && k !== 'o0w2t0g0')).toEqual([]);
  });

  test('co-articulation: shapes blend over a few frames instead of jumping', () => {
    const phonemes = [
      { ipa: 'm', stress: 0 as const, startSec: 0, endSec: 0.1 },
      { ipa: 'ɑː', stress: 1 as const, startSec: 0.1, endSec: 0.3 },
    ];
    const track = poseTrack(phonemes, 100, 30);
    const opens = track.map((p) => p.open);
    // Between the closed M and the open A there are intermediate openings.
    expect(opens.filter((o) => o > 0.15 && o < 0.75).length).toBeGreaterThanOrEqual(2);
  });
});

describe('acting', () => {
  const input = (seed: string) => ({
    fps: 25,
    frames: 25 * 60,
    phonemes: [],
    words: [{ text: 'Hello', startSec: 1, endSec: 1.5 }],
    energies: new Array(25 * 60).fill(0),
    seed,
  });

  test('blinks every 2–6 s, about 160 ms each, seeded', () => {
    const eyes = blinkTrack(25 * 120, 25, seededRandom('a'));
    const starts = eyes.flatMap((e, i) => (e === 'half' && eyes[i + 1] === 'closed' ? [i] : []));
    const perMinute = starts.length / 2;
    expect(perMinute).toBeGreaterThanOrEqual(10);
    expect(perMinute).toBeLessThanOrEqual(25);
    expect(eyes.filter((e) => e !== 'open').length / starts.length).toBeLessThanOrEqual(7);
    expect(blinkTrack(25 * 120, 25, seededRandom('a'))).toEqual(eyes);
    expect(blinkTrack(25 * 120, 25, seededRandom('b'))).not.toEqual(eyes);
  });

  test('same input, same acting; the head moves even in silence, and is still at the clip’s ends', () => {
    const a = performanceTrack(input('x'));
    expect(performanceTrack(input('x'))).toEqual(a);
    expect(a[0]).toMatchObject({ angle: 0, dx: 0, dy: 0 });
    expect(a.at(-1)).toMatchObject({ angle: 0, dx: 0, dy: 0 });
    const moving = a.filter((f, i) => i > 0 && (f.angle !== a[i - 1]!.angle || f.dy !== a[i - 1]!.dy || f.dx !== a[i - 1]!.dx)).length;
    expect(moving / a.length).toBeGreaterThan(0.3);
  });
});

describe('timing of another voice', () => {
  test('eSpeak’s timeline warped onto a slower, deeper rendition lands within a frame of the truth', async () => {
    const text = 'Thanks for taking a minute. Our team helps companies like yours save hours every week.';
    const [ref, other] = await synthesizeMany([
      { text, voiceId: 'local-en-female', workDir: dir, fileName: 'ref.wav' },
      { text, voiceId: 'local-en-male', rate: 125, pitch: 30, workDir: dir, fileName: 'other.wav' },
    ]);
    const read = async (p: string) => decodeWav(new Uint8Array(await Bun.file(p).arrayBuffer()));
    const warp = timeWarp(await read(ref!.wavPath), await read(other!.wavPath));
    expect(other!.phonemes.length).toBe(ref!.phonemes.length);
    const errors = ref!.phonemes.map((p, i) => Math.abs(warp(p.startSec) - other!.phonemes[i]!.startSec)).sort((a, b) => a - b);
    expect(errors[Math.floor(errors.length / 2)]!).toBeLessThan(0.02);
    expect(errors[Math.floor(errors.length * 0.9)]!).toBeLessThan(0.04);
  });
});

describe('captions', () => {
  test('at most two lines per cue, balanced', () => {
    const words = 'one two three four five six seven eight nine ten eleven twelve'
      .split(' ')
      .map((text, i) => ({ text, startSec: i * 0.3, endSec: i * 0.3 + 0.25 }));
    const cues = buildCues(words, { maxChars: 20, maxLines: 2 });
    for (const c of cues) {
      const lines = c.text.split('\n');
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const l of lines) expect(l.length).toBeLessThanOrEqual(20);
    }
    expect(cues.some((c) => c.text.includes('\n'))).toBe(true);
  });

  test('the band stays below the presenter’s mouth, or moves to the top when a close-up leaves no room', async () => {
    for (const [resolution, aspectRatio, avatarStyle] of [
      ['720p', 'landscape', 'normal'],
      ['720p', 'portrait', 'normal'],
      ['720p', 'square', 'normal'],
      ['1080p', 'landscape', 'closeUp'],
    ] as const) {
      const { width, height } = frameSize(resolution, aspectRatio);
      const scene = await prepareScene(
        { avatar: { kind: 'stock', index: 4 }, background: { kind: 'color', color: '#000' }, width, height, avatarStyle },
        await mkdtemp(join(dir, 'scene-')),
      );
      if (scene.kind === 'video') throw new Error('a stock presenter');
      const mouth = mouthBottom(scene);
      const band = captionBand(width, height, mouth);
      const mouthTop = scene.y + scene.rig.head.y + scene.rig.mouth.y;
      expect(band.top >= mouth || band.bottom <= mouthTop).toBe(true);
      if (avatarStyle === 'normal') expect(band.alignment).toBe(2);
    }
  });
});

test('deterministic: the same video rendered twice has identical frames', async () => {
  const hashes: string[] = [];
  for (const run of [1, 2]) {
    const out = join(dir, `det-${run}`);
    const r = await renderTalkingVideo({
      ...testLook(out, { avatar: { kind: 'stock', index: 7 }, captions: 'none' }),
      script: 'Hello Sam, here is a quick idea.',
    });
    await runFfmpeg(['-i', r.videoPath, '-f', 'framemd5', '-an', join(out, 'frames.md5')], { timeoutMs: 60_000, label: 'frame hashes' });
    const lines = (await Bun.file(join(out, 'frames.md5')).text()).split('\n').filter((l) => /^\d/.test(l));
    expect(lines.length).toBeGreaterThan(40);
    // Frames differ from one another (the presenter moves) …
    expect(new Set(lines.map((l) => l.split(',').at(-1))).size).toBeGreaterThan(lines.length * 0.3);
    hashes.push(createHash('sha256').update(lines.join('\n')).digest('hex'));
  }
  // … and yet both renders are the same, frame for frame.
  expect(hashes[0]).toBe(hashes[1]);
}, 120_000);
