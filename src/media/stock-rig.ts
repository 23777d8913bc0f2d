import { faceSvg, MOUTH_REGION, NECK, rasterize, rasterizeRegion, regionBox, stockAvatar, UPPER_REGION } from './avatar-art.ts';
import type { AvatarSvgOptions } from './avatar-art.ts';
import { HAIR_HANDOVER } from './avatar-layers.ts';
import { bleedEdges, crop, encodePamRgba, featherEdges, fileCache, headTurner } from './rig.ts';
import type { Box, Rig, RgbaImage } from './rig.ts';

/**
 * A stock character cut into a still body and a head that tilts about the neck. The head's skin ends
 * at the chin, over a neck that runs on up under the jaw in the chin's shadow; long hair below the jaw
 * belongs to the body (it hangs behind the neck and shoulders) and is spread under the jaw, so a head
 * turned or shifted uncovers neck or hair there, never a gap. Head over body at rest is the drawing
 * itself. Mouth and eye patches are rendered per pose on demand and cover only what the pose changes.
 */
/** A stock character's drawing at one size: the same for every render of it, so drawn once per process. */
interface StockDrawing {
  body: Uint8Array;
  head: Box;
  headPam: Uint8Array;
  mouth: Box;
  upper: Box;
  /** Mouth and eye patches by file name, drawn on first use. */
  patches: Map<string, Uint8Array>;
  mouthPatch: (pose: Parameters<typeof faceSvg>[1]['mouth']) => Uint8Array;
  upperPatch: (eyes: Parameters<typeof faceSvg>[1]['eyes'], browsRaised: boolean) => Uint8Array;
}

/**
 * Drawings kept for the next renders of the same character and size (a few MB each): a send renders
 * every recipient's parts with the same presenter, and drawing it took ~0.3 s of the event loop per
 * batch of recipients (the web answers on that loop when the worker is embedded).
 */
const drawings = new Map<string, StockDrawing>();
const DRAWINGS_KEPT = 6;

function stockDrawing(index: number, size: number, options: Omit<AvatarSvgOptions, 'mouth'>): StockDrawing {
  const key = `${index}|${size}|${JSON.stringify(options)}`;
  const kept = drawings.get(key);
  if (kept) {
    // Most recently used last: the oldest is the one let go.
    drawings.delete(key);
    drawings.set(key, kept);
    return kept;
  }
  const avatar = stockAvatar(index);
  // The circle style keeps still (no split needed); otherwise body and head are drawn apart.
  const split = !options.circle;
  const layer = split ? 'head' : 'all';
  const k = size / 280;
  const headImage = rasterize(faceSvg(avatar, {}, options, layer), size).rgba;
  const body = split ? rasterize(faceSvg(avatar, {}, options, 'body'), size).rgba : headImage;
  if (split) {
    const { bodyFrom, headFull } = HAIR_HANDOVER;
    const drawing = rasterize(faceSvg(avatar, {}, options, 'all'), size).rgba;
    spreadHair(body, rasterize(faceSvg(avatar, {}, options, 'backHair'), size).rgba, headImage, drawing, Math.round(10 * k), Math.round(headFull * k));
    // Down to the jaw's corners, where the face's edge stops meeting the hair.
    const band = regionBox({ x: 0, y: bodyFrom, w: 280, h: NECK.y - bodyFrom }, size);
    matchAtRest(headImage, body, crop(drawing, band), band);
  }
  const bodyPam = encodePamRgba(body);

  // The circle style's head is the whole picture down to a little below the neck line.
  const lastRow = split ? size : Math.round((NECK.y + 5) * k);
  let minX = size;
  let maxX = -1;
  let maxY = 0;
  for (let y = 0; y < lastRow; y++) {
    for (let x = 0; x < size; x++) {
      if ((headImage.pixels[(y * size + x) * 4 + 3] as number) === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  // Even, as every offset here: ffmpeg lays a yuv420 overlay at even coordinates only.
  const pad = (Math.ceil(Math.max(maxX - minX, maxY) * 0.025) + 1) * 2;
  const head: Box = { x: (minX & ~1) - pad, y: -pad, w: ((maxX - minX + 2) & ~1) + 2 * pad, h: ((maxY + 2) & ~1) + 2 * pad };
  const sprite = crop(headImage, head);
  if (!split) for (let i = (lastRow - head.y) * head.w * 4 + 3; i < sprite.pixels.length; i += 4) sprite.pixels[i] = 0;
  const headPam = encodePamRgba(bleedEdges(sprite));

  // Patches: the pose's own pixels, plus a margin that covers the head's turn (up to ~3° about the
  // patch centre) and a soft edge. Skin, jaw and neck around them stay the head's own.
  const feather = Math.max(3, Math.round(size * 0.008));
  const margin = Math.ceil(size * 0.016);
  const mouth = regionBox(MOUTH_REGION, size);
  const upper = regionBox(UPPER_REGION, size);
  const restMouth = rasterizeRegion(faceSvg(avatar, {}, options, layer), size, mouth);
  const restUpper = rasterizeRegion(faceSvg(avatar, {}, options, layer), size, upper);
  const patch = (image: RgbaImage, rest: RgbaImage) => encodePamRgba(featherEdges(changedOnly(image, rest, margin, feather), feather));
  const patches = new Map<string, Uint8Array>();
  const once = (name: string, draw: () => Uint8Array) => {
    const kept = patches.get(name);
    if (kept) return kept;
    const made = draw();
    patches.set(name, made);
    return made;
  };
  const made: StockDrawing = {
    body: bodyPam,
    head,
    headPam,
    mouth,
    upper,
    patches,
    mouthPatch: (pose) =>
      once(`mouth-${JSON.stringify(pose)}`, () => patch(rasterizeRegion(faceSvg(avatar, { mouth: pose }, options, layer), size, mouth), restMouth)),
    upperPatch: (eyes, browsRaised) =>
      once(`upper-${eyes}-${browsRaised}`, () => patch(rasterizeRegion(faceSvg(avatar, { eyes, browsRaised }, options, layer), size, upper), restUpper)),
  };
  drawings.set(key, made);
  if (drawings.size > DRAWINGS_KEPT) drawings.delete(drawings.keys().next().value as string);
  return made;
}

export async function stockRig(index: number, size: number, workDir: string, options: Omit<AvatarSvgOptions, 'mouth'> = {}): Promise<Rig> {
  const drawing = stockDrawing(index, size, options);
  const write = fileCache(workDir);
  const k = size / 280;
  const { head, mouth, upper } = drawing;
  await Bun.write(`${workDir}/body.pam`, drawing.body);
  await Bun.write(`${workDir}/head.pam`, drawing.headPam);
  const inSprite = (b: Box): Box => ({ x: b.x - head.x, y: b.y - head.y, w: b.w, h: b.h });
  return {
    size,
    bodyFile: 'body.pam',
    headFiles: headTurner(workDir, 'head.pam'),
    head,
    pivot: { x: NECK.x * k - head.x, y: NECK.y * k - head.y },
    mouth: inSprite(mouth),
    upper: inSprite(upper),
    motionScale: 1,
    mouthFile: (key, pose) => write(`mouth-${key}.pam`, () => drawing.mouthPatch(pose)),
    upperFile: (eyes, browsRaised) => write(`upper-${eyes}-${browsRaised ? 'up' : 'flat'}.pam`, () => drawing.upperPatch(eyes, browsRaised)),
  };
}

/**
 * Spreads the body's hair (`hair`, from row `fromRow` down) up to `reach` px into the head (inside the
 * drawing's outline, rim included), under the body: when the jaw moves off, hair shows where the face
 * was, not a gap. From opaque hair only: a faint edge's colour is imprecise.
 */
function spreadHair(body: RgbaImage, hair: RgbaImage, head: RgbaImage, drawing: RgbaImage, reach: number, fromRow: number): void {
  const { width: w, height: h } = body;
  const px = new Uint8Array(hair.pixels);
  const drawn = (i: number) => i >= 0 && i < w * h && (drawing.pixels[i * 4 + 3] as number) >= 128;
  const face = (i: number) => (head.pixels[i * 4 + 3] as number) > 0 && drawn(i) && drawn(i - 1) && drawn(i + 1) && drawn(i - w) && drawn(i + w);
  const filled = new Uint8Array(w * h);
  const under = new Uint8Array(w * h);
  let front: number[] = [];
  for (let i = fromRow * w; i < w * h; i++) {
    if ((px[i * 4 + 3] as number) < 255) continue;
    filled[i] = 1;
    front.push(i);
  }
  for (let pass = 0; pass < reach && front.length; pass++) {
    const next: number[] = [];
    for (const i of front) {
      const x = i % w;
      for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w >= fromRow * w ? i - w : -1, i + w < w * h ? i + w : -1]) {
        if (j < 0 || filled[j] || !face(j)) continue;
        filled[j] = 1;
        under[j] = 1;
        px.set(px.subarray(i * 4, i * 4 + 3), j * 4);
        next.push(j);
      }
    }
    front = next;
  }
  // The body over the spread hair.
  for (let i = 0; i < w * h; i++) {
    const o = i * 4;
    const a = (body.pixels[o + 3] as number) / 255;
    if (!under[i] || a === 1) continue;
    for (let c = 0; c < 3; c++) body.pixels[o + c] = Math.round((body.pixels[o + c] as number) * a + (px[o + c] as number) * (1 - a));
    body.pixels[o + 3] = 255;
  }
}

/**
 * Where the head's hair hands over to the body's (and down to the jaw), head over body at rest is made
 * the drawing again, for the soft pixels of the head. Of head over body, the head alone and the body
 * alone, whichever is closest to the drawing is kept: the head alone where two soft edges would stack,
 * unless the body is opaque there,
 * the body alone where its hair hangs in front of the face's edge (a turned head then keeps a clean
 * edge); and where head over opaque body is still off, the head's pixel takes the colour that fits.
 */
function matchAtRest(head: RgbaImage, body: RgbaImage, drawing: RgbaImage, band: Box): void {
  const h = head.pixels;
  const b = body.pixels;
  const a = drawing.pixels;
  for (let y = 0; y < band.h; y++) {
    for (let x = 0; x < band.w; x++) {
      const o = ((band.y + y) * head.width + band.x + x) * 4;
      const d = (y * band.w + x) * 4;
      const ah = (h[o + 3] as number) / 255;
      if (ah === 0 || ah === 1) continue;
      const ab = (b[o + 3] as number) / 255;
      const ad = (a[d + 3] as number) / 255;
      // Distance to the drawing (premultiplied, 0–255) of a pixel `colour(c)` of alpha `alpha`.
      const off = (alpha: number, colour: (c: number) => number) => {
        let worst = Math.abs(alpha - ad) * 255;
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(colour(c) - (a[d + c] as number) * ad));
        return worst;
      };
      const both = off(ah + ab * (1 - ah), (c) => (h[o + c] as number) * ah + (b[o + c] as number) * ab * (1 - ah));
      if (both <= 2) continue;
      // An opaque body pixel stays (hair, or hair spread under the face): it shows when the head moves.
      if (ab < 1 && off(ah, (c) => (h[o + c] as number) * ah) < both) b[o + 3] = 0;
      else if (ab < 1 || ad < 1) continue;
      else if (off(1, (c) => b[o + c] as number) < both) h[o + 3] = 0;
      else for (let c = 0; c < 3; c++) h[o + c] = Math.max(0, Math.min(255, Math.round(((a[d + c] as number) - (b[o + c] as number) * (1 - ah)) / ah)));
    }
  }
}

/** `image` with alpha kept only where it differs from `rest`, plus `margin` px, fading out over `feather` px. */
function changedOnly(image: RgbaImage, rest: RgbaImage, margin: number, feather: number): RgbaImage {
  const { width: w, height: h } = image;
  const far = w + h;
  const d = new Float32Array(w * h).fill(far);
  for (let i = 0; i < w * h; i++) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs((image.pixels[i * 4 + c] as number) - (rest.pixels[i * 4 + c] as number)) > 6) {
        d[i] = 0;
        break;
      }
    }
  }
  // Two-pass chamfer distance (1, √2) to the nearest changed pixel.
  const relax = (i: number, j: number, cost: number) => {
    const v = (d[j] as number) + cost;
    if (v < (d[i] as number)) d[i] = v;
  };
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (x > 0) relax(i, i - 1, 1);
      if (y > 0) relax(i, i - w, 1);
      if (x > 0 && y > 0) relax(i, i - w - 1, Math.SQRT2);
      if (x < w - 1 && y > 0) relax(i, i - w + 1, Math.SQRT2);
    }
  for (let y = h - 1; y >= 0; y--)
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (x < w - 1) relax(i, i + 1, 1);
      if (y < h - 1) relax(i, i + w, 1);
      if (x < w - 1 && y < h - 1) relax(i, i + w + 1, Math.SQRT2);
      if (x > 0 && y < h - 1) relax(i, i + w - 1, Math.SQRT2);
    }
  const pixels = new Uint8Array(image.pixels);
  for (let i = 0; i < w * h; i++) {
    const keep = Math.max(0, Math.min(1, (margin + feather - (d[i] as number)) / feather));
    pixels[i * 4 + 3] = Math.round((pixels[i * 4 + 3] as number) * keep);
  }
  return { width: w, height: h, pixels };
}
