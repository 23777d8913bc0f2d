import { createAvatar } from '@dicebear/core';
import { avataaars } from '@dicebear/collection';
import { Resvg } from '@resvg/resvg-js';
import { BROWS_GROUP, EYES_GROUP, layerOf, MOUTH_GROUP, relaxBrows, replaceGroup } from './avatar-layers.ts';
import type { AvatarLayer } from './avatar-layers.ts';
import { MediaError } from './errors.ts';
import { mouthSvg } from './mouth-art.ts';
import { mulberry32 } from './random.ts';
import { stockName } from './stock-names.ts';
import type { MouthPose } from './visemes.ts';

/** The spec's "fallback total" of the avatar library. */
export const STOCK_AVATAR_COUNT = 2991;

export type MouthShape = 'closed' | 'half' | 'open';

export interface StockAvatar {
  id: string;
  index: number;
  name: string;
  gender: 'male' | 'female';
  category: 'office' | 'casual';
  seed: string;
  /** Fully resolved avataaars options: the look never depends on DiceBear's own PRNG. */
  look: Record<string, string[] | number>;
  /** Card background for thumbnails (hex without #). */
  backdrop: string;
}

/** Same character, three mouths: a closed smile, a small open one, a wide open one. */
const MOUTHS: Record<MouthShape, string> = { closed: 'twinkle', half: 'default', open: 'smile' };

// avataaars also has yellow (f8d25c) and orange (fd9841) skins: excluded on purpose.
const SKINS = ['614335', 'd08b5b', 'ae5d29', 'edb98a', 'ffdbb4'];
const HAIR = ['a55728', '2c1b18', 'b58143', 'd6b370', '724133', '4a312c', 'c93305', 'e8e1e1'];
const FEMALE_TOPS = ['bob', 'bun', 'curly', 'curvy', 'longButNotTooLong', 'miaWallace', 'straight01', 'straight02', 'straightAndStrand', 'bigHair', 'hijab'];
const MALE_TOPS = [
  'shortCurly',
  'shortFlat',
  'shortRound',
  'shortWaved',
  'sides',
  'theCaesar',
  'theCaesarAndSidePart',
  'shavedSides',
  'dreads01',
  'frizzle',
  'shaggy',
  'turban',
];
const OFFICE_CLOTHES = ['blazerAndShirt', 'blazerAndSweater', 'collarAndSweater'];
const CASUAL_CLOTHES = ['graphicShirt', 'hoodie', 'shirtCrewNeck', 'shirtScoopNeck', 'shirtVNeck', 'overall'];
const OFFICE_COLOURS = ['262e33', '25557c', '3c4f5c', '929598', '5199e4', 'e6e6e6'];
const CASUAL_COLOURS = ['65c9ff', '5199e4', '25557c', 'a7ffc4', 'ffafb9', 'ff488e', 'ff5c5c', 'ffffff', '262e33', 'b1e2ff'];
const GRAPHICS = ['bear', 'deer', 'diamond', 'hola', 'pizza', 'bat'];
const EYES = ['default', 'default', 'default', 'happy'];
const BROWS = ['default', 'defaultNatural', 'flatNatural', 'raisedExcitedNatural'];
const BACKDROPS = ['dbeafe', 'e0e7ff', 'fce7f3', 'dcfce7', 'fef3c7', 'e2e8f0', 'ccfbf1', 'ede9fe'];

export function stockAvatar(index: number): StockAvatar {
  if (!Number.isInteger(index) || index < 0 || index >= STOCK_AVATAR_COUNT) {
    throw new MediaError('INVALID_INPUT', `Stock avatar index must be 0-${STOCK_AVATAR_COUNT - 1}, got ${index}`);
  }
  const random = mulberry32(Math.imul(index + 1, 2654435761));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const gender = index % 2 === 0 ? 'female' : 'male';
  const category = Math.floor(index / 2) % 2 === 0 ? 'office' : 'casual';
  const hair = pick(HAIR);
  const clothing = pick(category === 'office' ? OFFICE_CLOTHES : CASUAL_CLOTHES);
  const hasGlasses = random() < (category === 'office' ? 0.25 : 0.12);
  const hasBeard = gender === 'male' && random() < 0.35;
  const look: StockAvatar['look'] = {
    skinColor: [pick(SKINS)],
    top: [pick(gender === 'female' ? FEMALE_TOPS : MALE_TOPS)],
    topProbability: 100,
    hairColor: [hair],
    hatColor: [pick(OFFICE_COLOURS)],
    facialHair: [pick(['beardLight', 'beardMedium', 'moustacheFancy', 'beardMajestic'])],
    facialHairColor: [hair],
    facialHairProbability: hasBeard ? 100 : 0,
    accessories: [pick(['prescription01', 'prescription02', 'round'])],
    accessoriesColor: ['262e33'],
    accessoriesProbability: hasGlasses ? 100 : 0,
    clothing: [clothing],
    clothesColor: [pick(category === 'office' ? OFFICE_COLOURS : CASUAL_COLOURS)],
    clothingGraphic: [pick(GRAPHICS)],
    eyes: [pick(EYES)],
    eyebrows: [pick(BROWS)],
  };
  // Two draws kept (they used to pick the name) so every face and backdrop stays what it was.
  random();
  random();
  return {
    id: `stock-${index}`,
    index,
    name: stockName(index),
    gender,
    category,
    seed: `stock-${index}`,
    look,
    backdrop: pick(BACKDROPS),
  };
}

/** `stock-42` → 42; undefined for anything else (custom avatars, other providers). */
export function parseStockAvatarId(id: string): number | undefined {
  const match = /^stock-(\d+)$/.exec(id);
  const index = match ? Number(match[1]) : Number.NaN;
  return Number.isInteger(index) && index < STOCK_AVATAR_COUNT ? index : undefined;
}

export interface AvatarSvgOptions {
  mouth?: MouthShape;
  /** Hex colour (with or without #); transparent when omitted. */
  backgroundColor?: string;
  /** Clip to a circle (the "circle" avatar style). */
  circle?: boolean;
}

export type EyeState = 'open' | 'half' | 'closed';

/** What changes on a presenter's face from frame to frame. */
export interface FaceState {
  /** A drawn viseme mouth; omitted → the avatar's resting mouth. */
  mouth?: MouthPose;
  eyes?: EyeState;
  browsRaised?: boolean;
}

/** Areas (280-unit view box, absolute) that the mouth and the eyes + brows may change. */
export const MOUTH_REGION = { x: 108, y: 132, w: 64, h: 52 };
export const UPPER_REGION = { x: 92, y: 74, w: 96, h: 56 };
/** The neck line the head turns about (view-box units): just under the chin. */
export const NECK = { x: 140, y: 184 };

/** The avatar with a viseme mouth, blinking eyes and raised brows as asked (same character otherwise). */
export function faceSvg(avatar: StockAvatar, face: FaceState, options: Omit<AvatarSvgOptions, 'mouth'> = {}, layer: AvatarLayer = 'all'): string {
  let svg = layerOf(avatarSvg(avatar, { ...options, mouth: 'closed' }), layer);
  if (face.mouth) svg = replaceGroup(svg, MOUTH_GROUP, () => `${MOUTH_GROUP}${mouthSvg(face.mouth as MouthPose, `mouth-${avatar.index}`)}</g>`);
  if (face.eyes === 'closed') {
    const closed = createAvatar(avataaars, { seed: 'eyes', eyes: ['closed'] } as Parameters<typeof createAvatar<typeof avataaars>>[1]).toString();
    const lids = /<g transform="translate\(76 90\)">([\s\S]*?)<\/g><g transform="translate\(76 82\)">/.exec(closed)?.[1] ?? '';
    svg = replaceGroup(svg, EYES_GROUP, () => `${EYES_GROUP}${lids}</g>`);
  } else if (face.eyes === 'half') {
    // Lids half down: the open eyes squashed towards their lower edge.
    svg = replaceGroup(svg, EYES_GROUP, (inner) => `<g transform="translate(76 90) translate(0 28) scale(1 0.4) translate(0 -28)">${inner}</g>`);
  }
  if (face.browsRaised) svg = replaceGroup(svg, BROWS_GROUP, (inner) => `<g transform="translate(76 77)">${inner}</g>`);
  return svg;
}

/** Renders only `box` (pixels of a sizePx-wide render) of an avatar SVG: a mouth costs ~1 ms, not a whole frame. */
export function rasterizeRegion(svg: string, sizePx: number, box: { x: number; y: number; w: number; h: number }): RgbaImage {
  const k = 280 / sizePx;
  // resvg 2.6 panics on a clip path inside the view-box mask once the view box is cropped; mouths and
  // eyes lie well inside the face, where that mask (square, or the circle style's disc) cuts nothing.
  const cropped = svg
    .replace(' mask="url(#viewboxMask)"', '')
    .replace('viewBox="0 0 280 280"', `viewBox="${box.x * k} ${box.y * k} ${box.w * k} ${box.h * k}"`);
  const image = new Resvg(cropped, { fitTo: { mode: 'width', value: box.w }, font: { loadSystemFonts: false } }).render();
  if (image.width !== box.w || image.height !== box.h)
    throw new MediaError('AVATAR_FAILED', `Region render ${image.width}×${image.height}, expected ${box.w}×${box.h}`);
  return { width: image.width, height: image.height, pixels: straight(image.pixels, image.width) };
}

/**
 * resvg's pixels are premultiplied; the layers and patches (and ffmpeg) take straight alpha. A faint
 * edge pixel's colour cannot be recovered from its few premultiplied levels: it takes its most opaque
 * neighbour's, or a turned layer would sprinkle odd colours along its outline.
 */
function straight(premultiplied: Uint8Array, width: number): Uint8Array {
  const px = new Uint8Array(premultiplied);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3] as number;
    if (a === 0 || a === 255) continue;
    for (let c = i; c < i + 3; c++) px[c] = Math.min(255, Math.round(((px[c] as number) * 255) / a));
  }
  const height = px.length / 4 / width;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if ((px[i + 3] as number) === 0 || (px[i + 3] as number) >= 48) continue;
      let best = i;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const j = ((y + dy) * width + x + dx) * 4;
          if (y + dy >= 0 && y + dy < height && x + dx >= 0 && x + dx < width && (premultiplied[j + 3] as number) > (premultiplied[best + 3] as number))
            best = j;
        }
      if (best !== i) px.copyWithin(i, best, best + 3);
    }
  }
  return px;
}

/** A view-box region as an even-aligned pixel box of a sizePx render. */
export function regionBox(region: { x: number; y: number; w: number; h: number }, sizePx: number): { x: number; y: number; w: number; h: number } {
  const k = sizePx / 280;
  const x = Math.floor((region.x * k) / 2) * 2;
  const y = Math.floor((region.y * k) / 2) * 2;
  return { x, y, w: Math.min(sizePx - x, Math.ceil((region.w * k) / 2) * 2 + 2), h: Math.min(sizePx - y, Math.ceil((region.h * k) / 2) * 2 + 2) };
}

export function avatarSvg(avatar: StockAvatar, options: AvatarSvgOptions = {}): string {
  const background = options.backgroundColor?.replace(/^#/, '');
  const svg = createAvatar(avataaars, {
    ...(avatar.look as object),
    seed: avatar.seed,
    mouth: [MOUTHS[options.mouth ?? 'closed']],
    backgroundColor: background ? [background] : [],
    radius: options.circle ? 50 : 0,
  } as Parameters<typeof createAvatar<typeof avataaars>>[1]).toString();
  return relaxBrows(svg);
}

export interface RgbaImage {
  width: number;
  height: number;
  /** Straight (non-premultiplied) RGBA, row-major. */
  pixels: Uint8Array;
}

export function rasterize(svg: string, sizePx: number): { png: Uint8Array; rgba: RgbaImage } {
  if (!Number.isInteger(sizePx) || sizePx < 16 || sizePx > 4096) throw new MediaError('INVALID_INPUT', `Avatar size must be 16-4096 px, got ${sizePx}`);
  const image = new Resvg(svg, { fitTo: { mode: 'width', value: sizePx }, font: { loadSystemFonts: false } }).render();
  return { png: new Uint8Array(image.asPng()), rgba: { width: image.width, height: image.height, pixels: straight(image.pixels, image.width) } };
}

export type AvatarFrames<T> = Record<MouthShape, T>;

/** Three PNG frames (same character, different mouth) at sizePx × sizePx. */
export function renderAvatarFrames(avatar: StockAvatar, sizePx: number, options: Omit<AvatarSvgOptions, 'mouth'> = {}): AvatarFrames<Uint8Array> {
  const raw = renderAvatarRaster(avatar, sizePx, options);
  return { closed: raw.closed.png, half: raw.half.png, open: raw.open.png };
}

/** Like renderAvatarFrames, plus raw pixels (the compositor crops mouth patches from them). */
export function renderAvatarRaster(
  avatar: StockAvatar,
  sizePx: number,
  options: Omit<AvatarSvgOptions, 'mouth'> = {},
): AvatarFrames<{ png: Uint8Array; rgba: RgbaImage }> {
  return {
    closed: rasterize(avatarSvg(avatar, { ...options, mouth: 'closed' }), sizePx),
    half: rasterize(avatarSvg(avatar, { ...options, mouth: 'half' }), sizePx),
    open: rasterize(avatarSvg(avatar, { ...options, mouth: 'open' }), sizePx),
  };
}

/** Library card image: the closed-mouth face on the avatar's pastel backdrop. */
export function renderAvatarThumbnail(avatar: StockAvatar, size = 256): Uint8Array {
  return rasterize(avatarSvg(avatar, { backgroundColor: avatar.backdrop }), size).png;
}
