import { MediaError } from './errors.ts';

// Edits of the avataaars SVG (DiceBear 9): its groups, in the 280-unit view box, all inside
// `translate(8)` (coordinates below are that group's, x = view box − 8).
export const MOUTH_GROUP = '<g transform="translate(78 134)">';
export const NOSE_GROUP = '<g transform="translate(104 122)">';
export const EYES_GROUP = '<g transform="translate(76 90)">';
export const BROWS_GROUP = '<g transform="translate(76 82)">';
const CLOTHES_GROUP = '<g transform="translate(0 170)">';
export const HAIR_GROUP = '<g transform="translate(-1)">';
export const BEARD_GROUP = '<g transform="translate(49 72)">';
export const GLASSES_GROUP = '<g transform="translate(62 42)">';
const SKIN_PATH = '<path d="M132 36a56';
const NECK_SHADOW = '<path d="M108 180.61';

/** Replaces the first group opened by `open` (up to its matching `</g>`) with `replacement`. */
export function replaceGroup(svg: string, open: string, replacement: (inner: string) => string): string {
  const start = svg.indexOf(open);
  if (start < 0) throw new MediaError('AVATAR_FAILED', `Avatar art changed: ${open} not found`);
  let depth = 1;
  let i = start + open.length;
  while (depth > 0) {
    const nextOpen = svg.indexOf('<g', i);
    const nextClose = svg.indexOf('</g>', i);
    if (nextClose < 0) throw new MediaError('AVATAR_FAILED', 'Avatar art is not well formed');
    if (nextOpen >= 0 && nextOpen < nextClose) {
      depth++;
      i = nextOpen + 2;
    } else {
      depth--;
      i = nextClose + 4;
    }
  }
  return svg.slice(0, start) + replacement(svg.slice(start + open.length, i - 4)) + svg.slice(i);
}

/** Replaces the self-closing element starting with `head` (its first occurrence). */
function replaceElement(svg: string, head: string, replacement: (element: string) => string): string {
  const start = svg.indexOf(head);
  if (start < 0) throw new MediaError('AVATAR_FAILED', `Avatar art changed: ${head} not found`);
  const end = svg.indexOf('/>', start) + 2;
  return svg.slice(0, start) + replacement(svg.slice(start, end)) + svg.slice(end);
}

/**
 * Long hair below the jaw hangs behind the neck and shoulders, which keep still: it belongs to the
 * still body, fading in over these rows, while the moving head's hair fades out just below (units of
 * the drawing). The head's hair is gone before the jaw meets the neck (180.6), even nodded down.
 */
export const HAIR_HANDOVER = { bodyFrom: 110, bodyFull: 150, headFull: 150, headGone: 172 };
/** The chin: the top edge of the shadow under it, from the jaw's corner at the neck (108 | 156, 180.61). */
const CHIN = 'H156a55.79 55.79 0 0 1-24 5.39 55.79 55.79 0 0 1-24-5.39';
/** Top of the neck the body keeps under the jaw: the head can never turn far enough to show its top. */
const NECK_TOP = 130;

/** Tops drawn in front of the neck (a hijab): they move whole with the head. */
function hairInFront(svg: string): boolean {
  return svg.includes('M66 77.34c-.66 3.79');
}

function fade(id: string, from: number, to: number, inward: boolean): string {
  const [a, b] = inward ? ['#000', '#fff'] : ['#fff', '#000'];
  return (
    `<linearGradient id="${id}-g" gradientUnits="userSpaceOnUse" x1="0" y1="${from}" x2="0" y2="${to}"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>` +
    `<mask id="${id}" maskUnits="userSpaceOnUse" x="-100" y="-100" width="480" height="480"><rect x="-100" y="-100" width="480" height="480" fill="url(#${id}-g)"/></mask>`
  );
}

/**
 * Layers of a presenter that moves its head about the neck:
 * - `head`: face (its skin cut along the chin), hair, beard, glasses; the hair fades out below the jaw;
 * - `body`: neck and shoulders, clothes, and the hair below the jaw. The neck runs on up under the
 *   jaw, in the chin's shadow, so a turned head uncovers neck (not background) under its jaw.
 * - `backHair`: only the body's hair (what the rig spreads under the jaw, see stockRig).
 * At rest, head over body is the drawing itself.
 */
export type AvatarLayer = 'all' | 'body' | 'head' | 'backHair';

export function layerOf(svg: string, layer: AvatarLayer): string {
  if (layer === 'all') return svg;
  const front = hairInFront(svg);
  if (layer === 'head') {
    let out = replaceGroup(svg, CLOTHES_GROUP, () => '');
    out = replaceElement(out, NECK_SHADOW, () => '');
    out = replaceElement(
      out,
      SKIN_PATH,
      (skin) => `<clipPath id="head-cut"><path d="M-20-20H300V180.61${CHIN}H-20Z"/></clipPath>${skin.replace('<path', '<path clip-path="url(#head-cut)"')}`,
    );
    if (front) return out;
    const { headFull, headGone } = HAIR_HANDOVER;
    return replaceGroup(out, HAIR_GROUP, (inner) => `${fade('head-hair', headFull, headGone, false)}<g mask="url(#head-hair)">${HAIR_GROUP}${inner}</g></g>`);
  }
  let out = [BEARD_GROUP, GLASSES_GROUP, MOUTH_GROUP, NOSE_GROUP, EYES_GROUP, BROWS_GROUP].reduce((s, g) => replaceGroup(s, g, () => ''), svg);
  if (layer === 'backHair')
    out = replaceElement(
      replaceElement(
        replaceGroup(out, CLOTHES_GROUP, () => ''),
        SKIN_PATH,
        () => '',
      ),
      NECK_SHADOW,
      () => '',
    );
  else
    out = replaceElement(
      out,
      SKIN_PATH,
      (skin) =>
        `<clipPath id="body-cut"><path d="M-20 180.61H300V300H-20ZM108 ${NECK_TOP}H156V181H108Z"/></clipPath>${skin.replace('<path', '<path clip-path="url(#body-cut)"')}`,
    );
  if (layer === 'body')
    out = replaceElement(out, NECK_SHADOW, (shadow) =>
      shadow.replace(/d="[^"]*"/, `d="M108 ${NECK_TOP}V188.61a55.79 55.79 0 0 0 24 5.39c8.59 0 16.73-1.93 24-5.39V${NECK_TOP}Z"`),
    );
  if (front) return replaceGroup(out, HAIR_GROUP, () => '');
  const { bodyFrom, bodyFull } = HAIR_HANDOVER;
  return replaceGroup(out, HAIR_GROUP, (inner) => `${fade('body-hair', bodyFrom, bodyFull, true)}<g mask="url(#body-hair)">${HAIR_GROUP}${inner}</g></g>`);
}

const FLAT_BROWS = '<path d="M38.66 11.1c';

/**
 * avataaars' `flatNatural` brows sit low and level with a knot at the inner end: a frown. Drawn here
 * mirrored (the knot at the outer end), a little higher, the inner end lifted: relaxed, still flat.
 */
export function relaxBrows(svg: string): string {
  if (!svg.includes(FLAT_BROWS)) return svg;
  return replaceGroup(svg, BROWS_GROUP, (inner) => {
    const match = /^<path d="([^"]+)Z(M[^"]+)"([^>]*)\/>$/.exec(inner);
    if (!match) throw new MediaError('AVATAR_FAILED', 'Avatar art changed: flat brows not recognised');
    const [, left, right, rest] = match;
    return `${BROWS_GROUP}<path d="${left}Z" transform="translate(0 -3) rotate(-4 8 15) matrix(-1 0 0 1 55 0)"${rest}/><path d="${right}" transform="translate(0 -3) rotate(4 104 15) matrix(-1 0 0 1 169 0)"${rest}/></g>`;
  });
}
