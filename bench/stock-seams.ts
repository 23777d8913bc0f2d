/**
 * The neck joint of the stock presenters, measured from composited pixels:
 * `bun bench/stock-seams.ts [outDir] [indices, e.g. 20,38,87]`.
 * For presenters 0–19 at 720p size (662 px), at rest and at the eight corners of the head's range of
 * motion (tilt ± 3°, sway, nod), prints the worst luma step of the joint against the one-piece drawing
 * (still or moved with the head) and how many pixels step more than 16 (see fixtures/neck-seam.ts).
 * With outDir, also writes contact sheets of the neck (rest, and the worst moving pose) as PNG.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { neckSeam, renderNeckFrames, SEAM_POSES, wholeDifference } from '../src/media/fixtures/neck-seam.ts';
import type { Rgb } from '../src/media/fixtures/neck-seam.ts';

const SIZE = 662;
const out = process.argv[2] ? resolve(process.argv[2]) : undefined;
const presenters = process.argv[3] ? process.argv[3].split(',').map(Number) : Array.from({ length: 20 }, (_, i) => i);
const scratch = await mkdtemp(join(tmpdir(), 'seams-'));
// Neck crop, view-box units: 60..220 across, 150..230 down.
const k = SIZE / 280;
const crop = { x: Math.round(60 * k), y: Math.round(150 * k), w: Math.round(160 * k), h: Math.round(80 * k) };
const sheets: Record<'rest' | 'moving', Uint8Array> = {
  rest: new Uint8Array(crop.w * 5 * crop.h * 4 * 3),
  moving: new Uint8Array(crop.w * 5 * crop.h * 4 * 3),
};
const paste = (sheet: Uint8Array, frame: Rgb, i: number) => {
  const W = crop.w * 5;
  const ox = (i % 5) * crop.w;
  const oy = Math.floor(i / 5) * crop.h;
  for (let y = 0; y < crop.h; y++) {
    const from = ((crop.y + y) * frame.width + crop.x) * 3;
    sheet.set(frame.pixels.subarray(from, from + crop.w * 3), ((oy + y) * W + ox) * 3);
  }
};
try {
  console.log('presenter  rest worst/count   moving worst/count (pose, where)   rest, whole picture: worst/count');
  let worstAll = 0;
  for (const [n, i] of presenters.entries()) {
    const dir = join(scratch, String(i));
    await mkdir(dir);
    const r = await renderNeckFrames(i, SIZE, '0x334155', SEAM_POSES, dir);
    const measures = r.frames.map((_, pose) => neckSeam(r, pose));
    const rest = measures[0] as (typeof measures)[number];
    let w = 1;
    for (let p = 2; p < measures.length; p++) if ((measures[p] as typeof rest).worst > (measures[w] as typeof rest).worst) w = p;
    const moving = measures[w] as typeof rest;
    worstAll = Math.max(worstAll, rest.worst, moving.worst);
    const pose = SEAM_POSES[w] as (typeof SEAM_POSES)[number];
    const whole = wholeDifference(r.frames[0] as Rgb, r.reference);
    console.log(
      `${String(i).padStart(9)}  ${String(rest.worst).padStart(5)} / ${String(rest.count).padEnd(6)}   ${String(moving.worst).padStart(5)} / ${String(moving.count).padEnd(6)} (${pose.angle}°, ${pose.dx}, ${pose.dy}; at ${moving.at.x},${moving.at.y})   ${whole.worst} / ${whole.count}`,
    );
    if (n < 20) paste(sheets.rest, r.frames[0] as Rgb, n);
    if (n < 20) paste(sheets.moving, r.frames[w] as Rgb, n);
    await rm(dir, { recursive: true, force: true });
  }
  console.log(`worst step over all: ${worstAll}`);
  if (out) {
    await mkdir(out, { recursive: true });
    for (const [name, sheet] of Object.entries(sheets)) {
      await Bun.write(join(scratch, `${name}.rgb`), sheet);
      const size = `${crop.w * 5}x${crop.h * 4}`;
      await runFfmpeg(['-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', size, '-i', `${name}.rgb`, '-frames:v', '1', join(out, `neck-${name}.png`)], {
        cwd: scratch,
        timeoutMs: 30_000,
        label: 'sheet',
      });
      console.log(join(out, `neck-${name}.png`));
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
