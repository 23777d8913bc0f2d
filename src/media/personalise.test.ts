import { afterAll, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffprobePath, probe, runFfmpeg } from './ffmpeg.ts';
import { testLook } from './fixtures/look.ts';
import { HEAD_QUANTUM, renderRecipients, renderSharedPart, TAIL_PREROLL } from './personalise.ts';
import { GIF_MAX_BYTES, overlaySvg } from './thumbnails.ts';
import { localSpeech, type SpeechEngine } from './tts.ts';
import { loudnessOf, soundSpan } from '../test/sound.ts';
import { decodeWav } from './wav.ts';
import { parseMp4 } from './mp4-read.ts';

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

/** Gray 64×36 pixels of the video's frame n (decoded from the start: every frame exact). */
async function frameAt(file: string, n: number): Promise<Uint8Array> {
  const out = `${file}.f${n}.gray`;
  await runFfmpeg(['-i', file, '-vf', `select=eq(n\\,${n}),scale=64:36`, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', out], { timeoutMs: 30_000 });
  return new Uint8Array(await Bun.file(out).arrayBuffer());
}

/** Presentation times of every video frame, in order. */
async function frameTimes(file: string): Promise<number[]> {
  const proc = Bun.spawn([ffprobePath(), '-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], {
    stdout: 'pipe',
  });
  const text = await new Response(proc.stdout).text();
  await proc.exited;
  // One line per frame ("0.040000"; the first may carry a comma and a blank line of side data).
  return text
    .split('\n')
    .map((line) => line.split(',')[0]?.trim())
    .filter((t): t is string => !!t)
    .map(Number);
}

const CARD = (name: string) => ({ headline: `${name}, this video is for you`, cta: 'Watch your video' });

test('a greeting and a closing per recipient, one shared middle: joined at the byte level, frame by frame and sample by sample', async () => {
  const middle =
    'This short video shows how we save your team hours every week. Every contact gets a version that greets them by name, and you see who watched it and for how long.';
  const shared = await renderSharedPart({ ...testLook(join(root, 'shared')), script: middle, index: 1, count: 3 });
  // Each output is handed over as soon as it is made, before the next recipient's parts exist.
  const handed: { key: string; nextExists: boolean }[] = [];
  const outputs = await renderRecipients({
    ...testLook(join(root, 'out')),
    parts: [{ personal: true }, { shared }, { personal: true }],
    concurrency: 1,
    onRecipient: async (out) => {
      handed.push({ key: out.key, nextExists: await Bun.file(join(root, 'out', 'contact_2.mp4')).exists() });
    },
    recipients: [
      { key: 'contact-1', texts: ['Hi Alice, great to meet you at Acme.', 'Thanks, Alice, talk soon!'], overlay: CARD('Alice') },
      { key: 'contact 2', texts: ['Hello Bob.', 'Thanks, Bob, talk soon!'], overlay: CARD('Bob') },
    ],
  });
  expect(outputs.map((o) => o.key)).toEqual(['contact-1', 'contact 2']);
  expect(handed).toEqual([
    { key: 'contact-1', nextExists: false },
    { key: 'contact 2', nextExists: true },
  ]);
  expect(outputs[1]?.videoPath).toBe(join(root, 'out', 'contact_2.mp4'));
  const sharedAudio = await decodeAudio(shared.videoPath);
  const sharedBytes = Bun.file(shared.videoPath).size;
  const sharedFrames = await frameTimes(shared.videoPath);
  for (const out of outputs) {
    const info = await probe(out.videoPath);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720 });
    expect(info.audio?.codec).toBe('aac');
    // Sound and picture end together (within one AAC packet), and the reported length is the video's.
    expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThanOrEqual(1024 / 48_000);
    expect(Math.abs(info.durationSec - out.durationSec)).toBeLessThanOrEqual(0.04);
    // Parts before the last are whole 0.32 s quanta (8 video frames = 15 AAC frames); the middle is the shared part.
    const [, second, third] = out.startsSec as [number, number, number];
    expect(Number.isInteger(Math.round(second * 48_000) / HEAD_QUANTUM)).toBe(true);
    expect(Math.abs(third - second - shared.durationSec)).toBeLessThanOrEqual(0.001);
    // The recipient's own bytes are their header and their two parts; the shared file is served after them.
    expect(out.sharedRanges).toHaveLength(1);
    const range = out.sharedRanges[0]!;
    expect(out.partBytes + (range.end - range.start)).toBe(Bun.file(out.videoPath).size);
    expect(out.partBytes).toBeLessThan(sharedBytes);
    // Samples come in chunks of about a second per track, so the header lists a chunk offset per second,
    // not per frame (decision 227): at most one chunk per track per started second of each part.
    for (const track of parseMp4(new Uint8Array(await Bun.file(out.videoPath).arrayBuffer())).tracks) {
      const chunks = track.samples.filter((s, n) => n === 0 || track.samples[n - 1]!.offset + track.samples[n - 1]!.size !== s.offset).length;
      expect([track.handler, chunks <= Math.ceil(out.durationSec) + 3 * 2]).toEqual([track.handler, true]);
    }
    // Frame by frame: one frame every 1/25 s from 0 to the end (no gap, no repeated frame), and the
    // frames either side of each join are the parts' own last and first frames.
    const times = await frameTimes(out.videoPath);
    expect(Math.max(...times.map((t, n) => Math.abs(t - n / 25)))).toBeLessThan(0.002);
    expect(times.length).toBe(Math.round(out.durationSec * 25));
    const join1 = Math.round(second * 25);
    const join2 = Math.round(third * 25);
    expect(join2 - join1).toBe(sharedFrames.length);
    expect(await frameAt(out.videoPath, join1)).toEqual(await frameAt(shared.videoPath, 0));
    expect(await frameAt(out.videoPath, join2 - 1)).toEqual(await frameAt(shared.videoPath, sharedFrames.length - 1));
    // Sample by sample: the shared sound starts exactly where the greeting ends, no drift, no shift.
    const joined = await decodeAudio(out.videoPath);
    const at = Math.round(second * 48_000);
    const lags = [-480, -96, -24, 0, 24, 96, 480].map((lag) => [lag, correlation(joined, at + lag, sharedAudio, TAIL_PREROLL, 48_000)] as const);
    const best = lags.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(best[0]).toBe(0);
    expect(best[1]).toBeGreaterThan(0.95);
    // ... and ends exactly where the closing starts: its last words (then its pause) are in place, sample for sample.
    const end = Math.round(third * 48_000);
    const tailLags = [-480, -24, 0, 24, 480].map(
      (lag) => [lag, correlation(joined, end - 48_000 + lag, sharedAudio, TAIL_PREROLL + shared.audioSamples - 48_000, 48_000)] as const,
    );
    const bestTail = tailLags.reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(bestTail[0]).toBe(0);
    expect(bestTail[1]).toBeGreaterThan(0.95);
    // One level across the joins (each part levelled on its own); silence before the first word and after the last.
    const whole = await loudnessOf(out.videoPath);
    const greeting = await loudnessOf(out.videoPath, { from: 0, to: second });
    const rest = await loudnessOf(out.videoPath, { from: second, to: third });
    const closing = await loudnessOf(out.videoPath, { from: third, to: out.durationSec });
    console.log(
      `${out.key}: whole ${whole.lufs} LUFS (peak ${whole.truePeakDb} dBTP), greeting ${greeting.lufs}, shared ${rest.lufs}, closing ${closing.lufs}`,
    );
    for (const part of [whole, greeting, rest, closing]) expect(Math.abs(part.lufs - -16)).toBeLessThanOrEqual(1);
    expect(whole.truePeakDb).toBeLessThanOrEqual(-1);
    const sounding = soundSpan(joined);
    expect(sounding.first).toBeGreaterThanOrEqual(0.25);
    expect(out.durationSec - sounding.last).toBeGreaterThanOrEqual(0.5);
    // Captions of the whole video, in order: the greeting, the shared middle, the closing, each with the name.
    const vtt = await Bun.file(out.captionsPath!).text();
    expect(vtt).toStartWith('WEBVTT');
    const name = out.key === 'contact-1' ? 'Alice' : 'Bob';
    const greetingAt = vtt.indexOf(name);
    const middleAt = vtt.indexOf('hours every week');
    const closingAt = vtt.indexOf(`Thanks, ${name}`);
    expect(greetingAt).toBeGreaterThan(0);
    expect(middleAt).toBeGreaterThan(greetingAt);
    expect(closingAt).toBeGreaterThan(middleAt);
    expect(vtt).not.toMatch(/[{}]/);
    // E-mail images: a JPEG poster and a GIF under 1 MB, cut from the recipient's own greeting (the
    // GIF lasts the greeting, up to 3 s, not the first 3 s of the joined video).
    expect((await Bun.file(out.posterPath!).bytes()).subarray(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
    const gif = await Bun.file(out.gifPath!).bytes();
    expect(new TextDecoder().decode(gif.subarray(0, 6))).toBe('GIF89a');
    expect(gif.length).toBeLessThanOrEqual(GIF_MAX_BYTES);
    const g = await probe(out.gifPath!);
    expect(second).toBeLessThan(3);
    expect(Math.abs((g.video?.durationSec ?? 0) - second)).toBeLessThanOrEqual(0.15);
  }
  expect(outputs[0]?.startsSec[1]).toBeGreaterThan(outputs[1]?.startsSec[1] ?? Infinity);
}, 180_000);

test('two recipients with the same value share one render of their personal part', async () => {
  const shared = await renderSharedPart({ ...testLook(join(root, 'same-shared')), script: 'We help teams like yours.', index: 1, count: 2 });
  // The engine the look speaks with, counted: the distinct texts are spoken together, in one run.
  const runs: string[][] = [];
  const speech: SpeechEngine = {
    ...localSpeech,
    synthesizeMany: (inputs) => {
      runs.push(inputs.map((i) => i.text));
      return localSpeech.synthesizeMany(inputs);
    },
  };
  const outputs = await renderRecipients({
    ...testLook(join(root, 'same')),
    speech,
    parts: [{ personal: true }, { shared }],
    concurrency: 2,
    recipients: [
      { key: 'a', texts: ['Hi Marie.'] },
      { key: 'b', texts: ['Hi Marie.'] },
      { key: 'c', texts: ['Hi Paul.'] },
    ],
  });
  const [a, b, c] = await Promise.all(outputs.map((o) => Bun.file(o.partPath).bytes()));
  // The same bytes (one render), and Paul's differ.
  expect(a).toEqual(b!);
  expect(c).not.toEqual(a!);
  expect(runs).toEqual([['Hi Marie.', 'Hi Paul.']]);
}, 120_000);

test('a placeholder never reaches the engine or the images', async () => {
  await expect(
    renderRecipients({ ...testLook(join(root, 'bad')), parts: [{ personal: true }], recipients: [{ key: 'x', texts: ['Hi {first_name}!'] }] }),
  ).rejects.toThrow(/placeholder/);
  expect(() => overlaySvg({ headline: '{first_name}, this is for you', cta: 'Watch' }, 640, 360)).toThrow(/brace/);
  expect(overlaySvg({ headline: 'Ada <& co>, this is for you', cta: 'Watch your video' }, 640, 360)).toContain('Ada &lt;&amp; co&gt;');
});
