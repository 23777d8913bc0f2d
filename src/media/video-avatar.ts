import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { detectFacesInFrames } from './face.ts';
import type { DetectedFace } from './face.ts';
import type { ProbeResult } from './ffmpeg.ts';
import { FPS } from './layout.ts';
import { mouthGeometry } from './mesh-geometry.ts';
import type { Affine } from './video-track.ts';
import { CLIP_LIMITS, CLIP_MESSAGES, checkClip, refuseClip } from './video-check.ts';
import { decodeClip, encodeLoop, writePoster } from './video-loop.ts';
import { clipVerdict, faceCentres, judgeFrame, largestMove, median, trackMaps } from './video-track.ts';

// A clip becomes a video avatar (docs/decisions/219-video-avatars.md): its first seconds, framed head
// and shoulders, with the face's mesh in every frame; stored as a loop that plays forward then
// backward (no jump where it turns) and the maps that carry a redrawn mouth onto each frame.

/** What a render needs of a video avatar (stored with it: `custom_avatars.rig`). */
export interface VideoAvatarMeta {
  kind: 'video';
  version: 1;
  /** Size of the stored loop's frames. */
  width: number;
  height: number;
  /** Frames of the clip; the loop holds them forward then backward (see loopLength). */
  frames: number;
  /** The frame the mouth is redrawn on (a still face, mouth closed): its picture is the avatar's image. */
  reference: number;
  /** The reference frame's face mesh (x, y), loop pixels. */
  mesh: [number, number][];
  /** The face (the mesh's extent) in the reference frame, loop pixels. */
  face: { x: number; y: number; w: number; h: number };
  /** Per clip frame: the map from the reference frame onto it (lower face). */
  maps: Affine[];
  /** Largest frame-to-frame move of the face centre in the clip, loop pixels. */
  maxMove: number;
}

/** Whether a stored avatar rig is a video avatar's (a photo's has no `kind`). */
export function isVideoMeta(meta: object | null | undefined): meta is VideoAvatarMeta {
  return !!meta && 'kind' in meta && meta.kind === 'video';
}

export interface PreparedVideo {
  /** H.264 loop (no sound): the clip forward then backward. */
  loopPath: string;
  /** The reference frame (PNG, loop size). */
  posterPath: string;
  /** A face-centred square of the reference frame (PNG, 512 px), for the library card. */
  squarePath: string;
  /** Every frame's mesh (gzip'd JSON, loop pixels). */
  meshes: Uint8Array;
  meta: VideoAvatarMeta;
  /** Wall time of the steps, for the benchmark. */
  timings: { checkSec: number; decodeSec: number; meshSec: number; loopSec: number };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

function meshExtent(face: DetectedFace): { x: number; y: number; w: number; h: number } {
  const pts = face.mesh.slice(0, 468);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/**
 * Head and shoulders around the face's median place: the face about 42 % of the window's height
 * (as the photo's 2.4 face heights), its centre at 45 % from the top, as wide as 16:9 allows, inside the picture.
 */
export function clipWindow(faces: { x: number; y: number; w: number; h: number }[], width: number, height: number) {
  const fh = median(faces.map((f) => f.h));
  const cx = median(faces.map((f) => f.x + f.w / 2));
  const cy = median(faces.map((f) => f.y + f.h / 2));
  const h = Math.min(height, fh * 2.4);
  const w = Math.min(width, (h * 16) / 9);
  const x = Math.max(0, Math.min(width - w, cx - w / 2));
  const y = Math.max(0, Math.min(height - h, cy - h * 0.45));
  return { x: Math.floor(x / 2) * 2, y: Math.floor(y / 2) * 2, w: Math.floor(w / 2) * 2, h: Math.floor(h / 2) * 2 };
}

/** Mesh every frame of a raw RGB24 file, a batch at a time (the worker holds its batch in memory). */
async function meshAll(raw: string, w: number, h: number, frames: number, scratch: string): Promise<DetectedFace[][]> {
  const size = w * h * 3;
  const batch = Math.max(1, Math.floor((96 * 1024 * 1024) / size));
  const all: DetectedFace[][] = [];
  for (let start = 0; start < frames; start += batch) {
    const count = Math.min(batch, frames - start);
    const part = join(scratch, `mesh-${start}.rgb`);
    // Bytes, not the sliced file: Bun 1.4 writes a sliced file whole.
    await Bun.write(
      part,
      await Bun.file(raw)
        .slice(start * size, (start + count) * size)
        .arrayBuffer(),
    );
    try {
      all.push(...(await detectFacesInFrames(part, w, h, count)));
    } finally {
      await rm(part, { force: true });
    }
  }
  return all;
}

const round = (v: number, k: number) => Math.round(v * k) / k;

/**
 * A clip becomes a video avatar: refused (a sentence for the person) unless most frames show one
 * usable face; otherwise its first `loopSec` seconds, framed, at 25 fps, meshed frame by frame.
 */
export async function prepareVideoAvatar(source: string, workDir: string): Promise<PreparedVideo> {
  const t0 = performance.now();
  const check = await checkClip(source, workDir);
  const t1 = performance.now();
  const { width: sw, height: sh } = check.info.video as NonNullable<ProbeResult['video']>;
  const seen = check.faces.flatMap((f) => (f.ok ? [meshExtent(f.face)] : []));
  const win = clipWindow(seen, sw, sh);
  const k = Math.min(1, CLIP_LIMITS.height / win.h);
  const W = even(win.w * k);
  const H = even(win.h * k);
  // The mesh runs on a copy where the face is about 200 px high: enough for the model, a quarter of the memory.
  const faceH = median(seen.map((f) => f.h)) * k;
  const kd = Math.min(1, 200 / Math.max(1, faceH));
  const Wd = even(W * kd);
  const Hd = even(H * kd);
  const span = Math.min(check.sec, CLIP_LIMITS.loopSec);
  const yuv = join(workDir, 'clip.yuv');
  const det = join(workDir, 'clip-detect.rgb');
  await decodeClip(source, span, `fps=${FPS},crop=${win.w}:${win.h}:${win.x}:${win.y},scale=${W}:${H}:flags=bicubic`, { Wd, Hd }, yuv, det);
  const frames = Math.min(Math.floor(Bun.file(yuv).size / ((W * H * 3) / 2)), Math.floor(Bun.file(det).size / (Wd * Hd * 3)));
  if (frames < 2) throw refuseClip(CLIP_MESSAGES.tooShort);
  const t2 = performance.now();
  const found = await meshAll(det, Wd, Hd, frames, workDir);
  await rm(det, { force: true });
  const t3 = performance.now();
  // Frames judged by the photo's rules, sizes in the uploaded clip's pixels.
  const judged = found.map((f) => judgeFrame(f, win.w / Wd));
  const verdict = clipVerdict(judged);
  if (!verdict.ok) throw refuseClip(verdict.why === 'tooSmall' ? CLIP_MESSAGES.tooSmall(verdict.size) : CLIP_MESSAGES[verdict.why]);
  const toLoop = W / Wd;
  const meshes = judged.map((f) => (f.ok ? f.face.mesh.map(([x, y]) => [x * toLoop, y * toLoop] as [number, number]) : undefined));
  const reference = pickReference(meshes);
  const refMesh = meshes[reference] as [number, number][];
  const maps = trackMaps(meshes, reference);
  const maxMove = largestMove(faceCentres(maps, refMesh));
  const loopPath = join(workDir, 'loop.mp4');
  const order = [...Array.from({ length: frames }, (_, i) => i), ...Array.from({ length: Math.max(0, frames - 2) }, (_, i) => frames - 2 - i)];
  await encodeLoop(yuv, W, H, order, loopPath);
  const face = meshExtent({ mesh: refMesh.map(([x, y]) => [x, y, 0]) } as DetectedFace);
  const { posterPath, squarePath } = await writePoster(yuv, { W, H }, reference, face, workDir);
  await rm(yuv, { force: true });
  const t4 = performance.now();
  const meta: VideoAvatarMeta = {
    kind: 'video',
    version: 1,
    width: W,
    height: H,
    frames,
    reference,
    mesh: refMesh.map(([x, y]) => [round(x, 10), round(y, 10)]),
    face: { x: round(face.x, 10), y: round(face.y, 10), w: round(face.w, 10), h: round(face.h, 10) },
    maps: maps.map((t) => [round(t[0], 1e5), round(t[1], 1e5), round(t[2], 100), round(t[3], 1e5), round(t[4], 1e5), round(t[5], 100)]),
    maxMove: round(maxMove, 100),
  };
  const meshJson = JSON.stringify({ width: W, height: H, fps: FPS, frames: meshes.map((m) => m?.map(([x, y]) => [round(x, 10), round(y, 10)]) ?? null) });
  return {
    loopPath,
    posterPath,
    squarePath,
    meshes: Bun.gzipSync(new TextEncoder().encode(meshJson)),
    meta,
    timings: { checkSec: (t1 - t0) / 1000, decodeSec: (t2 - t1) / 1000, meshSec: (t3 - t2) / 1000, loopSec: (t4 - t3) / 1000 },
  };
}

/**
 * The frame the mouth is redrawn on: the face near its median place and size, with the lips closed
 * (the drawn mouth starts from it in every frame, so an open mouth there would show through).
 */
function pickReference(meshes: ([number, number][] | undefined)[]): number {
  const usable = meshes.flatMap((m, i) => (m ? [{ i, m }] : []));
  const centre = (m: [number, number][]) => m[1] as [number, number];
  const mx = median(usable.map(({ m }) => centre(m)[0]));
  const my = median(usable.map(({ m }) => centre(m)[1]));
  let best = usable[0]?.i ?? 0;
  let bestScore = Infinity;
  for (const { i, m } of usable) {
    const g = mouthGeometry(m);
    let gap = 0;
    for (let u = g.cornerL; u <= g.cornerR; u += 1) gap = Math.max(gap, g.lower(u) - g.upper(u));
    const score = Math.hypot(centre(m)[0] - mx, centre(m)[1] - my) / g.width + (2 * gap) / g.width;
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  }
  return best;
}
