// Photos with real faces for avatar tests, cut from the sample pictures that ship inside the
// @vladmandic/face-api npm package (nothing is checked in, nothing is downloaded).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import { encodePng } from '../media/png';

const SAMPLES = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

async function ffmpegImage(args: string[], ext: string): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'face-fixture-'));
  try {
    await runFfmpeg([...args, join(dir, `out.${ext}`)], { timeoutMs: 30_000, label: 'fixture' });
    return new Uint8Array(await Bun.file(join(dir, `out.${ext}`)).arrayBuffer());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One woman, head and shoulders, face ≈ 460 px: a photo that must be accepted. */
export function portraitJpeg(side = 1320): Promise<Uint8Array> {
  return ffmpegImage(['-i', join(SAMPLES, 'sample3.jpg'), '-vf', `crop=660:660:355:250,scale=${side}:${side}:flags=lanczos`, '-q:v', '3'], 'jpg');
}

/** Three friends on a sofa: several faces. */
export function groupJpeg(): Promise<Uint8Array> {
  return Bun.file(join(SAMPLES, 'sample1.jpg')).bytes();
}

/**
 * A "pixel bomb": a valid PNG header announcing 20,000 × 20,000 pixels (1.6 GB once decoded) with a
 * few bytes of data; it must be refused from its header, before anything decodes it.
 */
export function pixelBombPng(): Uint8Array {
  const png = encodePng({ width: 1, height: 1, pixels: new Uint8Array([200, 150, 120, 255]) });
  const view = new DataView(png.buffer, png.byteOffset);
  view.setUint32(16, 20_000);
  view.setUint32(20, 20_000);
  // Fix the IHDR checksum so readers accept the header.
  let c = 0xffffffff;
  for (let i = 12; i < 29; i++) {
    c ^= png[i] as number;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  view.setUint32(29, (c ^ 0xffffffff) >>> 0);
  return png;
}
