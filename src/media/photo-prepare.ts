import { detectFaces, pickFace } from './face.ts';
import { decodeRgba } from './image.ts';
import { buildPhotoRig, faceCropBox } from './photo-rig.ts';
import type { PhotoRigMeta } from './photo-rig.ts';
import { encodePng } from './png.ts';

/** Side of the prepared square photo; the renderer scales it (and its rig) to the frame. */
export const PHOTO_SIZE = 512;

export interface PreparedPhoto {
  /** Face-framed square PNG. */
  crop: Uint8Array;
  /** The warped mouths and eyelids (PNG atlas) and their layout. */
  atlas: Uint8Array;
  meta: PhotoRigMeta;
  face: { score: number; sizePx: number };
}

/**
 * A photo becomes a talking-photo avatar: find the one face (or refuse the picture with a message a
 * person understands), frame head and shoulders around it, and precompute the mouth and eyelid frames.
 */
export async function preparePhotoAvatar(picturePath: string, scratch: string): Promise<PreparedPhoto> {
  const detected = await detectFaces(picturePath, scratch);
  const face = pickFace(detected.faces);
  const box = faceCropBox(face, detected.width, detected.height);
  const k = PHOTO_SIZE / box.w;
  const crop = await decodeRgba(picturePath, PHOTO_SIZE, PHOTO_SIZE, scratch, box);
  const landmarks = face.landmarks.map(([x, y]) => [(x - box.x) * k, (y - box.y) * k] as [number, number]);
  const { atlas, meta } = buildPhotoRig(crop, landmarks);
  // Opaque crop: a photo with transparency is flattened onto white first (as it will be shown).
  for (let i = 3; i < crop.pixels.length; i += 4) crop.pixels[i] = 255;
  return { crop: encodePng(crop), atlas: encodePng(atlas), meta, face: { score: face.score, sizePx: Math.round(Math.max(face.box.w, face.box.h)) } };
}
