import type { Box, RgbaImage } from './rig.ts';

type Pt = [number, number];

/** Face-mesh indices (MediaPipe order) the talking photo reads: lips from corner to corner, chin, jaw, irises. */
export const MESH = {
  upperInner: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308],
  lowerInner: [78, 95, 88, 178, 87, 14, 317, 402, 318, 324, 308],
  upperOuter: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291],
  lowerOuter: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291],
  chin: 152,
  /** Under the nose (subnasale). */
  subnasal: 2,
  jaw: [172, 397],
  irises: [468, 473],
  eyeCorners: [33, 133, 362, 263],
} as const;

/** The jaw's yardstick against the lower face (under the nose to the chin, lips closed): see `jawScale`. */
export const JAW_PER_LOWER_FACE = 1.45;

export const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** A curve v(u) through points given in face coordinates (sorted by u), flat beyond its ends. */
export function curve(points: Pt[]): (u: number) => number {
  const pts = [...points].sort((a, b) => a[0] - b[0]);
  return (u) => {
    if (u <= (pts[0] as Pt)[0]) return (pts[0] as Pt)[1];
    for (let i = 1; i < pts.length; i++) {
      const [u1, v1] = pts[i] as Pt;
      const [u0, v0] = pts[i - 1] as Pt;
      if (u <= u1) return u1 === u0 ? v1 : v0 + ((v1 - v0) * (u - u0)) / (u1 - u0);
    }
    return (pts.at(-1) as Pt)[1];
  };
}

/** The mouth's geometry read once from a mesh: the face's own frame and the lips, chin and jaw in it. */
export interface MouthGeometry {
  /** The face's frame: its origin (between the inner lips) and the rotation (u along the eyes, v down). */
  frame: { ox: number; oy: number; cos: number; sin: number };
  toFace(p: Pt): Pt;
  toImage(u: number, v: number): Pt;
  upper: (u: number) => number;
  lower: (u: number) => number;
  /** Inner lip corners (u) and the outer half-width of the mouth. */
  cornerL: number;
  cornerR: number;
  width: number;
  /**
   * How far the jaw drops for a pose is a share of this: the mouth's width, or, when the mouth is narrow
   * for its face, `JAW_PER_LOWER_FACE` × the face from under the nose to the chin with the lips closed. The
   * jaw is a size of the face, not of the mouth's expression: on a face whose mouth is narrow for it (an
   * open smile), openings scaled by the width alone were ~25 % smaller against the face than on a broad
   * closed smile, and the small openings of speech looked alike (decision 217).
   */
  jawScale: number;
  chinV: number;
  jawHalf: number;
  /**
   * From the mouth's middle to each of the jaw's angles (u): on a face turned a little they differ, and the jaw's
   * motion fading out at the mean half-width reached past the near side's edge, stretching the hair or background.
   */
  jawLeft: number;
  jawRight: number;
  /** Lowest point the open jaw can reach, and the top of the upper lip (v). */
  top: number;
}

export function mouthGeometry(mesh: readonly (readonly number[])[]): MouthGeometry {
  const at = (i: number): Pt => [(mesh[i] as number[])[0] as number, (mesh[i] as number[])[1] as number];
  const iris = mesh.length > 473 ? [at(MESH.irises[0]), at(MESH.irises[1])] : [mid(at(33), at(133)), mid(at(362), at(263))];
  const [e0, e1] = iris as [Pt, Pt];
  let angle = Math.atan2(e1[1] - e0[1], e1[0] - e0[0]);
  // u runs from the picture's left eye to its right one whichever the mesh lists first: the chin is below (v > 0).
  const chin = at(MESH.chin);
  const lips = mid(at(13), at(14));
  if (-(chin[0] - lips[0]) * Math.sin(angle) + (chin[1] - lips[1]) * Math.cos(angle) < 0) angle += Math.PI;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const origin = mid(at(13), at(14));
  const toFace = (p: Pt): Pt => [(p[0] - origin[0]) * cos + (p[1] - origin[1]) * sin, -(p[0] - origin[0]) * sin + (p[1] - origin[1]) * cos];
  const toImage = (u: number, v: number): Pt => [origin[0] + u * cos - v * sin, origin[1] + u * sin + v * cos];
  const face = (ids: readonly number[]) => ids.map((i) => toFace(at(i)));
  const upperInner = face(MESH.upperInner);
  const lowerInner = face(MESH.lowerInner);
  const cornerL = Math.min((upperInner[0] as Pt)[0], (upperInner.at(-1) as Pt)[0]);
  const cornerR = Math.max((upperInner[0] as Pt)[0], (upperInner.at(-1) as Pt)[0]);
  const width = Math.abs(toFace(at(291))[0] - toFace(at(61))[0]);
  const upper = curve(upperInner);
  const lowerRaw = curve(lowerInner);
  const chinV = toFace(at(MESH.chin))[1];
  // The lower face with the lips closed: under the nose to the chin, less the photo's own gap at the mouth's middle.
  const centreU = (cornerL + cornerR) / 2;
  const ownGap = Math.max(0, lowerRaw(centreU) - upper(centreU));
  const lowerFace = chinV - toFace(at(MESH.subnasal))[1] - ownGap;
  return {
    frame: { ox: origin[0], oy: origin[1], cos, sin },
    toFace,
    toImage,
    upper,
    // A lower lip above the upper one (a mesh glitch on a closed mouth) is a closed mouth.
    lower: (u) => Math.max(upper(u), lowerRaw(u)),
    cornerL,
    cornerR,
    width,
    jawScale: Math.max(width, JAW_PER_LOWER_FACE * lowerFace),
    chinV,
    jawHalf: Math.abs(toFace(at(MESH.jaw[1]))[0] - toFace(at(MESH.jaw[0]))[0]) / 2,
    jawLeft: Math.max(1, centreU - Math.min(toFace(at(MESH.jaw[0]))[0], toFace(at(MESH.jaw[1]))[0])),
    jawRight: Math.max(1, Math.max(toFace(at(MESH.jaw[0]))[0], toFace(at(MESH.jaw[1]))[0]) - centreU),
    top: Math.min(...face(MESH.upperOuter).map((p) => p[1])),
  };
}

function mid(a: Pt, b: Pt): Pt {
  return [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
}

/** The area of the picture the mouth patches cover: lips, chin, jaw and the top of the neck (image pixels, even). */
export function mouthBox(g: MouthGeometry, image: { width: number; height: number }): Box {
  const half = g.jawHalf * 1.15;
  const corners = [
    g.toImage(-half, g.top - 0.45 * g.width),
    g.toImage(half, g.top - 0.45 * g.width),
    g.toImage(-half, g.chinV + 0.9 * g.width),
    g.toImage(half, g.chinV + 0.9 * g.width),
  ];
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[0]))) & ~1);
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p[1]))) & ~1);
  const x1 = Math.min(image.width, Math.ceil(Math.max(...corners.map((p) => p[0]))));
  const y1 = Math.min(image.height, Math.ceil(Math.max(...corners.map((p) => p[1]))));
  return { x: x0, y: y0, w: Math.max(2, (x1 - x0) & ~1), h: Math.max(2, (y1 - y0) & ~1) };
}

/** What the photo shows between its lips: how open it is, and the colour of its teeth if they show. */
export interface MouthSource {
  /** Widest gap between the inner lips, px. */
  gap: number;
  /** Mean colour of the bright, greyish pixels between the lips (teeth), when enough of them show. */
  teeth?: [number, number, number];
}

export function readMouth(img: RgbaImage, g: MouthGeometry): MouthSource {
  let gap = 0;
  let n = 0;
  let total = 0;
  const sum = [0, 0, 0];
  for (let u = g.cornerL; u <= g.cornerR; u += 1) {
    const top = g.upper(u);
    const bottom = g.lower(u);
    gap = Math.max(gap, bottom - top);
    for (let v = top + 1; v < bottom - 1; v += 1) {
      const [r, gg, b] = sample(img, ...g.toImage(u, v));
      total++;
      const max = Math.max(r, gg, b);
      const min = Math.min(r, gg, b);
      if (max > 120 && max - min < 0.3 * max) {
        sum[0] = (sum[0] as number) + r;
        sum[1] = (sum[1] as number) + gg;
        sum[2] = (sum[2] as number) + b;
        n++;
      }
    }
  }
  const teeth = n > 20 && n > total * 0.25 ? (sum.map((s) => s / n) as [number, number, number]) : undefined;
  return { gap, teeth };
}

export function sample(img: RgbaImage, x: number, y: number): [number, number, number] {
  const out: [number, number, number] = [0, 0, 0];
  sampleInto(img, x, y, out);
  return out;
}

/** `sample` writing into `out` (the drawing loops' hot path allocates nothing per pixel). */
export function sampleInto(img: RgbaImage, x: number, y: number, out: number[] | Float64Array): void {
  const fx0 = x - 0.5;
  const fy0 = y - 0.5;
  const x0 = Math.max(0, Math.min(img.width - 2, Math.floor(fx0)));
  const y0 = Math.max(0, Math.min(img.height - 2, Math.floor(fy0)));
  const fx = Math.max(0, Math.min(1, fx0 - x0));
  const fy = Math.max(0, Math.min(1, fy0 - y0));
  const p = img.pixels;
  const w = img.width;
  const i00 = (y0 * w + x0) * 4;
  const i01 = i00 + 4;
  const i10 = i00 + w * 4;
  const i11 = i10 + 4;
  for (let c = 0; c < 3; c++) {
    const top = (p[i00 + c] as number) * (1 - fx) + (p[i01 + c] as number) * fx;
    const bottom = (p[i10 + c] as number) * (1 - fx) + (p[i11 + c] as number) * fx;
    out[c] = top * (1 - fy) + bottom * fy;
  }
}
