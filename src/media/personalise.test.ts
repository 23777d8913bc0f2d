import { afterAll, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe, runFfmpeg } from './ffmpeg.ts';
import { testLook } from './fixtures/look.ts';
import { HEAD_QUANTUM, renderHeads, renderSharedTail, TAIL_PREROLL } from './personalise.ts';
import { GIF_MAX_BYTES, overlaySvg } from './thumbnails.ts';
import { loudnessOf, soundSpan } from '../test/sound.ts';
import { decodeWav } from './wav.ts';

const root = await mkdtemp(join(tmpdir(), 'personalise-test-'));
afterAll(() => rm(root, { recursive: true, force: true }));

/** Mono 48 kHz PCM of a file's sound, as a player decodes it (edit lists applied). */
async function decodeAudio(file: string): Promise<Int16Array> {
  const out = `${file}.wav`;
  await runFfmpeg(['-i', file, '-map', '0:a', '-ac', '1', '-ar', '48000', '-c:a', 'pcm_s16le', out], { timeoutMs: 30_000 });
  return decodeWav(new Uint8Array(await Bun.file(out).arrayBuffer())).samples;
}

/** Normalised correlation of a and b over n samples. */
function correlation(a: Int16Array, ai: number, b: Int16Array, bi: number, n: number): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[ai + i] ?? 0;
    const y = b[bi + i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return ab / Math.sqrt(aa * bb || 1);
}

test('openings joined to one shared part at the byte level: playable, in sync, the shared part stored once', async () => {
  const tail = await renderSharedTail({ ...testLook(join(root, 'tail')), script: 'This short video shows how we save your team hours every week.' });
  // Each output is handed over as soon as it is made, before the next recipient's opening exists.
  const handed: { key: string; nextExists: boolean }[] = [];
  const outputs = await renderHeads({
    ...testLook(join(root, 'heads')),
    tail,
    concurrency: 1,
    onHead: async (out) => {
      handed.push({ key: out.key, nextExists: await Bun.file(join(root, 'heads', 'contact_2.mp4')).exists() });
    },
    heads: [
      { key: 'contact-1', script: 'Hi Alice, great to meet you at Acme.', overlay: { headline: 'Alice, this video is for you', cta: 'Watch your video' } },
      { key: 'contact 2', script: 'Hello Bob.', overlay: { headline: 'Bob, this video is for you', cta: 'Watch your video' } },
    ],
  });
  expect(outputs.map((o) => o.key)).toEqual(['contact-1', 'contact 2']);
  expect(handed).toEqual([
    { key: 'contact-1', nextExists: false },
    { key: 'contact 2', nextExists: true },
  ]);
  expect(outputs[1]?.videoPath).toBe(join(root, 'heads', 'contact_2.mp4'));
  const tailAudio = await decodeAudio(tail.videoPath);
  const tailBytes = Bun.file(tail.videoPath).size;
  for (const out of outputs) {
    const info = await probe(out.videoPath);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(info.audio?.codec).toBe('aac');
    // Sound and picture end together (within one AAC packet), and the reported length is the video's.
    expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThanOrEqual(1024 / 48_000);
    expect(Math.abs(info.durationSec - out.durationSec)).toBeLessThanOrEqual(0.04);
    expect(Math.abs(out.durationSec - out.headDurationSec - tail.durationSec)).toBeLessThanOrEqual(0.001);
    // The head is a whole number of 0.32 s quanta (8 video frames = 15 AAC frames).
    expect(Number.isInteger(Math.round(out.headDurationSec * 48_000) / HEAD_QUANTUM)).toBe(true);
    // The recipient's own bytes are their header and opening; the tail file is served after them.
    expect(out.tailRange).not.toBeNull();
    expect(out.partBytes + (out.tailRange!.end - out.tailRange!.start)).toBe(Bun.file(out.videoPath).size);
    expect(out.partBytes).toBeLessThan(tailBytes);
    // The shared sound starts exactly where the opening ends: no drift, no shift at the join.
    const joined = await decodeAudio(out.videoPath);
    const at = Math.round(out.headDurationSec * 48_000);
    const span = 48_000;
    const lags = [-480, -96, -24, 0, 24, 96, 480].map((lag) => [lag, correlation(joined, at + lag, tailAudio, TAIL_PREROLL, span)] as const);
    const best = lags.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(best[0]).toBe(0);
    expect(best[1]).toBeGreaterThan(0.95);
    // One level across the join (each part levelled to -16 LUFS on its own): the whole video, the
    // opening and the shared part each measure -16 ± 1 LUFS, within 1 LU of each other, peaks under -1 dBTP;
    // silence before the first word and after the last.
    const whole = await loudnessOf(out.videoPath);
    const opening = await loudnessOf(out.videoPath, { from: 0, to: out.headDurationSec });
    const rest = await loudnessOf(out.videoPath, { from: out.headDurationSec, to: out.durationSec });
    console.log(`${out.key}: whole ${whole.lufs} LUFS (peak ${whole.truePeakDb} dBTP), opening ${opening.lufs}, shared part ${rest.lufs}`);
    for (const part of [whole, opening, rest]) expect(Math.abs(part.lufs - -16)).toBeLessThanOrEqual(1);
    expect(Math.abs(opening.lufs - rest.lufs)).toBeLessThanOrEqual(1);
    expect(whole.truePeakDb).toBeLessThanOrEqual(-1);
    const sounding = soundSpan(joined);
    expect(sounding.first).toBeGreaterThanOrEqual(0.25);
    expect(out.durationSec - sounding.last).toBeGreaterThanOrEqual(0.5);
    // Captions of the whole video, the opening first.
    const vtt = await Bun.file(out.captionsPath!).text();
    expect(vtt).toStartWith('WEBVTT');
    expect(vtt).toContain(out.key === 'contact-1' ? 'Alice' : 'Bob');
    expect(vtt).toContain('hours every week');
    expect(vtt).not.toMatch(/[{}]/);
    // E-mail images: a JPEG poster and a GIF of 2-4 s under 1 MB.
    expect((await Bun.file(out.posterPath!).bytes()).subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    const gif = await Bun.file(out.gifPath!).bytes();
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe('GIF89a');
    expect(gif.length).toBeLessThanOrEqual(GIF_MAX_BYTES);
    const g = await probe(out.gifPath!);
    expect(g.video?.durationSec).toBeGreaterThanOrEqual(2);
    expect(g.video?.durationSec).toBeLessThanOrEqual(4);
  }
  expect(outputs[0]?.headDurationSec).toBeGreaterThan(outputs[1]?.headDurationSec ?? Infinity);
}, 120_000);

test('a placeholder never reaches the engine or the images', async () => {
  await expect(renderHeads({ ...testLook(join(root, 'bad')), tail: null, heads: [{ key: 'x', script: 'Hi {first_name}!' }] })).rejects.toThrow(/placeholder/);
  expect(() => overlaySvg({ headline: '{first_name}, this is for you', cta: 'Watch' }, 640, 360)).toThrow(/brace/);
  expect(overlaySvg({ headline: 'Ada <& co>, this is for you', cta: 'Watch your video' }, 640, 360)).toContain('Ada &lt;&amp; co&gt;');
});
