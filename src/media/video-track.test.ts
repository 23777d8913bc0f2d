import { expect, test } from 'bun:test';
import type { DetectedFace } from './face.ts';
import { MIN_FACE_PX } from './face.ts';
import { videoFraming } from './video-scene.ts';
import type { Affine } from './video-track.ts';
import { applyAffine, clipFrameAt, clipVerdict, fitAffine, invertAffine, judgeFrame, largestMove, loopLength, trackMaps } from './video-track.ts';

/** A face whose mesh spans `h` px in height (x, y from its top-left corner). */
function face(x: number, y: number, h: number, w = h): DetectedFace {
  const mesh = Array.from({ length: 478 }, (_, i) => [x + ((i * 7) % 100) * (w / 100), y + ((i * 13) % 101) * (h / 100), 0] as [number, number, number]);
  return { score: 0.9, box: { x, y, w: w * 2, h: w * 2 }, mesh, landmarks: [] };
}

test('a frame shows one usable face, none, several, or one too small (the photo rules, the face’s mesh height)', () => {
  expect(judgeFrame([face(0, 0, 300)]).ok).toBe(true);
  expect(judgeFrame([])).toEqual({ ok: false, why: 'none' });
  expect(judgeFrame([face(0, 0, 300), face(400, 0, 280)])).toEqual({ ok: false, why: 'several' });
  // A stranger far behind does not count.
  expect(judgeFrame([face(0, 0, 300), face(400, 0, 60)]).ok).toBe(true);
  expect(judgeFrame([face(0, 0, MIN_FACE_PX - 20)])).toMatchObject({ ok: false, why: 'tooSmall' });
  // Sizes are judged in the uploaded clip's pixels: a half-size copy counts double.
  expect(judgeFrame([face(0, 0, MIN_FACE_PX - 20)], 2).ok).toBe(true);
});

test('a clip passes with one usable face in at least 80 % of its frames; otherwise the commonest reason is given', () => {
  const good = { ok: true as const, face: face(0, 0, 300) };
  const none = { ok: false as const, why: 'none' as const };
  const two = { ok: false as const, why: 'several' as const };
  expect(clipVerdict([...Array(8).fill(good), none, two]).ok).toBe(true);
  expect(clipVerdict([...Array(7).fill(good), none, two, two])).toMatchObject({ ok: false, why: 'several' });
  expect(clipVerdict([...Array(3).fill(none), good])).toMatchObject({ ok: false, why: 'none' });
  expect(clipVerdict([]).ok).toBe(false);
});

test('the loop plays the clip forward then backward, for any position, negative ones included', () => {
  expect(loopLength(5)).toBe(8);
  expect(Array.from({ length: 12 }, (_, i) => clipFrameAt(i, 5))).toEqual([0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3]);
  // An opening of 3 frames ends just before the shared part's frame 0.
  expect([-3, -2, -1, 0, 1].map((p) => clipFrameAt(p, 5))).toEqual([3, 2, 1, 0, 1]);
  // No step of more than one clip frame anywhere, turns included.
  for (let p = -20; p < 20; p++) expect(Math.abs(clipFrameAt(p + 1, 7) - clipFrameAt(p, 7))).toBe(1);
});

test('affine maps are recovered from the mesh, inverted, and smoothed without moving a steady track', () => {
  const t: Affine = [0.98, -0.05, 12, 0.05, 0.98, -7];
  const pts = Array.from({ length: 30 }, (_, i) => [(i * 37) % 200, (i * 53) % 180] as [number, number]);
  const fit = fitAffine(
    pts,
    pts.map((p) => applyAffine(t, p)),
  );
  for (const [i, v] of fit.entries()) expect(v).toBeCloseTo(t[i] as number, 6);
  const back = applyAffine(invertAffine(t), applyAffine(t, [40, 50]));
  expect(back[0]).toBeCloseTo(40, 6);
  expect(back[1]).toBeCloseTo(50, 6);
  // A face drifting 2 px a frame, with one frame missing: filled in, and the smoothing keeps the drift.
  const mesh = (dx: number) => Array.from({ length: 478 }, (_, i) => [100 + ((i * 7) % 90) + dx, 80 + ((i * 11) % 97)]);
  const meshes = Array.from({ length: 10 }, (_, i) => (i === 4 ? undefined : mesh(2 * i)));
  const maps = trackMaps(meshes, 0);
  for (const [k, m] of maps.slice(2, 8).entries()) expect(m[2]).toBeCloseTo(2 * (k + 2), 5);
  expect(largestMove(maps.map((m) => applyAffine(m, [0, 0])))).toBeLessThan(2.5);
});

test('framing: the loop’s whole height in a landscape frame it fills, tighter for a narrower clip, on the background when too narrow', () => {
  const meta = { width: 1280, height: 720, face: { x: 540, y: 200, w: 220, h: 300 } };
  expect(videoFraming(meta, 1280, 720)).toEqual({ crop: { x: 0, y: 0, w: 1280, h: 720 }, outW: 1280, outH: 720, x: 0 });
  const portrait = videoFraming(meta, 720, 1280);
  expect(portrait.crop.h).toBe(720);
  expect(portrait.crop.w).toBe(404);
  // A 4:3 webcam clip in a landscape frame: cropped tighter (the face ≤ 60 % of the height), still filling it.
  const webcam = videoFraming({ width: 960, height: 720, face: { x: 380, y: 160, w: 220, h: 300 } }, 1280, 720);
  expect(webcam.outW).toBe(1280);
  expect(300 / webcam.crop.h).toBeLessThanOrEqual(0.6);
  // A phone's tall clip: as tight as 60 % allows, then narrower than the frame, centred on the background.
  const phone = videoFraming({ width: 540, height: 720, face: { x: 160, y: 160, w: 220, h: 300 } }, 1280, 720);
  expect(phone.outW).toBeLessThan(1280);
  expect(Math.abs(phone.x - (1280 - phone.outW) / 2)).toBeLessThanOrEqual(1);
});
