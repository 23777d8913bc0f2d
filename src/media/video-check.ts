import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { detectFacesInFrames, MIN_FACE_PX } from './face.ts';
import type { DetectedFace } from './face.ts';
import { probe, runFfmpeg } from './ffmpeg.ts';
import type { ProbeResult } from './ffmpeg.ts';
import { FPS } from './layout.ts';
import { clipVerdict, judgeFrame } from './video-track.ts';
import type { FrameFace } from './video-track.ts';

// The rules a clip must meet to become a video avatar (docs/decisions/219-video-avatars.md): at most a
// minute long, and one usable face (the photo's rules) in most of its frames. Checked at upload on
// about ten frames, and again on every frame when the avatar is prepared.

/** Longest clip accepted, the part of it that becomes the loop, and the loop's height at most. */
export const CLIP_LIMITS = { maxSec: 60, minSec: 1, loopSec: 10, height: 720 } as const;
export const CLIP_MESSAGES = {
  none: "We couldn't find a face in most of this clip. Please upload a clip of one person facing the camera.",
  several: 'We found more than one face in this clip. Please upload a clip of one person only.',
  tooSmall: (px: number) =>
    `The face in this clip is too small (${px} pixels tall). Please record closer, so that the face is at least ${MIN_FACE_PX} pixels tall.`,
  tooLong: (sec: number) => `This clip is ${sec} seconds long. Please upload a clip of at most ${CLIP_LIMITS.maxSec} seconds.`,
  tooShort: 'This clip is too short. Please upload a clip of 10 to 60 seconds.',
  noPicture: 'This video has no picture. Please upload a clip of one person facing the camera.',
} as const;

export function refuseClip(message: string): MediaError {
  // Same marker as a refused photo (face.ts): the message is for the person who uploaded the clip.
  return new MediaError('INVALID_INPUT', message, { details: 'picture-refused' });
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Length and picture rules, refused with a sentence for the person who uploaded the clip. */
export function assertClipLength(info: ProbeResult): number {
  if (!info.video?.width || !info.video.height) throw refuseClip(CLIP_MESSAGES.noPicture);
  const sec = info.video.durationSec || info.durationSec;
  // A browser's recording (WebM from MediaRecorder) often states no length: the size cap bounds it,
  // and the frames decoded say whether there is enough of it.
  if (!Number.isFinite(sec) || sec <= 0) return CLIP_LIMITS.loopSec;
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
