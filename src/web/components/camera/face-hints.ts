// The live hints of the camera panel, from the faces the in-browser detector found in a frame.
// Pure, so the rules are tested without a camera.

/** A face the detector found, in the pixels of the picture it looked at. */
export type FaceBox = { x: number; y: number; w: number; h: number; score: number };

export type FaceHint = 'none' | 'several' | 'centre' | 'closer' | 'light' | 'good';

/** Guidance given to the user: a face at least this wide (camera pixels) animates well. */
export const MIN_FACE_WIDTH_PX = 200;
/** …and at least this share of the frame's height (a small face in a big frame is far away). */
export const MIN_FACE_HEIGHT_SHARE = 0.25;
/** The face's centre may sit this far (share of the frame) from the frame's centre. */
export const MAX_CENTRE_OFFSET = 0.15;
/** Mean luma (0–255) of the face below which the picture is too dark to animate well. */
export const MIN_FACE_LUMA = 70;

/**
 * The faces that count, largest first: as the server does (src/media/face.ts), a second face counts
 * only when it is at least half as wide as the first (a stranger far behind does not).
 */
export function countedFaces(faces: readonly FaceBox[]): FaceBox[] {
  const sorted = [...faces].sort((a, b) => b.w * b.h - a.w * a.h);
  const main = sorted[0];
  return main ? sorted.filter((f) => f === main || f.w >= main.w * 0.5) : [];
}

/** The one hint to show for a frame, the first problem in the order a person fixes them. */
export function faceHint(frame: { width: number; height: number; faces: readonly FaceBox[]; luma?: number }): FaceHint {
  const faces = countedFaces(frame.faces);
  const face = faces[0];
  if (!face) return 'none';
  if (faces.length > 1) return 'several';
  const dx = Math.abs(face.x + face.w / 2 - frame.width / 2) / frame.width;
  const dy = Math.abs(face.y + face.h / 2 - frame.height / 2) / frame.height;
  if (dx > MAX_CENTRE_OFFSET || dy > MAX_CENTRE_OFFSET) return 'centre';
  if (face.w < MIN_FACE_WIDTH_PX || face.h < frame.height * MIN_FACE_HEIGHT_SHARE) return 'closer';
  if (frame.luma !== undefined && frame.luma < MIN_FACE_LUMA) return 'light';
  return 'good';
}

/** Mean luma (Rec. 601, 0–255) of RGBA pixels. */
export function meanLuma(rgba: ArrayLike<number>): number {
  let sum = 0;
  const n = Math.floor(rgba.length / 4);
  if (n === 0) return 0;
  for (let i = 0; i < n * 4; i += 4) sum += 0.299 * rgba[i] + 0.587 * rgba[i + 1] + 0.114 * rgba[i + 2];
  return sum / n;
}
