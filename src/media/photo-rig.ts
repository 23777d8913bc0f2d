import type { Box, RgbaImage } from './rig.ts';

/** Layout of a talking-photo rig: precomputed once per avatar, stored next to its picture. */
export interface PhotoRigMeta {
  version: 1;
  /** Side of the square crop the rig was computed on. */
  size: number;
  atlas: { width: number; height: number };
  /** Area of the crop the mouth patches replace, and of the eye patches. */
  mouth: Box;
  eyes: Box;
  /** Each precomputed mouth: its pose and where its patch sits in the atlas. */
  mouths: { key: string; open: number; wide: number; at: { x: number; y: number } }[];
  eyeStates: { state: 'half' | 'closed'; at: { x: number; y: number } }[];
}

type Pt = [number, number];

/** Jaw opening levels × lip shapes precomputed per avatar (15 mouths) — a render only picks among them. */
const OPENS = [0, 0.22, 0.45, 0.7, 0.95];
const WIDES = [-1, 0, 0.9];

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.max(0, Math.min(1, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

function mean(points: Pt[]): Pt {
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

function sample(img: RgbaImage, x: number, y: number): [number, number, number] {
  const x0 = Math.max(0, Math.min(img.width - 2, Math.floor(x)));
  const y0 = Math.max(0, Math.min(img.height - 2, Math.floor(y)));
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const out: [number, number, number] = [0, 0, 0];
  for (let c = 0; c < 3; c++) {
    const p = (xx: number, yy: number) => img.pixels[(yy * img.width + xx) * 4 + c] as number;
    out[c] = (p(x0, y0) * (1 - fx) + p(x0 + 1, y0) * fx) * (1 - fy) + (p(x0, y0 + 1) * (1 - fx) + p(x0 + 1, y0 + 1) * fx) * fy;
  }
  return out;
}

/** A box-sized opaque image, each pixel the colour `colourAt` gives for it (box coordinates). */
function paintBox(box: Box, colourAt: (x: number, y: number) => [number, number, number]): RgbaImage {
  const out: RgbaImage = { width: box.w, height: box.h, pixels: new Uint8Array(box.w * box.h * 4) };
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const [r, g, b] = colourAt(x, y);
      const o = (y * box.w + x) * 4;
      out.pixels[o] = Math.round(r);
      out.pixels[o + 1] = Math.round(g);
      out.pixels[o + 2] = Math.round(b);
      out.pixels[o + 3] = 255;
    }
  }
  return out;
}

/** The face's own frame: origin at the lips' meeting point, u along the eye line, v down the face. */
function faceFrame(lm: Pt[]) {
  const eyeL = mean(lm.slice(36, 42));
  const eyeR = mean(lm.slice(42, 48));
  const angle = Math.atan2(eyeR[1] - eyeL[1], eyeR[0] - eyeL[0]);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const origin = mean([lm[60] as Pt, lm[64] as Pt, lm[62] as Pt, lm[66] as Pt]);
  const toFace = (p: Pt): Pt => [(p[0] - origin[0]) * cos + (p[1] - origin[1]) * sin, -(p[0] - origin[0]) * sin + (p[1] - origin[1]) * cos];
  const toImage = (u: number, v: number): Pt => [origin[0] + u * cos - v * sin, origin[1] + u * sin + v * cos];
  return { toFace, toImage, eyeL, eyeR };
}

export function boxAround(points: Pt[], margin: number, img: RgbaImage): Box {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.max(0, Math.floor(Math.min(...xs) - margin) & ~1);
  const y = Math.max(0, Math.floor(Math.min(...ys) - margin) & ~1);
  const x1 = Math.min(img.width, Math.ceil(Math.max(...xs) + margin));
  const y1 = Math.min(img.height, Math.ceil(Math.max(...ys) + margin));
  return { x, y, w: (x1 - x) & ~1, h: (y1 - y) & ~1 };
}

/**
 * The mouth area of the photo re-drawn for a jaw opening and a lip shape: the chin and lower lip are
 * pulled down (most at the mouth's centre, fading towards the cheeks and below the chin), the lip
 * corners spread or pucker, and where the lips part a dark mouth with a hint of upper teeth shows.
 */
function warpMouth(img: RgbaImage, lm: Pt[], box: Box, open: number, wide: number): RgbaImage {
  const f = faceFrame(lm);
  const corners = [f.toFace(lm[48] as Pt), f.toFace(lm[54] as Pt)];
  const W = Math.abs((corners[1] as Pt)[0] - (corners[0] as Pt)[0]);
  const chinV = f.toFace(lm[8] as Pt)[1];
  const jawHalf = Math.abs(f.toFace(lm[12] as Pt)[0] - f.toFace(lm[4] as Pt)[0]) / 2;
  const d = open * 0.42 * W;
  const halfMouth = (W / 2) * (1 + 0.12 * wide);
  const lens = (u: number) => Math.sqrt(Math.max(0, 1 - (u / halfMouth) ** 2));
  const jaw = (u: number) => 1 - smooth(halfMouth * 0.9, jawHalf * 1.05, Math.abs(u));
  const down = (u: number, v: number) => {
    const nearLips = smooth(0, 0.3 * W, v);
    const profile = lens(u) * (1 - nearLips) + jaw(u) * nearLips;
    return d * profile * (1 - smooth(chinV, chinV + 0.45 * W, v));
  };
  const up = (u: number, v: number) => 0.12 * d * lens(u) * (1 - smooth(0, 0.22 * W, -v));
  const spread = (u: number, v: number) =>
    0.1 *
    W *
    wide *
    Math.sign(u) *
    smooth(0, halfMouth, Math.abs(u)) *
    (1 - smooth(halfMouth, 1.7 * halfMouth, Math.abs(u))) *
    (1 - smooth(0.12 * W, 0.5 * W, Math.abs(v)));
  const teethDepth = Math.min(0.12 * W, d * 0.35);
  return paintBox(box, (x, y) => {
    const [u, v] = f.toFace([box.x + x + 0.5, box.y + y + 0.5]);
    const us = u - spread(u, v);
    let vs: number;
    let inside = 0;
    let depth = 0;
    if (v >= 0) {
      vs = v - down(us, v);
      vs = v - down(us, Math.max(0, vs));
      if (vs < 0) (inside = Math.min(1, -vs + 0.5)), (depth = v);
    } else {
      vs = v + up(us, v);
      if (vs > 0) (inside = Math.min(1, vs + 0.5)), (depth = 0);
    }
    const [sx, sy] = f.toImage(us, inside > 0 ? (v >= 0 ? 0.5 : -0.5) : vs);
    let [r, g, b] = sample(img, sx - 0.5, sy - 0.5);
    if (inside > 0) {
      // Mouth interior: upper teeth just under the lip, dark further in, a little lighter at the tongue.
      const opening = Math.max(1, down(us, 0.5));
      const teeth = open > 0.3 && wide > -0.5 && depth < teethDepth ? 0.85 * (1 - smooth(teethDepth * 0.5, teethDepth, depth)) : 0;
      const tongue = open > 0.5 ? smooth(0.55, 0.95, depth / opening) : 0;
      const dark: [number, number, number] = [46 + 70 * tongue, 18 + 18 * tongue, 20 + 20 * tongue];
      const colour = [dark[0] * (1 - teeth) + 212 * teeth, dark[1] * (1 - teeth) + 204 * teeth, dark[2] * (1 - teeth) + 194 * teeth];
      r = r * (1 - inside) + (colour[0] as number) * inside;
      g = g * (1 - inside) + (colour[1] as number) * inside;
      b = b * (1 - inside) + (colour[2] as number) * inside;
    }
    return [r, g, b];
  });
}

/** Both eyes re-drawn with the upper lids half or fully down: skin from just above the eye, a lash line at the lid's edge. */
function closeEyes(img: RgbaImage, lm: Pt[], box: Box, amount: number): RgbaImage {
  const eyes = [lm.slice(36, 42), lm.slice(42, 48)].map((pts) => {
    const c = mean(pts);
    const a = Math.hypot((pts[3] as Pt)[0] - (pts[0] as Pt)[0], (pts[3] as Pt)[1] - (pts[0] as Pt)[1]) / 2;
    const h =
      (Math.hypot((pts[1] as Pt)[0] - (pts[5] as Pt)[0], (pts[1] as Pt)[1] - (pts[5] as Pt)[1]) +
        Math.hypot((pts[2] as Pt)[0] - (pts[4] as Pt)[0], (pts[2] as Pt)[1] - (pts[4] as Pt)[1])) /
      4;
    const e = { c, a: a * 1.3, b: Math.max(h * 1.7, a * 0.5), lid: [] as [number, number, number][] };
    // Lid skin per column: the band just above the eye, blurred across a third of the eye's width
    // (a plain column sample would streak wherever brow or make-up crosses it).
    const blur = Math.max(2, Math.round(e.a * 0.35));
    for (let x = Math.floor(c[0] - e.a) - 1; x <= Math.ceil(c[0] + e.a) + 1; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let dx = -blur; dx <= blur; dx++) {
        for (let yy = Math.round(c[1] - e.b * 1.45); yy <= Math.round(c[1] - e.b * 1.1); yy++) {
          const [sr, sg, sb] = sample(img, x + dx, yy);
          (r += sr), (g += sg), (b += sb), n++;
        }
      }
      e.lid.push([r / n, g / n, b / n]);
    }
    return e;
  });
  return paintBox(box, (x, y) => {
    const px = box.x + x + 0.5;
    const py = box.y + y + 0.5;
    let [r, g, b] = sample(img, px - 0.5, py - 0.5);
    for (const e of eyes) {
      const du = (px - e.c[0]) / e.a;
      const dv = (py - e.c[1]) / e.b;
      const rr = du * du + dv * dv;
      if (rr >= 1) continue;
      // The lid comes down to `edge` (−1 = top of the eye, +0.8 = closed, near its lower rim).
      const edge = -1 + amount * 1.8;
      const lid = 1 - smooth(edge - 0.12, edge + 0.05, dv);
      const fade = 1 - smooth(0.75, 1, rr);
      if (lid * fade <= 0) continue;
      const col = Math.max(0, Math.min(e.lid.length - 1, Math.round(px - (Math.floor(e.c[0] - e.a) - 1))));
      // Slightly darker towards the lash line, as a lid in the shade of the brow is.
      const shade = 1 - 0.12 * Math.max(0, Math.min(1, (dv + 1) / 2));
      const [sr, sg, sb] = (e.lid[col] as [number, number, number]).map((v) => v * shade) as [number, number, number];
      const lash = Math.exp(-((((dv - edge) * e.b) / Math.max(1, e.b * 0.1)) ** 2)) * (amount > 0.5 ? 0.85 : 0.6);
      const w = lid * fade;
      const lr = sr * (1 - lash) + 35 * lash;
      const lg = sg * (1 - lash) + 28 * lash;
      const lb = sb * (1 - lash) + 28 * lash;
      r = r * (1 - w) + lr * w;
      g = g * (1 - w) + lg * w;
      b = b * (1 - w) + lb * w;
    }
    return [r, g, b];
  });
}

/**
 * Precomputes a talking-photo rig from the face crop and its 68 landmarks (crop pixels): 15 mouths
 * (5 jaw openings × rounded / neutral / spread lips) and 2 eyelid states, packed in one atlas.
 */
export function buildPhotoRig(crop: RgbaImage, landmarks: Pt[]): { atlas: RgbaImage; meta: PhotoRigMeta } {
  const f = faceFrame(landmarks);
  const W = Math.hypot((landmarks[54] as Pt)[0] - (landmarks[48] as Pt)[0], (landmarks[54] as Pt)[1] - (landmarks[48] as Pt)[1]);
  const chin = landmarks[8] as Pt;
  const mouthPts: Pt[] = [...landmarks.slice(3, 14), ...landmarks.slice(48, 68), f.toImage(0, f.toFace(chin)[1] + 0.5 * W), f.toImage(0, -0.4 * W)];
  const mouth = boxAround(mouthPts, 0.15 * W, crop);
  const eyes = boxAround(landmarks.slice(36, 48), 0.35 * W, crop);
  const patches: { key: string; open: number; wide: number; image: RgbaImage }[] = [];
  for (const open of OPENS)
    for (const [i, wide] of WIDES.entries())
      patches.push({ key: `o${Math.round(open * 100)}w${i}`, open, wide, image: warpMouth(crop, landmarks, mouth, open, wide) });
  const lids = [
    { state: 'half' as const, image: closeEyes(crop, landmarks, eyes, 0.55) },
    { state: 'closed' as const, image: closeEyes(crop, landmarks, eyes, 1) },
  ];
  // Each patch gets GAP rows of its own edge above and below: scaling the atlas to the frame must not
  // blend one patch's border with its neighbour's (a dark line from a mouth above an eye).
  const GAP = 6;
  const width = Math.max(mouth.w, eyes.w);
  const height = patches.length * (mouth.h + 2 * GAP) + lids.length * (eyes.h + 2 * GAP);
  const atlas: RgbaImage = { width, height, pixels: new Uint8Array(width * height * 4) };
  let y = 0;
  const place = (image: RgbaImage) => {
    const row = (r: number) => image.pixels.subarray(r * image.width * 4, (r + 1) * image.width * 4);
    for (let g = 0; g < GAP; g++) atlas.pixels.set(row(0), (y + g) * width * 4);
    y += GAP;
    for (let r = 0; r < image.height; r++) atlas.pixels.set(row(r), (y + r) * width * 4);
    const at = { x: 0, y };
    y += image.height;
    for (let g = 0; g < GAP; g++) atlas.pixels.set(row(image.height - 1), (y + g) * width * 4);
    y += GAP;
    return at;
  };
  const mouths = patches.map((p) => ({ key: p.key, open: p.open, wide: p.wide, at: place(p.image) }));
  const eyeStates = lids.map((l) => ({ state: l.state, at: place(l.image) }));
  return { atlas, meta: { version: 1, size: crop.width, atlas: { width, height }, mouth, eyes, mouths, eyeStates } };
}
