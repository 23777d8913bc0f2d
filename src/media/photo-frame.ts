import { runFfmpeg } from './ffmpeg.ts';
import { IBUG_FROM_MESH } from './face.ts';
import { decodeRgba } from './image.ts';
import { mouthBox, mouthGeometry, readMouth } from './mesh-geometry.ts';
import { drawMouth } from './mesh-mouth.ts';
import { blinkEyes } from './mesh-eyes.ts';
import { boxAround } from './photo-rig.ts';
import { bleedEdges, crop, encodePamRgba, featherEdges, fileCache, headTurner } from './rig.ts';
import type { Box, RgbaImage, Rig } from './rig.ts';
import type { MouthPose } from './visemes.ts';
import { MediaError } from './errors.ts';
import { drawMouthsInWorkers, MIN_POSES_FOR_WORKERS, sharedPixels } from './mouth-pool.ts';

type Pt = [number, number];

/** A talking photo as stored with its avatar (version 2): the head-and-shoulders picture's size, the face and its mesh in its pixels. */
export interface PhotoMeshMeta {
  version: 2;
  width: number;
  height: number;
  face: Box;
  /** 478 points (face mesh + iris), picture pixels. */
  mesh: Pt[];
}

/** The picture may be scaled up by at most this much to fill a frame: beyond, it is refused for that resolution. */
export const MAX_UPSCALE = 2;

/** Share of the frame's shorter side the face (forehead to chin) takes: head and shoulders, closer in close-up. */
const FACE_SHARE = { normal: 0.42, closeUp: 0.56 } as const;
const FACE_SHARE_MAX = 0.66;

/** The smallest face (px, forehead to chin) a frame of this size shows without scaling it up more than MAX_UPSCALE. */
export function minFaceHeight(width: number, height: number, style: 'normal' | 'closeUp' = 'normal'): number {
  return Math.ceil((FACE_SHARE[style] * Math.min(width, height)) / MAX_UPSCALE);
}

/** Why this photo cannot fill a frame of this size (its face too small for the resolution), or undefined. */
export function photoTooSmall(meta: Pick<PhotoMeshMeta, 'face'>, width: number, height: number, style: 'normal' | 'closeUp' = 'normal'): string | undefined {
  const need = minFaceHeight(width, height, style);
  if (meta.face.h >= need) return undefined;
  const tier = `${Math.min(width, height)}p`;
  return `This avatar's photo is too small for ${tier} videos: the face in it is ${Math.round(meta.face.h)} pixels tall and ${tier} needs at least ${need}. Choose a lower resolution or upload a larger photo.`;
}

/** Where the picture goes in a layer of `lw` × `lh`: its scale and top-left corner (layer pixels). */
export function frameWindow(meta: PhotoMeshMeta, lw: number, lh: number, frameMin: number, style: 'normal' | 'closeUp') {
  const f = meta.face;
  const target = (FACE_SHARE[style] * frameMin) / f.h;
  const fill = Math.max(lw / meta.width, lh / meta.height);
  const scale = Math.min((FACE_SHARE_MAX * frameMin) / f.h, Math.max(target, Math.min(fill, target * 1.4)));
  const w = meta.width * scale;
  const h = meta.height * scale;
  const cx = (f.x + f.w / 2) * scale;
  const cy = (f.y + f.h / 2) * scale;
  const place = (size: number, layer: number, centre: number) => (size <= layer ? (layer - size) / 2 : Math.max(layer - size, Math.min(0, centre)));
  const x = place(w, lw, lw / 2 - cx);
  const y = place(h, lh, lh * 0.42 - cy);
  return { scale, x: Math.round(x), y: Math.round(y), w: Math.round(w), h: Math.round(h) };
}

/** Layer margin around a frame of this size (room for the picture to move). */
function frameMargin(width: number, height: number): number {
  return Math.round((Math.max(width, height) * 0.02) / 2) * 2 + 4;
}

/** Where the mouth area and the eyes of a full-frame photo are in the frame at rest (for measuring renders). */
export function frameFaceBoxes(
  meta: PhotoMeshMeta,
  width: number,
  height: number,
  style: 'normal' | 'closeUp' = 'normal',
): { mouth: Box; lips: Box; eyes: Box; face: Box } {
  const margin = frameMargin(width, height);
  const layer = { width: width + 2 * margin, height: height + 2 * margin };
  const win = frameWindow(meta, layer.width, layer.height, Math.min(width, height), style);
  const mesh = meta.mesh.map(([x, y]) => [x * win.scale + win.x, y * win.scale + win.y] as Pt);
  const g = mouthGeometry(mesh);
  const shift = (b: Box): Box => ({ ...b, x: b.x - margin, y: b.y - margin });
  const landmarks = IBUG_FROM_MESH.map((i) => mesh[i] as Pt);
  const f = meta.face;
  return {
    mouth: shift(mouthBox(g, layer)),
    // The lips and the opening between them at rest, with room for the jaw's drop and the picture's motion.
    lips: shift(
      (() => {
        const [x0, y0] = g.toImage(g.cornerL - 0.05 * g.width, g.upper(0) - 0.12 * g.width);
        const [x1, y1] = g.toImage(g.cornerR + 0.05 * g.width, g.upper(0) + 0.6 * g.width);
        return {
          x: Math.round(Math.min(x0, x1)) & ~1,
          y: Math.round(Math.min(y0, y1)) & ~1,
          w: Math.round(Math.abs(x1 - x0)) & ~1,
          h: Math.round(Math.abs(y1 - y0)) & ~1,
        };
      })(),
    ),
    eyes: shift(boxAround(landmarks.slice(36, 48), 0.35 * g.width, { ...layer, pixels: new Uint8Array(0) })),
    face: shift({
      x: Math.round(f.x * win.scale + win.x),
      y: Math.round(f.y * win.scale + win.y),
      w: Math.round(f.w * win.scale),
      h: Math.round(f.h * win.scale),
    }),
  };
}

/**
 * A drawn mouth's pose snapped to 13 jaw openings × 5 lip shapes (the stock grid has 7 × 5): a photo's
 * mouth is drawn per render, and finer steps are what make it look alive rather than stepped.
 */
export function fineMouth(raw: MouthPose): { key: string; pose: MouthPose } {
  const special = raw.press > 0.5 ? 'mbp' : raw.fv > 0.5 ? 'fv' : raw.th > 0.5 ? 'th' : '';
  const o = special === 'mbp' ? 0 : Math.round(Math.max(0, Math.min(0.96, raw.open)) / 0.08);
  const w = Math.round((Math.max(-1, Math.min(1, raw.wide)) + 1) * 2);
  const teeth = raw.teeth > 0.5 ? 1 : 0;
  const tongue = raw.tongue > 0.5 && o >= 3 ? 1 : 0;
  const pose: MouthPose = {
    open: o * 0.08,
    wide: w / 2 - 1,
    teeth,
    tongue,
    press: special === 'mbp' ? 1 : 0,
    fv: special === 'fv' ? 1 : 0,
    th: special === 'th' ? 1 : 0,
  };
  return { key: `f${o}w${w}t${teeth}g${tongue}${special ? `-${special}` : ''}`, pose };
}

/** Mouth and eyelid patches drawn on `image` from its mesh, written once per pose into the scene directory. */
function meshPatches(image: RgbaImage, mesh: Pt[], workDir: string, feather: number) {
  const write = fileCache(workDir);
  let shared: SharedArrayBuffer | undefined;
  const g = mouthGeometry(mesh);
  const mouth = mouthBox(g, image);
  const source = readMouth(image, g);
  const landmarks = IBUG_FROM_MESH.map((i) => mesh[i] as Pt);
  const eyes = boxAround(landmarks.slice(36, 48), 0.35 * g.width, image);
  // The chin at the jaw's widest opening: captions may sit below it.
  const [, low] = g.toImage(0, g.chinV + 0.45 * g.width);
  return {
    mouth,
    eyes,
    low: Math.min(mouth.y + mouth.h, Math.round(low)),
    mouthFile: (key: string, pose: MouthPose) =>
      write(`mouth-${key}.pam`, () => encodePamRgba(featherEdges(drawMouth(image, g, source, mouth, pose), feather))),
    mouthFileFor: (raw: MouthPose) => {
      const { key, pose } = fineMouth(raw);
      return write(`mouth-${key}.pam`, () => encodePamRgba(featherEdges(drawMouth(image, g, source, mouth, pose), feather)));
    },
    /** Draws, in worker threads, every pose of `raws` not drawn yet (then `mouthFileFor` finds them made). */
    prepareMouths: async (raws: MouthPose[]) => {
      const todo = new Map<string, MouthPose>();
      for (const raw of raws) {
        const { key, pose } = fineMouth(raw);
        const name = `mouth-${key}.pam`;
        if (!write.has(name)) todo.set(name, pose);
      }
      if (todo.size < MIN_POSES_FOR_WORKERS) return;
      shared ??= sharedPixels(image);
      const items = [...todo].map(([name, pose]) => ({ name, pose }));
      await drawMouthsInWorkers({ pixels: shared, width: image.width, height: image.height, mesh, box: mouth, feather, workDir }, items);
      for (const { name } of items) write.made(name);
    },
    upperFile: (state: string) =>
      write(`upper-${state}.pam`, () =>
        encodePamRgba(featherEdges(state === 'open' ? crop(image, eyes) : blinkEyes(image, mesh, eyes, state === 'half' ? 0.5 : 1), feather)),
      ),
  };
}

/**
 * The photo filling the frame (normal and close-up styles): a layer a little larger than the frame
 * (the margin lets it move), the picture's own background around the person and, where the picture
 * is narrower than the frame, the picture blurred behind it. The compositor crops the frame out of
 * the layer at a moving offset and lays the mouth and eye patches over it.
 */
export async function photoFrameRig(opts: {
  imagePath: string;
  meta: PhotoMeshMeta;
  width: number;
  height: number;
  style: 'normal' | 'closeUp';
  workDir: string;
}): Promise<Rig> {
  const { meta, width, height, workDir } = opts;
  const tooSmall = photoTooSmall(meta, width, height, opts.style);
  if (tooSmall) throw new MediaError('INVALID_INPUT', tooSmall, { subject: 'avatar', details: 'picture-too-small' });
  const margin = frameMargin(width, height);
  const lw = width + 2 * margin;
  const lh = height + 2 * margin;
  const win = frameWindow(meta, lw, lh, Math.min(width, height), opts.style);
  const blur = Math.max(4, Math.round(Math.min(lw, lh) / 40));
  await runFfmpeg(
    [
      '-i',
      opts.imagePath,
      '-filter_complex',
      `[0:v]format=rgb24,split[a][b];[a]scale=${lw}:${lh}:force_original_aspect_ratio=increase,crop=${lw}:${lh},boxblur=${blur}:2[bg];[b]scale=${win.w}:${win.h}:flags=lanczos[fg];[bg][fg]overlay=${win.x}:${win.y},format=rgba`,
      '-frames:v',
      '1',
      '-c:v',
      'pam',
      '-f',
      'image2',
      'layer.pam',
    ],
    { cwd: workDir, timeoutMs: 60_000, label: 'photo layer' },
  );
  const image = await decodeRgba(`${workDir}/layer.pam`, lw, lh, workDir);
  const mesh = meta.mesh.map(([x, y]) => [x * win.scale + win.x, y * win.scale + win.y] as Pt);
  const patches = meshPatches(image, mesh, workDir, Math.max(3, Math.round(height * 0.006)));
  return {
    size: height,
    frame: { file: 'layer.pam', margin },
    headFiles: async (steps) => new Map(steps.map((s) => [s, 'layer.pam'])),
    head: { x: -margin, y: -margin, w: lw, h: lh },
    pivot: { x: lw / 2, y: lh },
    mouth: patches.mouth,
    upper: patches.eyes,
    mouthLow: patches.low,
    motionScale: 0.7,
    mouthFile: patches.mouthFile,
    mouthFileFor: patches.mouthFileFor,
    prepareMouths: patches.prepareMouths,
    upperFile: (state) => patches.upperFile(state),
  };
}

/** The photo as a circle (the corner-bubble style): the face's square cut out, tilting like a stock head. */
export async function photoCircleRig(opts: { imagePath: string; meta: PhotoMeshMeta; size: number; workDir: string; fill: string }): Promise<Rig> {
  const { meta, size, workDir } = opts;
  const f = meta.face;
  const side = Math.round(Math.min(meta.width, meta.height, Math.max(f.w, f.h) * 2.2));
  const box = {
    x: Math.round(Math.max(0, Math.min(meta.width - side, f.x + f.w / 2 - side / 2))),
    y: Math.round(Math.max(0, Math.min(meta.height - side, f.y + f.h / 2 - side * 0.45))),
    w: side,
    h: side,
  };
  const image = await decodeRgba(opts.imagePath, size, size, workDir, box);
  const k = size / side;
  const mesh = meta.mesh.map(([x, y]) => [(x - box.x) * k, (y - box.y) * k] as Pt);
  const pad = Math.ceil(size * 0.04) + 2;
  const circle = circleCutout(image, opts.fill);
  const head: Box = { x: -pad, y: -pad, w: size + 2 * pad, h: size + 2 * pad };
  await Bun.write(`${workDir}/head.pam`, encodePamRgba(bleedEdges(crop(circle, head))));
  const patches = meshPatches(image, mesh, workDir, Math.max(3, Math.round(size * 0.01)));
  const inSprite = (b: Box): Box => ({ x: b.x + pad, y: b.y + pad, w: b.w, h: b.h });
  return {
    size,
    headFiles: headTurner(workDir, 'head.pam'),
    head,
    pivot: { x: pad + size / 2, y: pad + size * 0.98 },
    mouth: inSprite(patches.mouth),
    upper: inSprite(patches.eyes),
    motionScale: 0,
    mouthFile: patches.mouthFile,
    mouthFileFor: patches.mouthFileFor,
    prepareMouths: patches.prepareMouths,
    upperFile: (state) => patches.upperFile(state),
  };
}

/** Flattens onto `fill` and cuts an anti-aliased circle out of the square picture. */
export function circleCutout(image: RgbaImage, fill: string): RgbaImage {
  const { width: s, pixels } = image;
  const [fr, fg, fb] = [0, 2, 4].map((i) => parseInt(fill.slice(i, i + 2), 16)) as [number, number, number];
  const out = new Uint8Array(pixels.length);
  const r = s / 2 - 1;
  for (let y = 0; y < s; y++) {
    for (let x = 0; x < s; x++) {
      const i = (y * s + x) * 4;
      const a = (pixels[i + 3] as number) / 255;
      out[i] = Math.round((pixels[i] as number) * a + fr * (1 - a));
      out[i + 1] = Math.round((pixels[i + 1] as number) * a + fg * (1 - a));
      out[i + 2] = Math.round((pixels[i + 2] as number) * a + fb * (1 - a));
      const d = Math.hypot(x + 0.5 - s / 2, y + 0.5 - s / 2);
      out[i + 3] = Math.round(255 * Math.max(0, Math.min(1, r - d + 0.5)));
    }
  }
  return { width: s, height: s, pixels: out };
}
