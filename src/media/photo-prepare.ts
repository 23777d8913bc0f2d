import { detectFaces, pickFace } from './face.ts';
import { decodeRgba } from './image.ts';
import type { PhotoMeshMeta } from './photo-frame.ts';
import { encodePng } from './png.ts';
import type { Box } from './rig.ts';

/** Side of the square face picture kept for the library card. */
export const PHOTO_SIZE = 512;
/** The kept picture's longest side: enough for the 1080p and 4K tiers to carry the photo's own detail. */
export const PHOTO_MAX_SIDE = 2048;

export interface PreparedPhoto {
  /** The head-and-shoulders picture the renderer frames (PNG, longest side ≤ PHOTO_MAX_SIDE). */
  picture: Uint8Array;
  /** A face-framed square PNG for the library card. */
  card: Uint8Array;
  meta: PhotoMeshMeta;
  face: { score: number; sizePx: number };
}

/**
 * The part of the photo the video shows: head and shoulders around the face (up to 4 face widths
 * across, from just above the hair to well below the chin), clipped to the picture.
 */
export function portraitRegion(face: Box, width: number, height: number): Box {
  const side = Math.max(face.w, face.h);
  const cx = face.x + face.w / 2;
  const x0 = Math.max(0, Math.round(cx - side * 2));
  const x1 = Math.min(width, Math.round(cx + side * 2));
  const y0 = Math.max(0, Math.round(face.y - side * 0.9));
  const y1 = Math.min(height, Math.round(face.y + face.h + side * 2.2));
  return { x: x0, y: y0, w: (x1 - x0) & ~1, h: (y1 - y0) & ~1 };
}

/**
 * A photo becomes a talking-photo avatar: find the one face (or refuse the picture with a message a
 * person understands), keep the head-and-shoulders part of the photo at up to 2048 px with the face
 * mesh in its pixels; the mouth and eyelids are drawn from them at the size of each render.
 */
export async function preparePhotoAvatar(picturePath: string, scratch: string): Promise<PreparedPhoto> {
  const detected = await detectFaces(picturePath, scratch);
  const face = pickFace(detected.faces);
  const region = portraitRegion(face.box, detected.width, detected.height);
  const k = Math.min(1, PHOTO_MAX_SIDE / Math.max(region.w, region.h));
  const width = Math.max(2, Math.round((region.w * k) / 2) * 2);
  const height = Math.max(2, Math.round((region.h * k) / 2) * 2);
  const image = await decodeRgba(picturePath, width, height, scratch, region);
  // Opaque: a photo with transparency is flattened onto white (as it will be shown).
  for (let i = 3; i < image.pixels.length; i += 4) {
    const a = (image.pixels[i] as number) / 255;
    if (a < 1) for (let c = 1; c <= 3; c++) image.pixels[i - c] = Math.round((image.pixels[i - c] as number) * a + 255 * (1 - a));
    image.pixels[i] = 255;
  }
  const sx = width / region.w;
  const sy = height / region.h;
  const mesh = face.mesh.map(([x, y]) => [Math.round((x - region.x) * sx * 10) / 10, Math.round((y - region.y) * sy * 10) / 10] as [number, number]);
  // The face from forehead to chin and cheek to cheek, from the mesh (the detector's box is a looser square).
  const xs = mesh.slice(0, 468).map((p) => p[0]);
  const ys = mesh.slice(0, 468).map((p) => p[1]);
  const faceBox = { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
  const side = Math.round(Math.min(width, height, Math.max(faceBox.w, faceBox.h) * 2.2));
  const cardBox = {
    x: Math.round(Math.max(0, Math.min(width - side, faceBox.x + faceBox.w / 2 - side / 2))),
    y: Math.round(Math.max(0, Math.min(height - side, faceBox.y + faceBox.h / 2 - side * 0.45))),
    w: side,
    h: side,
  };
  const pngPath = `${scratch}/portrait-${crypto.randomUUID()}.png`;
  const picture = encodePng(image);
  await Bun.write(pngPath, picture);
  const card = await decodeRgba(pngPath, PHOTO_SIZE, PHOTO_SIZE, scratch, cardBox);
  const meta: PhotoMeshMeta = {
    version: 2,
    width,
    height,
    face: { x: Math.round(faceBox.x), y: Math.round(faceBox.y), w: Math.round(faceBox.w), h: Math.round(faceBox.h) },
    mesh,
  };
  return { picture, card: encodePng(card), meta, face: { score: face.score, sizePx: Math.round(Math.max(face.box.w, face.box.h)) } };
}
