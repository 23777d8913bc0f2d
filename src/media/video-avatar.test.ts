import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faceClipFile } from '../test/face-clips';
import { frameLoudness, pearson } from '../test/lip-sync';
import { decodeSound } from '../test/sound';
import { followPatch, greyFrames, moves, trackedOpening, videoFaceBoxes } from '../test/video-motion';
import { probe } from './ffmpeg.ts';
import { testLook } from './fixtures/look.ts';
import { joinableScript } from './personal-parts.ts';
import { renderPersonalised } from './personalise.ts';
import { renderTalkingVideo } from './render.ts';
import { prepareVideoAvatar } from './video-avatar.ts';
import type { PreparedVideo } from './video-avatar.ts';
import { videoFraming } from './video-scene.ts';
import type { VideoAvatarInput } from './video-scene.ts';
import { clipFrameAt, loopLength } from './video-track.ts';

// A video avatar from a 4 s clip of a real portrait (it drifts and turns; its sound is a 440 Hz
// tone): prepared once, then rendered; motion, loop turns and lip-sync are read from the pixels.

const root = await mkdtemp(join(tmpdir(), 'video-avatar-test-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const SECONDS = 4;
let prepared: PreparedVideo;
let avatar: VideoAvatarInput;

beforeAll(async () => {
  const clip = await faceClipFile(root, { faces: 'one', seconds: SECONDS });
  prepared = await prepareVideoAvatar(clip, await mkdtemp(join(root, 'prep-')));
  avatar = { kind: 'video', loopPath: prepared.loopPath, imagePath: prepared.posterPath, meta: prepared.meta };
}, 240_000);

test('a clip of one face becomes a loop (forward then backward, no sound), its reference frame and every frame’s mesh', async () => {
  const { meta } = prepared;
  expect(meta.frames).toBe(SECONDS * 25);
  expect(meta.maps).toHaveLength(meta.frames);
  // Framed head and shoulders: the face about 42 % of the loop's height.
  expect(meta.face.h / meta.height).toBeGreaterThanOrEqual(0.35);
  const loop = await probe(prepared.loopPath);
  expect(loop.audio).toBeUndefined();
  expect(loop.video).toMatchObject({ codec: 'h264', width: meta.width, height: meta.height, frames: loopLength(meta.frames) });
  const poster = await probe(prepared.posterPath);
  expect(poster.video).toMatchObject({ width: meta.width, height: meta.height });
  const meshes = JSON.parse(new TextDecoder().decode(Bun.gunzipSync(prepared.meshes as Uint8Array<ArrayBuffer>))) as { frames: ([number, number][] | null)[] };
  expect(meshes.frames).toHaveLength(meta.frames);
  expect(meshes.frames.filter((m) => m?.length === 478).length).toBeGreaterThanOrEqual(0.8 * meta.frames);
  // The clip moves: the face's largest move from one frame to the next is a few pixels, not zero.
  expect(meta.maxMove).toBeGreaterThan(0.5);
  expect(meta.maxMove).toBeLessThan(20);
  expect(clipFrameAt(meta.frames - 1, meta.frames)).toBe(meta.frames - 1);
  expect(clipFrameAt(meta.frames, meta.frames)).toBe(meta.frames - 2);
  expect(clipFrameAt(-1, meta.frames)).toBe(1);
}, 60_000);

test('the render moves like the clip, turns at the loop ends without a jump, its mouth follows the speech, only the speech is heard, subtitles kept', async () => {
  const dir = join(root, 'render');
  const result = await renderTalkingVideo({
    ...testLook(dir, { avatar, captions: 'soft' }),
    script:
      'Hello, I am Anna from the sales team. Our product saves your team hours every single week. Would you have ten minutes on Tuesday to see how it works?',
  });
  expect(result.durationSec).toBeGreaterThan(8);
  const info = await probe(result.videoPath);
  expect(info.video).toMatchObject({ width: 1280, height: 720 });
  // Soft subtitles travel with it, as with any presenter.
  expect(info.subtitleCodecs).toEqual(['mov_text']);
  const grey = await greyFrames(result.videoPath, root);
  const { eyes, mouth } = videoFaceBoxes(prepared.meta, 0, 1280, 720);
  const track = followPatch(grey, eyes);
  const step = moves(track);
  // It moves: the face's place changes from frame to frame in most frames (the clip drifts all the time).
  expect(step.filter((m) => m > 0.25).length).toBeGreaterThanOrEqual(0.7 * step.length);
  // The loop turns (clip frame N-1 → N-2, and 1 → 0 → 1) without a jump larger than the clip's own largest move.
  const N = prepared.meta.frames;
  const atTurn = (i: number) => [i, i + 1].some((f) => clipFrameAt(f, N) === N - 1 || clipFrameAt(f, N) === 0);
  const turns = step.filter((_, i) => atTurn(i));
  expect(turns.length).toBeGreaterThanOrEqual(2);
  const clipMax = Math.max(...step.filter((_, i) => !atTurn(i)));
  const scale = 720 / videoFraming(prepared.meta, 1280, 720).crop.h / 2;
  console.log(
    `moves: turns ${turns.map((m) => m.toFixed(2)).join(', ')} px; elsewhere at most ${clipMax.toFixed(2)} px (clip's own, meshed: ${(prepared.meta.maxMove * scale).toFixed(2)})`,
  );
  expect(Math.max(...turns)).toBeLessThanOrEqual(Math.max(clipMax, prepared.meta.maxMove * scale));
  // The mouth opens with the sound (dark pixels between the lips against the loudness, per frame).
  // Darker than 50: the drawn cavity (luma 35–45), not the shading around the lips.
  const opening = trackedOpening(grey, mouth, track, 50);
  const loud = await frameLoudness(result.videoPath, root, opening.length);
  const r = pearson(loud, opening);
  console.log(`lip-sync r = ${r.toFixed(3)} over ${opening.length} frames`);
  expect(r).toBeGreaterThanOrEqual(0.6);
  // The clip's tone is nowhere in the sound: only the speech track was mapped.
  const pcm = await decodeSound(result.videoPath, root);
  expect(info.audio?.codec).toBe('aac');
  expect(toneShare(pcm, 440)).toBeLessThan(0.02);
}, 240_000);

/** Share of the signal's energy at `hz` (Goertzel over 0.5 s windows, averaged). */
function toneShare(pcm: Int16Array, hz: number, rate = 48_000): number {
  const n = rate / 2;
  let tone = 0;
  let total = 0;
  for (let start = 0; start + n <= pcm.length; start += n) {
    const k = (2 * Math.cos((2 * Math.PI * hz) / rate)) as number;
    let s1 = 0;
    let s2 = 0;
    let e = 0;
    for (let i = 0; i < n; i++) {
      const x = (pcm[start + i] as number) / 32768;
      const s = x + k * s1 - s2;
      s2 = s1;
      s1 = s;
      e += x * x;
    }
    tone += ((s1 * s1 + s2 * s2 - k * s1 * s2) * 2) / n;
    total += e;
  }
  return total > 0 ? tone / total : 0;
}

test('joinable parts: for a video avatar a personal part between two shared ones takes the rest of the script', () => {
  const script = [
    { text: 'Hi {first_name},', personal: true },
    { text: 'here is how we save your team hours every week.', personal: false },
    { text: 'Thanks, {first_name},', personal: true },
    { text: 'talk soon!', personal: false },
  ];
  const video = joinableScript({ avatar }, script);
  expect(video.script).toEqual([script[0], script[1], { text: 'Thanks, {first_name}, talk soon!', personal: true }]);
  expect(video.textsOf(['Hi Ada,', 'Thanks, Ada,'])).toEqual(['Hi Ada,', 'Thanks, Ada, talk soon!']);
  // A photo or a stock presenter keeps every part (their motion is continuous by part index).
  expect(joinableScript({ avatar: { kind: 'stock', index: 1 } }, script).script).toBe(script);
  // Nothing shared after the personal part: nothing to merge.
  const three = script.slice(0, 3);
  expect(joinableScript({ avatar }, three).script).toBe(three);
});

test('personalised: every greeting ends where the shared part’s loop starts and every closing goes on from its end, so the joined video does not jump', async () => {
  // The closing sits between the shared middle and a shared sign-off: for a video avatar it takes the sign-off.
  const outputs = await renderPersonalised({
    ...testLook(join(root, 'personal'), { avatar }),
    script: [
      { text: 'Hi {first_name}.', personal: true },
      { text: 'Here is how we save your team hours every week.', personal: false },
      { text: 'Thanks, {first_name},', personal: true },
      { text: 'talk soon!', personal: false },
    ],
    recipients: [
      { key: 'ada', texts: ['Hi Ada.', 'Thanks, Ada,'] },
      { key: 'bob', texts: ['Hello Bob, great to meet you at the fair last week.', 'Thanks, Bob,'] },
    ],
    gif: false,
  });
  for (const out of outputs) {
    expect(out.startsSec).toHaveLength(3);
    const grey = await greyFrames(out.videoPath, root);
    const join = Math.round(out.startsSec[1]! * 25);
    const join2 = Math.round(out.startsSec[2]! * 25);
    // The whole video follows the clip from the greeting's place: the shared part at frame 0, the closing after it.
    const { eyes } = videoFaceBoxes(prepared.meta, -join, 1280, 720);
    const step = moves(followPatch(grey, eyes));
    // The clip frame shown at each join continues the part before: the step there is like any other.
    const atJoin = Math.max(step[join - 1] as number, step[join] as number, step[join2 - 1] as number, step[join2] as number);
    const typical = [...step].sort((a, b) => a - b)[Math.floor(step.length * 0.95)] as number;
    console.log(`${out.key}: largest step at the joins ${atJoin.toFixed(2)} px, 95th percentile ${typical.toFixed(2)} px`);
    expect(atJoin).toBeLessThanOrEqual(Math.max(typical, 1) * 1.5);
  }
}, 240_000);
