import type { DetectedFace } from './face.ts';
import { MIN_FACE_PX } from './face.ts';

// The face of a video avatar followed through its clip (docs/decisions/219-video-avatars.md): which
// frames show one usable face, how the face moves from a reference frame to every other frame (an
// affine map of the lower face), and how the loop plays the clip forward then backward.

type Pt = [number, number];
/** x' = a·x + b·y + c, y' = d·x + e·y + f. */
export type Affine = [number, number, number, number, number, number];

export const IDENTITY: Affine = [1, 0, 0, 0, 1, 0];

/** Mesh points that move with the head but not with the mouth: nose, cheeks, jaw angles, eye corners. */
export const STABLE_POINTS = [1, 2, 4, 5, 6, 195, 197, 98, 327, 50, 280, 205, 425, 187, 411, 58, 288, 172, 397, 132, 361, 33, 133, 362, 263, 168] as const;

/** A frame's verdict on its faces, by the photo's rules (pickFace): one face, none, several, or one too small. */
export type FrameFace = { ok: true; face: DetectedFace } | { ok: false; why: 'none' | 'several' | 'tooSmall'; size?: number };

/** The photo rules applied to one frame; `scale` turns the frame's pixels into the clip's source pixels (size rule). */
export function judgeFrame(faces: DetectedFace[], scale = 1): FrameFace {
  const sorted = [...faces].sort((a, b) => b.box.w * b.box.h - a.box.w * a.box.h);
  const main = sorted[0];
  if (!main) return { ok: false, why: 'none' };
  const second = sorted[1];
  if (second && second.box.w >= main.box.w * 0.5) return { ok: false, why: 'several' };
  // As a photo's: the face's own height, forehead to chin on the mesh (the detector's box is about twice as wide).
  const ys = main.mesh.slice(0, 468).map((p) => p[1]);
  const size = Math.round((ys.length ? Math.max(...ys) - Math.min(...ys) : Math.max(main.box.w, main.box.h)) * scale);
  if (size < MIN_FACE_PX) return { ok: false, why: 'tooSmall', size };
  return { ok: true, face: main };
}

/** Share of the frames that must show exactly one usable face. */
export const MIN_FACE_SHARE = 0.8;

/** Whether enough frames show one face, and if not the most common reason (with the median size of too-small faces). */
export function clipVerdict(frames: FrameFace[]): { ok: true } | { ok: false; why: 'none' | 'several' | 'tooSmall'; size: number } {
  const good = frames.filter((f) => f.ok).length;
  if (frames.length > 0 && good >= MIN_FACE_SHARE * frames.length) return { ok: true };
  const counts = { none: 0, several: 0, tooSmall: 0 };
  const sizes: number[] = [];
  for (const f of frames) {
    if (f.ok) continue;
    counts[f.why]++;
    if (f.why === 'tooSmall' && f.size) sizes.push(f.size);
  }
  const why = (Object.keys(counts) as (keyof typeof counts)[]).reduce((a, b) => (counts[b] > counts[a] ? b : a), 'none');
  return { ok: false, why, size: median(sizes) };
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Least-squares affine map taking points `from` onto `to`. */
export function fitAffine(from: Pt[], to: Pt[]): Affine {
  // Normal equations of [x y 1] · [a b c]ᵀ = x' (and the same for y'), solved by Cramer's rule.
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  let sx = 0;
  let sy = 0;
  const n = from.length;
  const rx = [0, 0, 0];
  const ry = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const [x, y] = from[i] as Pt;
    const [u, v] = to[i] as Pt;
    sxx += x * x;
    sxy += x * y;
    syy += y * y;
    sx += x;
    sy += y;
    rx[0] += x * u;
    rx[1] += y * u;
    rx[2] += u;
    ry[0] += x * v;
    ry[1] += y * v;
    ry[2] += v;
  }
  const m = [
    [sxx, sxy, sx],
    [sxy, syy, sy],
    [sx, sy, n],
  ];
  const det3 = (q: number[][]) =>
    (q[0]![0]! * (q[1]![1]! * q[2]![2]! - q[1]![2]! * q[2]![1]!) -
      q[0]![1]! * (q[1]![0]! * q[2]![2]! - q[1]![2]! * q[2]![0]!) +
      q[0]![2]! * (q[1]![0]! * q[2]![1]! - q[1]![1]! * q[2]![0]!)) as number;
  const d = det3(m);
  if (Math.abs(d) < 1e-9) return IDENTITY;
  const solve = (r: number[]) =>
    [0, 1, 2].map((col) => det3(m.map((row, i) => row.map((v, j) => (j === col ? (r[i] as number) : v)))) / d) as [number, number, number];
  const [a, b, c] = solve(rx);
  const [dd, e, f] = solve(ry);
  return [a, b, c, dd, e, f];
}

export function applyAffine(t: Affine, p: Pt): Pt {
  return [t[0] * p[0] + t[1] * p[1] + t[2], t[3] * p[0] + t[4] * p[1] + t[5]];
}

export function invertAffine(t: Affine): Affine {
  const [a, b, c, d, e, f] = t;
  const det = a * e - b * d;
  return [e / det, -b / det, (b * f - c * e) / det, -d / det, a / det, (c * d - a * f) / det];
}

export function stablePoints(mesh: readonly (readonly number[])[]): Pt[] {
  return STABLE_POINTS.map((i) => [(mesh[i] as number[])[0] as number, (mesh[i] as number[])[1] as number]);
}

/**
 * Per frame, the map from the reference frame to that frame. Frames without a usable face take
 * their neighbours' maps (linear between them); the maps are then smoothed over ±2 frames so the
 * mesh's own jitter (about a pixel) does not shake the redrawn mouth against the picture.
 */
export function trackMaps(meshes: (readonly (readonly number[])[] | undefined)[], reference: number): Affine[] {
  const ref = stablePoints(meshes[reference] as readonly (readonly number[])[]);
  const raw: (Affine | undefined)[] = meshes.map((m) => (m ? fitAffine(ref, stablePoints(m)) : undefined));
  const known = raw.map((t, i) => (t ? i : -1)).filter((i) => i >= 0);
  const filled = raw.map((t, i) => {
    if (t) return t;
    const before = known.filter((k) => k < i).at(-1);
    const after = known.find((k) => k > i);
    if (before === undefined) return raw[after as number] as Affine;
    if (after === undefined) return raw[before] as Affine;
    const w = (i - before) / (after - before);
    return (raw[before] as Affine).map((v, k) => v * (1 - w) + ((raw[after] as Affine)[k] as number) * w) as Affine;
  });
  const weights = [1, 4, 6, 4, 1];
  const n = filled.length;
  // Mirrored at the ends, as the loop plays them (forward then backward).
  const at = (i: number) => filled[Math.max(0, Math.min(n - 1, i < 0 ? -i : i >= n ? 2 * n - 2 - i : i))] as Affine;
  return filled.map((_, i) => {
    const out: Affine = [0, 0, 0, 0, 0, 0];
    for (let k = -2; k <= 2; k++) {
      const t = at(i + k);
      for (let q = 0; q < 6; q++) out[q] += (t[q] as number) * (weights[k + 2] as number);
    }
    return out.map((v) => v / 16) as Affine;
  });
}

/** Where the face centre (mean of the stable points) of the reference lands in each frame. */
export function faceCentres(maps: Affine[], refMesh: readonly (readonly number[])[]): Pt[] {
  const pts = stablePoints(refMesh);
  const c: Pt = [pts.reduce((s, p) => s + p[0], 0) / pts.length, pts.reduce((s, p) => s + p[1], 0) / pts.length];
  return maps.map((t) => applyAffine(t, c));
}

/** Length of the loop of a clip of `frames` frames played forward then backward (the ends not repeated). */
export function loopLength(frames: number): number {
  return Math.max(1, 2 * frames - 2);
}

/** The clip frame shown at a position of the loop; any integer, negative included (a head that ends where the shared part starts). */
export function clipFrameAt(phase: number, frames: number): number {
  const L = loopLength(frames);
  const p = ((phase % L) + L) % L;
  return p < frames ? p : L - p;
}

/** Largest move of the face centre between consecutive frames, px. */
export function largestMove(centres: Pt[]): number {
  let max = 0;
  for (let i = 1; i < centres.length; i++)
    max = Math.max(max, Math.hypot((centres[i] as Pt)[0] - (centres[i - 1] as Pt)[0], (centres[i] as Pt)[1] - (centres[i - 1] as Pt)[1]));
  return max;
}
