import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { buildPhotoRig } from './photo-rig.ts';
import type { RgbaImage } from './rig.ts';

type Pt = [number, number];

/** A 200 px face: 68 landmarks in the iBUG layout (jaw, brows, nose, eyes, lips) on a smooth gradient. */
function syntheticFace(): { crop: RgbaImage; landmarks: Pt[] } {
  const size = 200;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) pixels.set([(x * 7 + y) % 256, (y * 5) % 256, (x * y) % 256, 255], (y * size + x) * 4);
  const ring = (cx: number, cy: number, rx: number, ry: number, n: number, from = 0, to = 2 * Math.PI): Pt[] =>
    Array.from({ length: n }, (_, i) => {
      const a = from + ((to - from) * i) / (to === 2 * Math.PI ? n : n - 1);
      return [cx + rx * Math.cos(a), cy + ry * Math.sin(a)];
    });
  const landmarks: Pt[] = [
    ...ring(100, 100, 70, 90, 17, Math.PI, 0),
    ...ring(70, 60, 20, 5, 5, Math.PI, 2 * Math.PI - 0.01),
    ...ring(130, 60, 20, 5, 5, Math.PI, 2 * Math.PI - 0.01),
    ...ring(100, 90, 0, 20, 4, -Math.PI / 2, Math.PI / 2),
    ...ring(100, 115, 12, 0, 5, Math.PI, 0),
    ...ring(70, 75, 12, 5, 6),
    ...ring(130, 75, 12, 5, 6),
    ...ring(100, 140, 22, 10, 12),
    ...ring(100, 140, 14, 3, 8),
  ];
  return { crop: { width: size, height: size, pixels }, landmarks };
}

describe('buildPhotoRig', () => {
  test('lays out 15 mouths and 2 eyelid states, pixel for pixel as before', () => {
    const { crop, landmarks } = syntheticFace();
    expect(landmarks).toHaveLength(68);
    const { atlas, meta } = buildPhotoRig(crop, landmarks);
    expect(meta.mouths).toHaveLength(15);
    expect(meta.eyeStates.map((e) => e.state)).toEqual(['half', 'closed']);
    expect(atlas.pixels.length).toBe(atlas.width * atlas.height * 4);
    // The first mouth's pixels are opaque (the narrower eye patches leave the atlas's right edge empty).
    expect(atlas.pixels[(meta.mouths[0]!.at.y * atlas.width + 1) * 4 + 3]).toBe(255);
    expect(createHash('sha256').update(atlas.pixels).digest('hex')).toBe('61f11591d041d1a222d30771fa0b29d4c4d3a09afcfcfad2af794380bfe6f0c2');
  });
});
