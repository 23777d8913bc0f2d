import { afterAll, describe, expect, test } from 'bun:test';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { faceSvg, rasterize, stockAvatar } from './avatar-art.ts';
import { BEARD_GROUP, BROWS_GROUP, EYES_GROUP, GLASSES_GROUP, HAIR_GROUP, MOUTH_GROUP, replaceGroup } from './avatar-layers.ts';
import { neckSeam, renderNeckFrames, SEAM_POSES } from './fixtures/neck-seam.ts';
import { POSES, quantizePose } from './visemes.ts';

// The first 20 presenters: a page of the library, and the ones the templates use.
const PRESENTERS = Array.from({ length: 20 }, (_, i) => i);
const dir = await mkdtemp(join(tmpdir(), 'stock-presenters-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the neck of a stock presenter', () => {
  test('no band, no sliver: at rest and at the largest tilt, sway and nod, the joint looks like the drawing', async () => {
    const failures: string[] = [];
    for (const index of PRESENTERS) {
      const work = join(dir, `neck-${index}`);
      await mkdir(work);
      // 720p landscape size: 662 px.
      const scene = await renderNeckFrames(index, 662, '0x334155', SEAM_POSES, work);
      for (const [pose, { angle, dx, dy }] of SEAM_POSES.entries()) {
        const m = neckSeam(scene, pose);
        if (m.worst > 12 || m.count > 0)
          failures.push(`presenter ${index} at ${angle}°/${dx}/${dy}: step ${m.worst}, ${m.count} px > 16, worst at ${m.at.x},${m.at.y}`);
      }
      await rm(work, { recursive: true, force: true });
    }
    expect(failures).toEqual([]);
  }, 180_000);
});

const SIZE = 560;
const K = SIZE / 280;

/** Pixels (as a 0/1 mask) that `group` draws on presenter `index`'s face at rest (hair, beard and glasses set aside). */
function groupMask(index: number, group: string): Uint8Array {
  const avatar = stockAvatar(index);
  const face = faceSvg(avatar, { mouth: quantizePose(POSES.rest).pose });
  const svg = [HAIR_GROUP, BEARD_GROUP, GLASSES_GROUP].reduce((s, g) => replaceGroup(s, g, () => ''), face);
  const whole = rasterize(svg, SIZE).rgba.pixels;
  const without = rasterize(
    replaceGroup(svg, group, () => ''),
    SIZE,
  ).rgba.pixels;
  const mask = new Uint8Array(SIZE * SIZE);
  for (let i = 0; i < mask.length; i++) {
    let d = 0;
    for (let c = 0; c < 4; c++) d = Math.max(d, Math.abs((whole[i * 4 + c] as number) - (without[i * 4 + c] as number)));
    mask[i] = d > 40 ? 1 : 0;
  }
  return mask;
}

/** Per column of `mask` within [x0, x1): the middle, top and bottom of its pixels (view-box units); NaN where none. */
function columns(mask: Uint8Array, x0: number, x1: number): { mid: number; top: number; bottom: number }[] {
  const out: { mid: number; top: number; bottom: number }[] = [];
  for (let x = x0; x < x1; x++) {
    let first = -1;
    let last = -1;
    for (let y = 0; y < SIZE; y++) {
      if (!mask[y * SIZE + x]) continue;
      if (first < 0) first = y;
      last = y;
    }
    out.push(first < 0 ? { mid: Number.NaN, top: Number.NaN, bottom: Number.NaN } : { mid: (first + last) / 2 / K, top: first / K, bottom: last / K });
  }
  return out.filter((c) => !Number.isNaN(c.mid));
}

const mean = (values: number[]) => {
  const real = values.filter((v) => !Number.isNaN(v));
  return real.reduce((a, b) => a + b, 0) / real.length;
};

describe('no presenter frowns at rest', () => {
  test('brows sit clear of the eyes, their inner ends not lower than their outer ends', () => {
    const failures: string[] = [];
    for (const index of PRESENTERS) {
      const brows = groupMask(index, BROWS_GROUP);
      const eyes = groupMask(index, EYES_GROUP);
      // Each side of the face (the nose at x = 140).
      for (const [side, x0, x1] of [
        ['left', 80, 140],
        ['right', 140, 200],
      ] as const) {
        // Columns from the outer end of the brow to its inner end (by the nose).
        const brow = columns(brows, x0 * K, x1 * K);
        if (side === 'right') brow.reverse();
        const n = brow.length;
        const droop = mean(brow.slice((3 * n) / 4).map((c) => c.mid)) - mean(brow.slice(0, n / 4).map((c) => c.mid));
        // Over the eye, the inner half of the brow stays well above it (a lowered brow is the frown).
        const eyeTop = Math.min(...columns(eyes, x0 * K, x1 * K).map((c) => c.top));
        const gap = eyeTop - Math.max(...brow.slice(n / 2).map((c) => c.bottom));
        if (droop > 0.5) failures.push(`presenter ${index}, ${side} brow: inner end ${droop.toFixed(1)} units lower than the outer end`);
        if (gap < 8) failures.push(`presenter ${index}, ${side} brow: ${gap.toFixed(1)} units above the eye (lowered)`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('the resting mouth turns up at the corners, not down', () => {
    for (const index of PRESENTERS) {
      const drawn = columns(groupMask(index, MOUTH_GROUP), 100 * K, 180 * K).map((c) => c.mid);
      const n = drawn.length;
      const corners = mean([...drawn.slice(0, n / 8), ...drawn.slice(-n / 8)]);
      const middle = mean(drawn.slice((3 * n) / 8, (5 * n) / 8));
      expect(corners, `presenter ${index}`).toBeLessThanOrEqual(middle);
    }
  });
});
