import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';
import type { RgbaImage } from './rig.ts';

/**
 * Decodes any picture ffmpeg reads into straight RGBA, scaled to cover width × height and centre-cropped
 * (or cropped first to `crop`, in source pixels). `scratch` is a directory for the one temporary file.
 */
export async function decodeRgba(
  path: string,
  width: number,
  height: number,
  scratch: string,
  crop?: { x: number; y: number; w: number; h: number },
): Promise<RgbaImage> {
  const out = join(scratch, `decode-${crypto.randomUUID()}.rgba`);
  const filters = [
    ...(crop ? [`crop=${crop.w}:${crop.h}:${crop.x}:${crop.y}`] : []),
    `scale=${width}:${height}:force_original_aspect_ratio=increase:flags=lanczos`,
    `crop=${width}:${height}`,
    'format=rgba',
  ];
  try {
    await runFfmpeg(['-i', path, '-frames:v', '1', '-vf', filters.join(','), '-f', 'rawvideo', '-pix_fmt', 'rgba', out], {
      timeoutMs: 30_000,
      label: 'picture decoding',
    });
    return { width, height, pixels: new Uint8Array(await Bun.file(out).arrayBuffer()) };
  } finally {
    await rm(out, { force: true });
  }
}
