import { sampleInto, smooth } from './mesh-geometry.ts';
import type { MouthGeometry, MouthSource } from './mesh-geometry.ts';
import type { Box, RgbaImage } from './rig.ts';
import type { MouthPose } from './visemes.ts';

/** A repeatable, smooth grain (−1..1) so no part of the drawn mouth is one flat colour. */
function grain(x: number, y: number): number {
  const h = (a: number, b: number) => {
    const s = Math.sin(a * 127.1 + b * 311.7) * 43758.5453;
    return s - Math.floor(s);
  };
  const xi = Math.floor(x);
  const yi = Math.floor(y);
  const fx = x - xi;
  const fy = y - yi;
  const a = h(xi, yi) * (1 - fx) + h(xi + 1, yi) * fx;
  const b = h(xi, yi + 1) * (1 - fx) + h(xi + 1, yi + 1) * fx;
  return (a * (1 - fy) + b * fy) * 2 - 1;
}

/**
 * The mouth area re-drawn for a pose. The lower lip, the chin and the jaw drop (the chin most, the
 * jaw's angles not at all, the neck below the chin stretching), the upper lip and upper teeth stay
 * (a little raised on wide vowels), the corners spread or pucker. Between the lips: the photo's own
 * teeth where it shows them, drawn teeth where it does not, a shaded cavity and the tongue; a closed
 * pose closes the photo's own gap, fully (pressed) on m/b/p.
 */
export function drawMouth(img: RgbaImage, g: MouthGeometry, src: MouthSource, box: Box, pose: MouthPose): RgbaImage {
  const W = g.width;
  // Every curve of u is read from a table (¼ px steps): a pixel asks for them a dozen times.
  const us0 = [0, box.w].flatMap((x) => [0, box.h].map((y) => g.toFace([box.x + x, box.y + y])[0]));
  const u0 = Math.min(...us0) - W;
  const u1 = Math.max(...us0) + W;
  const table = (f: (u: number) => number) => {
    const values = new Float64Array(Math.ceil((u1 - u0) * 4) + 2);
    for (let i = 0; i < values.length; i++) values[i] = f(u0 + i / 4);
    const last = values.length - 2;
    return (u: number) => {
      const k = Math.max(0, Math.min(last, (u - u0) * 4));
      const i = k | 0;
      return (values[i] as number) + ((values[i + 1] as number) - (values[i] as number)) * (k - i);
    };
  };
  const upper = table(g.upper);
  const halfIn = (g.cornerR - g.cornerL) / 2;
  const centreU = (g.cornerR + g.cornerL) / 2;
  // Openings on the jaw's scale (see `jawScale`), the widest eased: an open smile's small openings grow by the
  // whole ratio, its widest (open 0.96) by its square root only (a mouth as wide open as it is wide reads as a yawn).
  const jaw = g.jawScale / W;
  const G0 = (0.5 * W * pose.open * jaw) / (1 + ((Math.sqrt(jaw) - 1) * pose.open) / 0.96);
  // On a photo that shows its teeth the mesh's inner lower lip lies on the teeth's lower edge: taken as the
  // lip's edge it drew a pale rim under an opening wider than the photo's. There the lip's edge is read a
  // little lower (not on poses that close the photo's gap: the jaw would rise further and bend the face's edge).
  const rim = src.teeth ? 0.025 * W * smooth(0, 0.05 * W, G0 - (g.lower(centreU) - g.upper(centreU))) : 0;
  const lower = table((u: number) => g.lower(u) + (rim > 0 ? rim * smooth(0, 2 * rim, g.lower(u) - g.upper(u)) : 0));
  const a = halfIn * (1 + 0.1 * pose.wide);
  const lens = table((u: number) => Math.max(0, 1 - ((u - centreU) / a) ** 2) ** 0.6);
  const srcGap = (u: number) => lower(u) - upper(u);
  const press = pose.press > 0.5 ? 0.035 * W : 0;
  const gapAt = (u: number) => G0 * lens(u);
  const raise = 0.12 * G0;
  const upAt = (u: number) => raise * lens(u);
  // How far the lower lip's inner edge moves (down > 0): from the photo's gap to the pose's.
  const dLip = table((u: number) => gapAt(u) - srcGap(u) - press * lens(u) - upAt(u));
  const dJaw = dLip(centreU) + press;
  // Each side of the jaw fades out towards its own angle (a turned face's near side is the narrower).
  const jawSide = (u: number) => (u < centreU ? g.jawLeft : g.jawRight);
  const jawProfile = table((u: number) => 1 - smooth(0.45 * jawSide(u), 1.05 * jawSide(u), Math.abs(u - centreU)));
  const chinFade = (v: number) => 1 - smooth(g.chinV, g.chinV + 0.75 * W, v);
  const lipLevel = upper(centreU);
  const clampU = (u: number) => Math.max(g.cornerL, Math.min(g.cornerR, u));
  const down = (u: number, vs: number) => {
    const lowerEdge = lower(clampU(u));
    const near = smooth(lowerEdge, lowerEdge + 0.35 * W, vs);
    // Beyond the lip corners the cheek below the mouth follows the jaw, fading in below the corner's level.
    const beyond = smooth(0, 0.25 * W, Math.max(g.cornerL - u, u - g.cornerR));
    const cheek = 1 - beyond + beyond * smooth(lipLevel - 0.1 * W, lipLevel + 0.3 * W, vs);
    return (dLip(clampU(u)) * (1 - near) + dJaw * jawProfile(u) * near) * chinFade(vs) * cheek;
  };
  const spread = (u: number, v: number) =>
    0.13 *
    W *
    pose.wide *
    Math.sign(u - centreU) *
    smooth(0, a, Math.abs(u - centreU)) *
    (1 - smooth(a, 2 * a, Math.abs(u - centreU))) *
    (1 - smooth(0.15 * W, 0.6 * W, Math.abs(v - lipLevel)));
  const upAbove = (u: number, v: number) => upAt(u) * (1 - smooth(0, 0.35 * W, upper(u) - v));
  // Upper teeth show on spread and open vowels; rounded lips (oh, oo) hide them behind a dark opening.
  // A photo that shows its own teeth shows only those (beyond them, towards the corners, the dark of the mouth).
  const teethH = Math.min(0.5 * G0 + 0.02 * W, 0.11 * W) * (pose.teeth > 0.5 || pose.open > 0.45 ? 1 : pose.wide < -0.3 ? 0 : 0.5);
  const teethColour = src.teeth ?? [226, 218, 204];
  const scale = W / 60;
  const out: RgbaImage = { width: box.w, height: box.h, pixels: new Uint8Array(box.w * box.h * 4) };
  const px = out.pixels;
  // The face frame inlined (g.toFace / g.toImage allocate a point per call; this loop runs per pixel).
  const { ox, oy, cos, sin } = g.frame;
  const lip = new Float64Array(3);
  const c = new Float64Array(3);
  const cav = new Float64Array(3);
  const at = (uu: number, vv: number, into: Float64Array) => sampleInto(img, ox + uu * cos - vv * sin, oy + uu * sin + vv * cos, into);
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const dx = box.x + x + 0.5 - ox;
      const dy = box.y + y + 0.5 - oy;
      const u = dx * cos + dy * sin;
      const v = -dx * sin + dy * cos;
      const o = (y * box.w + x) * 4;
      // Where nothing moves (well above the lips, past the jaw's angles, below the neck's stretch): the photo's own pixel.
      if (v < lipLevel - 0.6 * W || v > g.chinV + 0.76 * W || Math.abs(u - centreU) > Math.max(1.06 * jawSide(u), 2.1 * a)) {
        const i = ((box.y + y) * img.width + box.x + x) * 4;
        px[o] = img.pixels[i] as number;
        px[o + 1] = img.pixels[i + 1] as number;
        px[o + 2] = img.pixels[i + 2] as number;
        px[o + 3] = 255;
        continue;
      }
      const us = u - spread(u, v);
      const inMouth = us > g.cornerL && us < g.cornerR;
      const upperEdge = upper(us) - (inMouth ? upAt(us) : 0);
      const gap = inMouth ? Math.max(0, gapAt(us) - press) : 0;
      let inside = 0;
      if (v < upperEdge) {
        at(us, v + upAbove(us, v), lip);
        if (inMouth) inside = Math.max(0, Math.min(1, v - upperEdge + 0.5));
      } else {
        let vs = v - down(us, v);
        for (let k = 0; k < 3; k++) vs = v - down(us, vs);
        const lowerEdge = inMouth ? lower(us) : lipLevel;
        if (inMouth && vs < lowerEdge) vs = lowerEdge;
        at(us, vs, lip);
        if (inMouth && gap > 0) {
          const s = v - upperEdge;
          inside = Math.max(0, Math.min(1, s + 0.5, gap - s + 0.5));
        }
      }
      let r = lip[0] as number;
      let gg = lip[1] as number;
      let b = lip[2] as number;
      if (inside > 0) {
        const s = Math.max(0, v - upperEdge);
        const t = gap > 0 ? s / gap : 0;
        const across = Math.abs(us - centreU) / a;
        const side = 1 - 0.55 * across * across;
        const own = src.teeth && s < Math.min(srcGap(us) - 1, teethH);
        if (own) {
          at(us, upper(us) + s, c);
        } else if (!src.teeth && s < teethH && across < 0.85) {
          // Drawn upper teeth: a row of incisors and canines, greyer towards the corners and the gum line.
          const edge = 1 - smooth(teethH * 0.75, teethH, s + 0.6 * Math.sin(((us - centreU) / (0.13 * W)) * Math.PI) ** 2);
          const gapLine = Math.abs(Math.sin(((us - centreU) / (0.125 * W)) * Math.PI * (1 + 0.15 * across)));
          const seam = 0.82 + 0.18 * smooth(0, 0.2, gapLine);
          const shade = side * seam * (0.82 + 0.18 * smooth(0, teethH * 0.5, s)) * (0.7 + 0.3 * Math.min(1, pose.open * 2 + 0.3));
          cavityColour(t, across, pose, (us * 0.3) / scale, (v * 0.3) / scale, cav);
          for (let i = 0; i < 3; i++) c[i] = (teethColour[i] as number) * shade * edge + (cav[i] as number) * (1 - edge);
        } else {
          cavityColour(t, across, pose, (us * 0.3) / scale, (v * 0.3) / scale, c);
        }
        // The upper lip's shadow on the first rows.
        const shadow = 1 - 0.15 * (1 - smooth(0, Math.max(1, 0.06 * W), s));
        r = r * (1 - inside) + (c[0] as number) * shadow * inside;
        gg = gg * (1 - inside) + (c[1] as number) * shadow * inside;
        b = b * (1 - inside) + (c[2] as number) * shadow * inside;
      }
      px[o] = r;
      px[o + 1] = gg;
      px[o + 2] = b;
      px[o + 3] = 255;
    }
  }
  return out;
}

/**
 * Inside the mouth: dark red-brown, darkest just under the teeth and towards the corners, the tongue
 * rising lighter at the bottom, with a grain coarse enough to survive the encoder: no part of it is
 * one flat colour.
 */
function cavityColour(t: number, across: number, pose: MouthPose, gx: number, gy: number, out: Float64Array): void {
  const tt = Math.min(1, Math.max(0, t));
  const light = (0.8 + 0.6 * tt) * (1 - 0.4 * Math.min(1, across) ** 2);
  const base: [number, number, number] = [60 * light, 24 * light, 28 * light];
  const tongue = Math.max(pose.tongue, pose.open > 0.4 ? 0.6 : 0) * smooth(0.45, 0.9, tt) * (1 - smooth(0.5, 0.95, across));
  // Octaves of grain, and an added term that does not scale with the (dark) base: once the encoder
  // has quantised a dark cavity, a grain proportional to it alone reads as one flat colour.
  // A fourth, coarser octave: an opening as tall as half the mouth is wide left patches between the grains
  // that the encoder flattened.
  const n = grain(gx * 0.5 + 5, gy * 0.5 + 3) * 6 + grain(gx, gy) * 7 + grain(gx * 2.3 + 17, gy * 2.3) * 5 + grain(gx * 3.4 + 41, gy * 3.4 + 7) * 4;
  const k = 1 + n / 40;
  // Never below 0: the patch's bytes would wrap round to bright specks.
  out[0] = Math.max(0, (base[0] * (1 - tongue) + 150 * tongue) * k + n * 1.3);
  out[1] = Math.max(0, (base[1] * (1 - tongue) + 62 * tongue) * k + n * 0.8);
  out[2] = Math.max(0, (base[2] * (1 - tongue) + 66 * tongue) * k + n * 0.8);
}
