import { join } from 'node:path';
import { MOUTH_REGION } from '../media/avatar-art.ts';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { FPS, placeAvatar } from '../media/layout.ts';
import { decodeSound } from './sound.ts';

// Lip-sync as bench/liveliness.ts measures it, from a rendered file's pixels and sound: per video
// frame, the Pearson correlation between the sound's RMS and the mouth's opening (dark pixels of the
// mouth interior inside the mouth's area of the picture). Also at shifted lags, so a mouth that moves
// early or late (timings not moved with the sound) shows as a best lag other than 0.

export type Box = { x: number; y: number; w: number; h: number };

export function pearson(a: number[], b: number[]): number {
  const n = Math.min(a.length, b.length);
  const ma = a.slice(0, n).reduce((s, v) => s + v, 0) / n;
  const mb = b.slice(0, n).reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += ((a[i] as number) - ma) * ((b[i] as number) - mb);
    da += ((a[i] as number) - ma) ** 2;
    db += ((b[i] as number) - mb) ** 2;
  }
  return num / Math.sqrt(da * db || 1);
}

/** The stock presenter's mouth area in a frame of this size (with a margin for head motion). */
export function stockMouthBox(width: number, height: number, margin = 4): Box {
  const place = placeAvatar({ width, height, kind: 'stock' });
  const k = place.size / 280;
  return {
    x: Math.round(place.x + (MOUTH_REGION.x - margin) * k),
    y: Math.round(place.y + (MOUTH_REGION.y - margin) * k),
    w: Math.round((MOUTH_REGION.w + 2 * margin) * k),
    h: Math.round((MOUTH_REGION.h + 2 * margin) * k),
  };
}

/** Dark pixels (luma under `darkBelow`) of `box` in every frame: only that area is decoded. */
export async function mouthOpening(video: string, box: Box, dir: string, darkBelow = 70): Promise<number[]> {
  const out = join(dir, `${crypto.randomUUID()}.rgb`);
  await runFfmpeg(['-i', video, '-vf', `crop=${box.w}:${box.h}:${box.x}:${box.y}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24', out], {
    timeoutMs: 120_000,
    label: 'decode mouth',
  });
  const rgb = new Uint8Array(await Bun.file(out).arrayBuffer());
  const size = box.w * box.h * 3;
  const count = Math.floor(rgb.length / size);
  return Array.from({ length: count }, (_, f) => {
    let dark = 0;
    for (let i = f * size; i < (f + 1) * size; i += 3) {
      if (0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number) < darkBelow) dark++;
    }
    return dark;
  });
}

/** RMS of the decoded sound under each video frame. */
export async function frameLoudness(video: string, dir: string, frames: number): Promise<number[]> {
  const pcm = await decodeSound(video, dir);
  const per = 48_000 / FPS;
  return Array.from({ length: frames }, (_, f) => {
    let sum = 0;
    for (let i = f * per; i < Math.min(pcm.length, (f + 1) * per); i++) sum += ((pcm[i] as number) / 32768) ** 2;
    return Math.sqrt(sum / per);
  });
}

/** r at lag 0 and the lag (in frames, mouth after sound when positive) where r is highest, within ±maxLag. */
export async function lipSync(video: string, box: Box, dir: string, maxLag = 10): Promise<{ r: number; bestLag: number; bestR: number }> {
  const mouth = await mouthOpening(video, box, dir);
  const sound = await frameLoudness(video, dir, mouth.length);
  const at = (lag: number) =>
    lag >= 0 ? pearson(sound.slice(0, sound.length - lag), mouth.slice(lag)) : pearson(sound.slice(-lag), mouth.slice(0, mouth.length + lag));
  let bestLag = 0;
  for (let lag = -maxLag; lag <= maxLag; lag++) if (at(lag) > at(bestLag)) bestLag = lag;
  return { r: at(0), bestLag, bestR: at(bestLag) };
}
