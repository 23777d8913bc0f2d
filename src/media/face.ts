import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { probe, runFfmpeg } from './ffmpeg.ts';
import { killOnExit, toolCommand } from './tools.ts';
import { headerSize } from './picture-size.ts';
import { pictureTooLarge } from '../shared/pictures.ts';
import { PICTURE_UNREADABLE } from '../shared/pictures';

export interface DetectedFace {
  score: number;
  /** In the source picture's pixels. */
  box: { x: number; y: number; w: number; h: number };
  /** The dense mesh: 468 points in MediaPipe's face-mesh order plus 10 iris points (468–477), source pixels; z is depth, same scale. */
  mesh: [number, number, number][];
  /** 68 points taken from the mesh (iBUG order: jaw 0–16, brows 17–26, nose 27–35, eyes 36–47, mouth 48–67), source pixels. */
  landmarks: [number, number][];
}

/** The mesh points that stand for the 68 iBUG landmarks (jaw, brows, nose, eyes, outer then inner lips). */
export const IBUG_FROM_MESH = [
  127, 234, 93, 132, 58, 172, 136, 150, 152, 377, 365, 397, 288, 361, 323, 454, 356, 70, 63, 105, 66, 107, 336, 296, 334, 293, 300, 168, 197, 5, 4, 75, 97, 2,
  326, 305, 33, 160, 158, 133, 153, 144, 362, 385, 387, 263, 373, 380, 61, 39, 37, 0, 267, 269, 291, 405, 314, 17, 84, 181, 78, 82, 13, 312, 308, 317, 14, 87,
] as const;

type RawFace = { score: number; box: DetectedFace['box']; mesh: [number, number, number][] };

/** A worker's face in a scaled copy → the face in source pixels, with its 68 landmarks. */
function toSource(f: RawFace, k: number): DetectedFace {
  const back = (v: number) => v / k;
  const mesh = f.mesh.map(([x, y, z]) => [back(x), back(y), back(z)] as [number, number, number]);
  return {
    score: f.score,
    box: { x: back(f.box.x), y: back(f.box.y), w: back(f.box.w), h: back(f.box.h) },
    mesh,
    landmarks: IBUG_FROM_MESH.map((i) => [(mesh[i] as number[])[0], (mesh[i] as number[])[1]] as [number, number]),
  };
}

/**
 * A face shorter than this (forehead to chin on the mesh, source pixels) cannot be animated
 * convincingly. The guidance asks for 200 px; a webcam selfie at arm's length (640 × 480) is about 170.
 */
export const MIN_FACE_PX = 160;
/** Detection runs on a copy at most this wide or high (faces stay far above the detector's minimum). */
const DETECT_SIDE = 1024;

/** Messages a person understands; the upload refuses the photo with them and the avatar's status shows them. */
export const FACE_MESSAGES = {
  none: "We couldn't find a face in this photo. Please upload a clear, front-facing photo of one person.",
  several: 'We found more than one face in this photo. Please upload a photo of one person only.',
  tooSmall: (px: number) =>
    `The face in this photo is too small (${px} pixels tall). Please upload a closer photo where the face is at least ${MIN_FACE_PX} pixels tall.`,
  tooLarge: (w: number, h: number) => `This picture is too large (${w}×${h} pixels). Please upload one under 40 megapixels.`,
  unreadable: PICTURE_UNREADABLE,
} as const;

const WORKER = join(import.meta.dir, 'face-worker.ts');

/** A refusal of the picture itself: its message is meant for the person who uploaded it. */
function refuse(message: string): MediaError {
  return new MediaError('INVALID_INPUT', message, { details: 'picture-refused' });
}

export function isPictureRefusal(e: unknown): e is MediaError {
  return e instanceof MediaError && e.details === 'picture-refused';
}

/** Width and height from the file's header (no pixel decoded), refusing pixel bombs. */
export async function pictureSize(path: string): Promise<{ width: number; height: number }> {
  const head = headerSize(
    new Uint8Array(
      await Bun.file(path)
        .slice(0, 256 * 1024)
        .arrayBuffer(),
    ),
  );
  const info = head ? undefined : await probe(path).catch(() => undefined);
  // headerSize answers 0×0 for a damaged header: unreadable, whatever a probe would guess.
  const width = head?.width ?? info?.video?.width ?? 0;
  const height = head?.height ?? info?.video?.height ?? 0;
  if (!width || !height) throw refuse(FACE_MESSAGES.unreadable);
  if (pictureTooLarge({ width, height })) throw refuse(FACE_MESSAGES.tooLarge(width, height));
  return { width, height };
}

/**
 * Runs the face-mesh worker on `frames` raw RGB24 pictures of `width` × `height` stored one after
 * the other in `rawPath`; every face of every picture, in those pictures' pixels.
 */
export async function meshFrames(rawPath: string, width: number, height: number, frames = 1, timeoutMs = 60_000): Promise<RawFace[][]> {
  const proc = Bun.spawn(toolCommand([process.execPath, WORKER]), { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', cwd: import.meta.dir });
  killOnExit(proc);
  proc.stdin.write(JSON.stringify({ rawPath, width, height, frames }));
  await proc.stdin.end();
  const timer = setTimeout(() => proc.kill('SIGKILL'), timeoutMs);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new MediaError('AVATAR_FAILED', `Face detection failed: ${err.trim().split('\n').at(-1) || `exit code ${code}`}`);
  return (JSON.parse(out) as { frames: RawFace[][] }).frames;
}

/** Every face in a picture with its mesh and landmarks (source pixels), by the face-mesh worker in a child process. */
export async function detectFaces(path: string, scratch: string): Promise<{ width: number; height: number; faces: DetectedFace[] }> {
  const { width, height } = await pictureSize(path);
  const k = Math.min(1, DETECT_SIDE / Math.max(width, height));
  const w = Math.max(2, Math.round((width * k) / 2) * 2);
  const h = Math.max(2, Math.round((height * k) / 2) * 2);
  const rgbPath = join(scratch, `detect-${crypto.randomUUID()}.rgb`);
  try {
    await runFfmpeg(['-i', path, '-frames:v', '1', '-vf', `scale=${w}:${h}:flags=bilinear,format=rgb24`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', rgbPath], {
      timeoutMs: 30_000,
      label: 'picture decoding',
    }).catch(() => {
      throw refuse(FACE_MESSAGES.unreadable);
    });
    const [faces = []] = await meshFrames(rgbPath, w, h);
    return { width, height, faces: faces.map((f) => toSource(f, w / width)) };
  } finally {
    await rm(rgbPath, { force: true });
  }
}

/** Faces per frame of a clip already decoded to raw RGB24 frames (see meshFrames), in those frames' pixels. */
export async function detectFacesInFrames(rawPath: string, width: number, height: number, frames: number): Promise<DetectedFace[][]> {
  const found = await meshFrames(rawPath, width, height, frames, 60_000 + frames * 2_000);
  return found.map((faces) => faces.map((f) => toSource(f, 1)));
}

/**
 * The one face to animate, or a refusal a person understands: no face, several people (a second face
 * at least half as large as the first — a stranger far in the background does not count), or a face
 * too small to animate.
 */
export function pickFace(faces: DetectedFace[]): DetectedFace {
  const sorted = [...faces].sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h);
  const main = sorted[0];
  if (!main) throw refuse(FACE_MESSAGES.none);
  const second = sorted[1];
  if (second && second.box.w >= main.box.w * 0.5) throw refuse(FACE_MESSAGES.several);
  // The face's own height, forehead to chin on the mesh (the detector's box is a square about twice as wide).
  const ys = main.mesh.slice(0, 468).map((p) => p[1]);
  const size = Math.round(ys.length ? Math.max(...ys) - Math.min(...ys) : Math.max(main.box.w, main.box.h));
  if (size < MIN_FACE_PX) throw refuse(FACE_MESSAGES.tooSmall(size));
  return main;
}
