import { expect, test } from 'bun:test';
import { MediaError } from './errors.ts';
import { frameSize, placeAvatar } from './layout.ts';
import type { AspectRatio, Resolution } from './layout.ts';

test('frame sizes per resolution and aspect ratio', () => {
  const table: [Resolution, AspectRatio, number, number][] = [
    ['720p', 'landscape', 1280, 720],
    ['720p', 'portrait', 720, 1280],
    ['720p', 'square', 720, 720],
    ['1080p', 'landscape', 1920, 1080],
    ['2160p', 'portrait', 2160, 3840],
  ];
  for (const [resolution, aspect, width, height] of table) expect(frameSize(resolution, aspect)).toEqual({ width, height });
  expect(() => frameSize('480p' as Resolution, 'landscape')).toThrow(MediaError);
});

test('stock avatar stands at the bottom centre; circle style is a corner bubble; offsets shift it', () => {
  const normal = placeAvatar({ width: 1280, height: 720, kind: 'stock' });
  expect(normal.y + normal.size).toBe(720);
  expect(Math.abs(normal.x * 2 + normal.size - 1280)).toBeLessThanOrEqual(2); // even-pixel rounding
  const bubble = placeAvatar({ width: 1280, height: 720, kind: 'photo', style: 'circle' });
  expect(bubble.x).toBeGreaterThan(640);
  expect(bubble.y + bubble.size).toBeLessThan(720);
  const shifted = placeAvatar({ width: 1280, height: 720, kind: 'stock', offsetX: 0.25, offsetY: -0.1 });
  expect(shifted.x - normal.x).toBe(320);
  expect(shifted.y - normal.y).toBe(-72);
  for (const p of [normal, bubble, shifted]) for (const v of [p.x, p.y, p.size]) expect(Math.abs(v % 2)).toBe(0);
});
