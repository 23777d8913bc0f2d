import { curve, sample } from './mesh-geometry.ts';
import type { Box, RgbaImage } from './rig.ts';

type Pt = [number, number];

/** Face-mesh eye contours, corner to corner (MediaPipe order): upper lid and lower lid of each eye. */
const EYES = [
  { corners: [33, 133], upper: [246, 161, 160, 159, 158, 157, 173], lower: [7, 163, 144, 145, 153, 154, 155] },
  { corners: [263, 362], upper: [466, 388, 387, 386, 385, 384, 398], lower: [249, 390, 373, 374, 380, 381, 382] },
] as const;

interface Lid {
  origin: Pt;
  cos: number;
  sin: number;
  length: number;
  upper: (u: number) => number;
  lower: (u: number) => number;
}

/** Each eye in its own frame: u from corner to corner, v down; the lids as curves v(u) (corners at v = 0). */
function lids(mesh: readonly (readonly number[])[]): Lid[] {
  const at = (i: number): Pt => [(mesh[i] as number[])[0] as number, (mesh[i] as number[])[1] as number];
  return EYES.map((eye) => {
    let [a, b] = eye.corners.map(at) as [Pt, Pt];
    if (a[0] > b[0]) [a, b] = [b, a];
    const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const local = (p: Pt): Pt => [(p[0] - a[0]) * cos + (p[1] - a[1]) * sin, -(p[0] - a[0]) * sin + (p[1] - a[1]) * cos];
    const ends: Pt[] = [
      [0, 0],
      [Math.hypot(b[0] - a[0], b[1] - a[1]), 0],
    ];
    return {
      origin: a,
      cos,
      sin,
      length: (ends[1] as Pt)[0],
      upper: curve([...ends, ...eye.upper.map((i) => local(at(i)))]),
      lower: curve([...ends, ...eye.lower.map((i) => local(at(i)))]),
    };
  });
}

/**
 * Both eyes with their upper lids lowered by `amount` (0 open … 1 closed): the lid's own skin, from
 * the fold above the eye down to its lashes, stretches down over the eye to meet the lower lid. The
 * picture's own lid, lashes and make-up move; nothing is painted over.
 */
export function blinkEyes(img: RgbaImage, mesh: readonly (readonly number[])[], box: Box, amount: number): RgbaImage {
  const eyes = lids(mesh);
  const out: RgbaImage = { width: box.w, height: box.h, pixels: new Uint8Array(box.w * box.h * 4) };
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const px = box.x + x + 0.5;
      const py = box.y + y + 0.5;
      let sx = px;
      let sy = py;
      for (const e of eyes) {
        const dx = px - e.origin[0];
        const dy = py - e.origin[1];
        const u = dx * e.cos + dy * e.sin;
        const v = -dx * e.sin + dy * e.cos;
        if (u <= 0 || u >= e.length) continue;
        const up = e.upper(u);
        const low = e.lower(u);
        // The fold above the eye, about half an eye's height above the lid.
        const fold = up - Math.max(2, 0.45 * (low - up) + 0.12 * e.length);
        const edge = up + amount * (low - up);
        if (v < fold || v > low || edge <= up) continue;
        let vs = v;
        if (v <= edge) vs = fold + ((v - fold) * (up - fold)) / (edge - fold);
        sx = e.origin[0] + u * e.cos - vs * e.sin;
        sy = e.origin[1] + u * e.sin + vs * e.cos;
      }
      const [r, g, b] = sample(img, sx, sy);
      const o = (y * box.w + x) * 4;
      out.pixels[o] = r;
      out.pixels[o + 1] = g;
      out.pixels[o + 2] = b;
      out.pixels[o + 3] = 255;
    }
  }
  return out;
}
