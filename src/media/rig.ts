import { join } from 'node:path';
import type { EyeState } from './avatar-art.ts';
import type { MouthPose } from './visemes.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface RgbaImage {
  width: number;
  height: number;
  /** Straight (non-premultiplied) RGBA, row-major. */
  pixels: Uint8Array;
}

/**
 * What the compositor needs to animate a presenter, whatever it is drawn from (a stock character or a
 * photo): a still layer that does not move (body), a head sprite that tilts about a pivot, and two
 * patch areas inside the head sprite whose images change per frame (mouth; eyes + brows).
 */
export interface Rig {
  /** Side of the square avatar box in the frame, px. */
  size: number;
  /** RGBA image of the avatar box minus the head (stock) — absent when the whole picture moves (photo). */
  bodyFile?: string;
  /**
   * The head (padded so a small tilt never clips it) turned by each `step` × ANGLE_STEP degrees, one
   * file per step: turned once per angle and scene (one ffmpeg run for all), because a per-frame
   * `rotate` in the render graph cost 6 ms a frame at 720p.
   */
  headFiles(steps: number[]): Promise<Map<number, string>>;
  /** Where the head sprite sits in the avatar box when still. */
  head: Box;
  /** Point of the head sprite that stays put when it tilts (the neck), sprite coordinates. */
  pivot: { x: number; y: number };
  /** Patch areas in sprite coordinates; the patches are laid over the (tilted) head, edges feathered. */
  mouth: Box;
  upper: Box;
  /** Writes (once) the mouth patch for a pose and returns its file name in the scene directory. */
  mouthFile(key: string, pose: MouthPose): Promise<string>;
  /** A rig that draws its mouths at render time snaps the raw pose itself, on a finer grid (more distinct mouths). */
  mouthFileFor?(raw: MouthPose): Promise<string>;
  /** Draws the mouths of these raw poses ahead, off the event loop and over the render's cores (photo rigs). */
  prepareMouths?(raws: MouthPose[]): Promise<void>;
  upperFile(eyes: EyeState, browsRaised: boolean): Promise<string>;
  /** How far the head may tilt (degrees) and shift (fraction of size): photos move less than drawings. */
  motionScale: number;
  /**
   * A photo filling the frame: `file` is a layer `margin` px larger than the frame on every side; the
   * frame is cropped out of it at a moving offset (the whole picture moves, it never tilts) and the
   * patches (layer coordinates, `mouth` and `upper`) move with it.
   */
  frame?: { file: string; margin: number };
  /** Lowest row (sprite / layer coordinates) the mouth and chin reach when the jaw is open, when the patch area runs below it. */
  mouthLow?: number;
}

/** Head tilts are drawn in steps of this many degrees. */
export const ANGLE_STEP = 0.25;

/** PAM with alpha: ffmpeg reads it without a PNG decode (a few KB per patch). */
export function encodePamRgba(image: RgbaImage, box: Box = { x: 0, y: 0, w: image.width, h: image.height }): Uint8Array {
  const header = new TextEncoder().encode(`P7\nWIDTH ${box.w}\nHEIGHT ${box.h}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`);
  const out = new Uint8Array(header.length + box.w * box.h * 4);
  out.set(header);
  let o = header.length;
  for (let row = box.y; row < box.y + box.h; row++) {
    const from = (row * image.width + box.x) * 4;
    out.set(image.pixels.subarray(from, from + box.w * 4), o);
    o += box.w * 4;
  }
  return out;
}

/** Writes each distinct file once per scene, even when segments of a batch ask for it again. */
export interface FileCache {
  (name: string, produce: () => Uint8Array | Promise<Uint8Array>): Promise<string>;
  /** Whether `name` is made or being made. */
  has(name: string): boolean;
  /** Records `name` as made by someone else (a worker wrote it into the directory). */
  made(name: string): void;
}

export function fileCache(workDir: string): FileCache {
  const made = new Map<string, Promise<string>>();
  const cache = (name: string, produce: () => Uint8Array | Promise<Uint8Array>) => {
    let pending = made.get(name);
    if (!pending) {
      pending = (async () => {
        await Bun.write(join(workDir, name), await produce());
        return name;
      })();
      made.set(name, pending);
    }
    return pending;
  };
  return Object.assign(cache, {
    has: (name: string) => made.has(name),
    made: (name: string) => void made.set(name, Promise.resolve(name)),
  });
}

export function crop(image: RgbaImage, box: Box): RgbaImage {
  const pixels = new Uint8Array(box.w * box.h * 4);
  for (let row = 0; row < box.h; row++) {
    const y = box.y + row;
    if (y < 0 || y >= image.height) continue;
    for (let col = 0; col < box.w; col++) {
      const x = box.x + col;
      if (x < 0 || x >= image.width) continue;
      const s = (y * image.width + x) * 4;
      const d = (row * box.w + col) * 4;
      pixels[d] = image.pixels[s] as number;
      pixels[d + 1] = image.pixels[s + 1] as number;
      pixels[d + 2] = image.pixels[s + 2] as number;
      pixels[d + 3] = image.pixels[s + 3] as number;
    }
  }
  return { width: box.w, height: box.h, pixels };
}

/**
 * Colour of transparent pixels taken from their opaque neighbours (a few passes): turning or scaling
 * straight-alpha images then blends edges with the right colour instead of a dark fringe.
 */
export function bleedEdges(image: RgbaImage, passes = 3): RgbaImage {
  const { width: w, height: h } = image;
  const px = new Uint8Array(image.pixels);
  for (let pass = 0; pass < passes; pass++) {
    const src = new Uint8Array(px);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 4;
        if ((src[i + 3] as number) > 0 || (pass > 0 && ((src[i] as number) | (src[i + 1] as number) | (src[i + 2] as number)) > 0)) continue;
        let r = 0;
        let g = 0;
        let b = 0;
        let n = 0;
        for (const [dx, dy] of [
          [1, 0],
          [-1, 0],
          [0, 1],
          [0, -1],
        ] as const) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= w || yy >= h) continue;
          const j = (yy * w + xx) * 4;
          if ((src[j + 3] as number) === 0 && ((src[j] as number) | (src[j + 1] as number) | (src[j + 2] as number)) === 0) continue;
          r += src[j] as number;
          g += src[j + 1] as number;
          b += src[j + 2] as number;
          n++;
        }
        if (n) (px[i] = Math.round(r / n)), (px[i + 1] = Math.round(g / n)), (px[i + 2] = Math.round(b / n));
      }
    }
  }
  return { width: w, height: h, pixels: px };
}

/** Writes the missing turned copies of `sourceFile` (PAM RGBA in workDir) in one ffmpeg run. */
export function headTurner(workDir: string, sourceFile: string): (steps: number[]) => Promise<Map<number, string>> {
  const made = new Map<number, string>();
  return async (steps) => {
    const missing = [...new Set(steps)].filter((s) => !made.has(s)).sort((a, b) => a - b);
    if (missing.length) {
      const { runFfmpeg } = await import('./ffmpeg.ts');
      const labels = missing.map((_, i) => `[t${i}]`);
      const graph = [`[0:v]format=rgba,split=${missing.length}${labels.join('')}`];
      const args: string[] = ['-i', sourceFile];
      const outputs: string[] = [];
      for (const [i, step] of missing.entries()) {
        graph.push(`[t${i}]rotate=a=${((step * ANGLE_STEP * Math.PI) / 180).toFixed(6)}:c=none:ow=iw:oh=ih[r${i}]`);
        outputs.push('-map', `[r${i}]`, '-frames:v', '1', '-c:v', 'pam', '-pix_fmt', 'rgba', '-f', 'image2', `head-${step}.pam`);
      }
      await runFfmpeg([...args, '-filter_complex', graph.join(';'), ...outputs], { cwd: workDir, timeoutMs: 60_000, label: 'head poses' });
      for (const step of missing) made.set(step, `head-${step}.pam`);
    }
    return new Map(steps.map((s) => [s, made.get(s) as string]));
  };
}

/**
 * The image turned by `degrees` (clockwise on screen) about its centre, same size, bilinear on
 * premultiplied alpha (no dark fringes). Done once per angle step per scene, not per frame.
 */
export function rotateRgba(image: RgbaImage, degrees: number): RgbaImage {
  const { width: w, height: h, pixels: src } = image;
  if (degrees === 0) return image;
  const out = new Uint8Array(src.length);
  const theta = (degrees * Math.PI) / 180;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < w; x++) {
      const dx = x + 0.5 - cx;
      // Inverse rotation: where this output pixel comes from.
      const sx = cos * dx + sin * dy + cx - 0.5;
      const sy = -sin * dx + cos * dy + cy - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < -1 || y0 < -1 || x0 >= w || y0 >= h) continue;
      const fx = sx - x0;
      const fy = sy - y0;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < 4; k++) {
        const px = x0 + (k & 1);
        const py = y0 + (k >> 1);
        if (px < 0 || py < 0 || px >= w || py >= h) continue;
        const weight = (k & 1 ? fx : 1 - fx) * (k >> 1 ? fy : 1 - fy);
        const i = (py * w + px) * 4;
        const alpha = ((src[i + 3] as number) / 255) * weight;
        r += (src[i] as number) * alpha;
        g += (src[i + 1] as number) * alpha;
        b += (src[i + 2] as number) * alpha;
        a += alpha;
      }
      if (a <= 0) continue;
      const o = (y * w + x) * 4;
      out[o] = Math.round(r / a);
      out[o + 1] = Math.round(g / a);
      out[o + 2] = Math.round(b / a);
      out[o + 3] = Math.round(a * 255);
    }
  }
  return { width: w, height: h, pixels: out };
}

/** Alpha fades to 0 over `px` pixels at the border: a patch laid unrotated on a slightly tilted head leaves no edge. */
export function featherEdges(image: RgbaImage, px: number): RgbaImage {
  const { width: w, height: h } = image;
  const pixels = new Uint8Array(image.pixels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const d = Math.min(x + 0.5, y + 0.5, w - x - 0.5, h - y - 0.5);
      if (d >= px) continue;
      const i = (y * w + x) * 4 + 3;
      pixels[i] = Math.round((pixels[i] as number) * (d / px));
    }
  }
  return { width: w, height: h, pixels };
}
