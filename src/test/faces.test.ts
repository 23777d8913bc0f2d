// The real-portrait fixtures hold what their names promise: one whole face each at the sample's own
// resolution, and a clip of that face in which the picture keeps moving (read by the presenter measures).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectFaces, pickFace } from '../media/face.ts';
import { probe } from '../media/ffmpeg.ts';
import { analyse, motion } from '../media/fixtures/measure-presenter.ts';
import { closedPortraitJpeg, portraitClipMp4, smilePortraitJpeg } from './faces.ts';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'faces-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('real portraits', () => {
  for (const [name, make] of [
    ['smile', smilePortraitJpeg],
    ['closed', closedPortraitJpeg],
  ] as const) {
    test(`${name}: one face, large enough to animate, at the sample's own resolution`, async () => {
      const path = join(dir, `${name}.jpg`);
      await Bun.write(path, await make());
      const found = await detectFaces(path, dir);
      expect(found.faces).toHaveLength(1);
      expect(found.width * found.height).toBe(600 * 900);
      expect(pickFace(found.faces).box.h).toBeGreaterThan(256);
    });
  }
});

test('the portrait clip: the smile at 25 fps without sound, the face moving a little in most frames', async () => {
  const path = join(dir, 'clip.mp4');
  await Bun.write(path, await portraitClipMp4(4));
  const info = await probe(path);
  expect(info.video?.codec).toBe('h264');
  expect(info.video?.fps).toBe(25);
  expect(info.video?.frames).toBe(100);
  expect(info.audio).toBeUndefined();
  const a = await analyse(path);
  expect(a.detections.length).toBe(a.keyframes);
  expect(Math.max(...a.detections.map((d) => d.faces))).toBe(1);
  const m = await motion(a);
  expect(m.movedShare).toBeGreaterThan(0.5);
  // A few px of drift over the clip: no step is a jump.
  expect(m.maxStepPx720).toBeLessThan(1);
}, 120_000);
