import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { detectFacesInFrames, MIN_FACE_PX } from './face.ts';
import type { DetectedFace } from './face.ts';
import { ffmpegPath, probe, runFfmpeg } from './ffmpeg.ts';
import type { ProbeResult } from './ffmpeg.ts';
import { FPS } from './layout.ts';
import { mouthGeometry } from './mesh-mouth.ts';
import { killOnExit, toolCommand } from './tools.ts';
import type { Affine } from './video-track.ts';
import { clipVerdict, faceCentres, judgeFrame, largestMove, median, trackMaps } from './video-track.ts';
import type { FrameFace } from './video-track.ts';

// A clip becomes a video avatar (docs/decisions/219-video-avatars.md): its first seconds, framed head
// and shoulders, with the face's mesh in every frame; stored as a loop that plays forward then
// backward (no jump where it turns) and the maps that carry a redrawn mouth onto each frame.

/** Longest clip accepted, the part of it that becomes the loop, and the loop's height at most. */
export const CLIP_LIMITS = { maxSec: 60, minSec: 1, loopSec: 10, height: 720 } as const;
/** Keyframe spacing of the stored loop: a render starts anywhere in it decoding at most this many extra frames. */
export const LOOP_KEY_INTERVAL = FPS;

export const CLIP_MESSAGES = {
  none: "We couldn't find a face in most of this clip. Please upload a clip of one person facing the camera.",
  several: 'We found more than one face in this clip. Please upload a clip of one person only.',
  tooSmall: (px: number) =>
    `The face in this clip is too small (${px} pixels wide). Please record closer, so that the face is at least ${MIN_FACE_PX} pixels wide.`,
  tooLong: (sec: number) => `This clip is ${sec} seconds long. Please upload a clip of at most ${CLIP_LIMITS.maxSec} seconds.`,
  tooShort: 'This clip is too short. Please upload a clip of 10 to 60 seconds.',
  noPicture: 'This video has no picture. Please upload a clip of one person facing the camera.',
} as const;

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

function refuseClip(message: string): MediaError {
  // Same marker as a refused photo (face.ts): the message is for the person who uploaded the clip.
  return new MediaError('INVALID_INPUT', message, { details: 'picture-refused' });
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

/** Length and picture rules, refused with a sentence for the person who uploaded the clip. */
export function assertClipLength(info: ProbeResult): number {
  if (!info.video || !info.video.width || !info.video.height) throw refuseClip(CLIP_MESSAGES.noPicture);
  const sec = info.video.durationSec || info.durationSec;
  if (sec > CLIP_LIMITS.maxSec + 0.5) throw refuseClip(CLIP_MESSAGES.tooLong(Math.round(sec)));
  if (sec < CLIP_LIMITS.minSec) throw refuseClip(CLIP_MESSAGES.tooShort);
  return sec;
}

/** Decodes frames with `filters` into one raw RGB24 file; answers how many there are. */
async function rawFrames(source: string, out: string, filters: string, w: number, h: number, seconds: number): Promise<number> {
  await runFfmpeg(['-t', seconds.toFixed(2), '-i', source, '-an', '-vf', `${filters},format=rgb24`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', out], {
    timeoutMs: 120_000,
    label: 'clip decoding',
  });
  return Math.floor(Bun.file(out).size / (w * h * 3));
}

/**
 * The quick check run at upload (and first in the preparation): about ten frames spread over the
 * loop's part of the clip must mostly show one usable face, by the photo's rules.
 */
export async function checkClip(source: string, scratch: string): Promise<{ info: ProbeResult; sec: number; faces: FrameFace[]; scale: number }> {
  const info = await probe(source).catch(() => {
    throw refuseClip(CLIP_MESSAGES.noPicture);
  });
  const sec = assertClipLength(info);
  const { width, height } = info.video as NonNullable<ProbeResult['video']>;
  const k = Math.min(1, 960 / Math.max(width, height));
  const w = even(width * k);
  const h = even(height * k);
  const span = Math.min(sec, CLIP_LIMITS.loopSec);
  const out = join(scratch, `check-${crypto.randomUUID()}.rgb`);
  try {
    const n = await rawFrames(source, out, `fps=${Math.min(FPS, 10 / span).toFixed(4)},scale=${w}:${h}`, w, h, span);
    if (n === 0) throw refuseClip(CLIP_MESSAGES.noPicture);
    const found = await detectFacesInFrames(out, w, h, n);
    const faces = found.map((f) => judgeFrame(f, width / w));
    const verdict = clipVerdict(faces);
    if (!verdict.ok) throw refuseClip(verdict.why === 'tooSmall' ? CLIP_MESSAGES.tooSmall(verdict.size) : CLIP_MESSAGES[verdict.why]);
    return { info, sec, faces: faces.map((f) => (f.ok ? { ok: true, face: scaleFace(f.face, width / w) } : f)), scale: width / w };
  } finally {
    await rm(out, { force: true });
  }
}

function scaleFace(f: DetectedFace, k: number): DetectedFace {
  return {
    ...f,
    box: { x: f.box.x * k, y: f.box.y * k, w: f.box.w * k, h: f.box.h * k },
    mesh: f.mesh.map(([x, y, z]) => [x * k, y * k, z * k] as [number, number, number]),
    landmarks: f.landmarks.map(([x, y]) => [x * k, y * k] as [number, number]),
  };
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

/** Frames into an H.264 loop, in the order given, from a raw YUV 4:2:0 file (no sound; a keyframe every second). */
async function encodeLoop(raw: string, w: number, h: number, order: number[], out: string): Promise<void> {
  const size = (w * h * 3) / 2;
  const cmd = [ffmpegPath(), '-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-f', 'rawvideo', '-pix_fmt', 'yuv420p', '-s', `${w}x${h}`, '-r', String(FPS)];
  cmd.push('-i', 'pipe:0', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  cmd.push('-g', String(LOOP_KEY_INTERVAL), '-keyint_min', String(LOOP_KEY_INTERVAL), '-sc_threshold', '0', '-movflags', '+faststart', out);
  const proc = Bun.spawn(toolCommand(cmd), { stdin: 'pipe', stdout: 'ignore', stderr: 'pipe' });
  killOnExit(proc);
  const timer = setTimeout(() => proc.kill('SIGKILL'), 180_000);
  const err = new Response(proc.stderr).text();
  try {
    const file = Bun.file(raw);
    for (const i of order) {
      proc.stdin.write(new Uint8Array(await file.slice(i * size, (i + 1) * size).arrayBuffer()));
      await proc.stdin.flush();
    }
    await proc.stdin.end();
  } catch {
    // The encoder died: its exit code and log say why.
  }
  const code = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) throw new MediaError('FFMPEG_FAILED', `loop encoding failed (exit code ${code})`, { details: (await err).slice(-2000) });
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
    await Bun.write(part, await Bun.file(raw).slice(start * size, (start + count) * size).arrayBuffer());
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
  const crop = `fps=${FPS},crop=${win.w}:${win.h}:${win.x}:${win.y},scale=${W}:${H}:flags=bicubic`;
  await runFfmpeg(
    [
      '-t',
      span.toFixed(2),
      '-i',
      source,
      '-an',
      '-filter_complex',
      `[0:v]${crop},split[a][b];[a]format=yuv420p[full];[b]scale=${Wd}:${Hd}:flags=bilinear,format=rgb24[small]`,
      '-map',
      '[full]',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      yuv,
      '-map',
      '[small]',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      det,
    ],
    { timeoutMs: 180_000, label: 'clip decoding' },
  );
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
  const posterPath = join(workDir, 'poster.png');
  const squarePath = join(workDir, 'square.png');
  const face = meshExtent({ mesh: refMesh.map(([x, y]) => [x, y, 0]) } as DetectedFace);
  const side = Math.floor(Math.min(W, H, face.h * 2.4) / 2) * 2;
  const sx = Math.round(Math.max(0, Math.min(W - side, face.x + face.w / 2 - side / 2)));
  const sy = Math.round(Math.max(0, Math.min(H - side, face.y + face.h / 2 - side * 0.45)));
  const size = (W * H * 3) / 2;
  const one = join(workDir, 'reference.yuv');
  await Bun.write(one, await Bun.file(yuv).slice(reference * size, (reference + 1) * size).arrayBuffer());
  await runFfmpeg(
    [
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-s',
      `${W}x${H}`,
      '-i',
      one,
      '-filter_complex',
      `[0:v]split[a][b];[b]crop=${side}:${side}:${sx}:${sy},scale=512:512:flags=lanczos[sq]`,
      '-map',
      '[a]',
      '-frames:v',
      '1',
      posterPath,
      '-map',
      '[sq]',
      '-frames:v',
      '1',
      squarePath,
    ],
    { timeoutMs: 30_000, label: 'poster' },
  );
  await rm(yuv, { force: true });
  await rm(one, { force: true });
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
    if (score < bestScore) (bestScore = score), (best = i);
  }
  return best;
}
