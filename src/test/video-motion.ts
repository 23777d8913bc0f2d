import { probe, runFfmpeg } from '../media/ffmpeg';
import type { Box } from './lip-sync';
import type { VideoAvatarMeta } from '../media/video-avatar';
import { videoFraming } from '../media/video-scene';
import { applyAffine, clipFrameAt } from '../media/video-track';

// Motion and mouth opening read from a rendered file's pixels (video-avatar tests and bench): the
// face followed by matching a patch of the upper face from frame to frame, and the dark pixels of
// the mouth counted in a box that follows it.

export interface GreyFrames {
  width: number;
  height: number;
  frames: Uint8Array[];
}

/** Every frame's luma, scaled by `scale` (half size is plenty to follow a face). */
export async function greyFrames(video: string, dir: string, scale = 0.5): Promise<GreyFrames> {
  const out = `${dir}/${crypto.randomUUID()}.grey`;
  const info = await probe(video);
  const width = Math.round(((info.video?.width ?? 0) * scale) / 2) * 2;
  const height = Math.round(((info.video?.height ?? 0) * scale) / 2) * 2;
  await runFfmpeg(['-i', video, '-vf', `scale=${width}:${height}:flags=area,format=gray`, '-f', 'rawvideo', '-pix_fmt', 'gray', out], {
    timeoutMs: 120_000,
    label: 'decode luma',
  });
  const bytes = new Uint8Array(await Bun.file(out).arrayBuffer());
  const n = Math.floor(bytes.length / (width * height));
  return { width, height, frames: Array.from({ length: n }, (_, i) => bytes.subarray(i * width * height, (i + 1) * width * height)) };
}

function sad(a: Uint8Array, b: Uint8Array, w: number, box: Box, dx: number, dy: number, ox: number, oy: number): number {
  let s = 0;
  for (let y = 0; y < box.h; y++) {
    const ra = (box.y + y) * w + box.x;
    const rb = (oy + dy + y) * w + ox + dx;
    for (let x = 0; x < box.w; x += 2) s += Math.abs((a[ra + x] as number) - (b[rb + x] as number));
  }
  return s;
}

/**
 * Where the patch `box` of frame 0 is in every frame (top-left, px of the grey frames, sub-pixel):
 * followed frame to frame by the smallest sum of differences within ±`reach` px.
 */
export function followPatch(g: GreyFrames, box: Box, reach = 10): [number, number][] {
  const track: [number, number][] = [[box.x, box.y]];
  let at = { x: box.x, y: box.y };
  for (let f = 1; f < g.frames.length; f++) {
    // Matched against the first frame (no drift), searched around the last place.
    let best = { dx: 0, dy: 0, s: Infinity };
    const scores = new Map<string, number>();
    for (let dy = -reach; dy <= reach; dy++) {
      for (let dx = -reach; dx <= reach; dx++) {
        const x = at.x + dx;
        const y = at.y + dy;
        if (x < 0 || y < 0 || x + box.w > g.width || y + box.h > g.height) continue;
        const s = sad(g.frames[0] as Uint8Array, g.frames[f] as Uint8Array, g.width, box, dx, dy, at.x, at.y);
        scores.set(`${dx},${dy}`, s);
        if (s < best.s) best = { dx, dy, s };
      }
    }
    const around = (ddx: number, ddy: number) => scores.get(`${best.dx + ddx},${best.dy + ddy}`) ?? best.s;
    const sub = (l: number, c: number, r: number) => (l + r - 2 * c > 0 ? (l - r) / (2 * (l + r - 2 * c)) : 0);
    at = { x: at.x + best.dx, y: at.y + best.dy };
    track.push([at.x + sub(around(-1, 0), best.s, around(1, 0)), at.y + sub(around(0, -1), best.s, around(0, 1))]);
  }
  return track;
}

export function moves(track: [number, number][]): number[] {
  return track.slice(1).map((p, i) => Math.hypot(p[0] - (track[i] as [number, number])[0], p[1] - (track[i] as [number, number])[1]));
}

/** Dark pixels (luma under `darkBelow`) of `box` moved with the face (`track` relative to its first place), per frame. */
export function trackedOpening(g: GreyFrames, box: Box, track: [number, number][], darkBelow = 70): number[] {
  return g.frames.map((frame, f) => {
    const dx = Math.round((track[f] as [number, number])[0] - (track[0] as [number, number])[0]);
    const dy = Math.round((track[f] as [number, number])[1] - (track[0] as [number, number])[1]);
    let dark = 0;
    for (let y = Math.max(0, box.y + dy); y < Math.min(g.height, box.y + dy + box.h); y++)
      for (let x = Math.max(0, box.x + dx); x < Math.min(g.width, box.x + dx + box.w); x++) if ((frame[y * g.width + x] as number) < darkBelow) dark++;
    return dark;
  });
}

/** The upper face (eyes, nose) and the mouth of a video avatar in a render's first frame (clip frame `start`), in half-size pixels. */
export function videoFaceBoxes(meta: VideoAvatarMeta, start: number, width: number, height: number) {
  const f = videoFraming(meta, width, height);
  const t = meta.maps[clipFrameAt(start, meta.frames)]!;
  const k = f.outH / f.crop.h;
  const out = (p: [number, number]) => {
    const [x, y] = applyAffine(t, p);
    return [((x - f.crop.x) * k + f.x) / 2, ((y - f.crop.y) * k) / 2] as [number, number];
  };
  const at = (i: number) => out(meta.mesh[i] as [number, number]);
  const [lx, ly] = at(33);
  const [rx] = at(263);
  const [, ny] = at(4);
  const eyes = { x: Math.round(lx - 8), y: Math.round(ly - 14), w: Math.round(rx - lx + 16), h: Math.round(ny - ly + 14) };
  const [cl, cy] = at(61);
  const [cr] = at(291);
  const [, top] = at(0);
  const w = cr - cl;
  const mouth = { x: Math.round(cl - 0.1 * w), y: Math.round(top - 0.1 * w), w: Math.round(1.2 * w), h: Math.round(cy - top + 0.75 * w) };
  return { eyes, mouth };
}
