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

/**
 * Head-and-shoulders crops of two women in sample6.jpg at the picture's own resolution (no upscaling):
 * each holds one whole face, the neighbours' faces stay outside (their hair may show at an edge).
 */
const SMILE_CROP = { x: 545, y: 110, w: 600, h: 900 };
const CLOSED_CROP = { x: 30, y: 250, w: 600, h: 900 };

const cut = (c: { x: number; y: number; w: number; h: number }) =>
  ffmpegImage(['-i', join(SAMPLES, 'sample6.jpg'), '-vf', `crop=${c.w}:${c.h}:${c.x}:${c.y}`, '-q:v', '2'], 'jpg');

/** An open smile showing the teeth, front-facing, face box ≈ 290 px high (600 × 900 JPEG). */
export function smilePortraitJpeg(): Promise<Uint8Array> {
  return cut(SMILE_CROP);
}

/** A closed-mouth smile, face box ≈ 275 px high (600 × 900 JPEG). */
export function closedPortraitJpeg(): Promise<Uint8Array> {
  return cut(CLOSED_CROP);
}

/** `amp·sin(2π·t/period + phase)` as an ffmpeg expression of the frame number `in` at 25 fps. */
const wave = (amp: number, period: number, phase: number) => `${amp}*sin(2*PI*in/25/${period}+${phase})`;

/**
 * A clip "filmed" from the smile portrait: the picture drifts a few pixels, zooms ±1.5 % and turns ±1°,
 * each along sums of sines of unrelated periods, so the speed keeps changing and consecutive frames
 * differ (600 × 900, 25 fps, H.264, no sound). The mouth itself never moves.
 */
export async function portraitClipMp4(seconds = 10): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'face-clip-'));
  try {
    await Bun.write(join(dir, 'smile.jpg'), await smilePortraitJpeg());
    const { w, h } = SMILE_CROP;
    const dx = `(${wave(4, 6.1, 0.3)}+${wave(1.5, 2.7, 1.1)})`;
    const dy = `(${wave(2.5, 4.9, 2)}+${wave(1, 3.3, 0)})`;
    // Zoomed in by 5 % so the turned, shifted picture always covers the frame.
    const z = `(1.05*(1+${wave(0.015, 7.3, 0.5)}))`;
    const a = `(${wave(0.0175, 5.7, 1.7)})`;
    // Source point sent to the destination corner (qx, qy): centre + shift + rotation of the corner's offset / zoom.
    const corner = (qx: number, qy: number) => {
      const ux = `(${qx - w / 2})/${z}`;
      const uy = `(${qy - h / 2})/${z}`;
      return [`${w / 2}+${dx}+cos(${a})*${ux}-sin(${a})*${uy}`, `${h / 2}+${dy}+sin(${a})*${ux}+cos(${a})*${uy}`];
    };
    const pts = [corner(0, 0), corner(w, 0), corner(0, h), corner(w, h)].flat();
    const perspective = `perspective=${pts.map((e, i) => `${i % 2 ? 'y' : 'x'}${i >> 1}='${e}'`).join(':')}:interpolation=cubic:eval=frame`;
    const out = join(dir, 'clip.mp4');
    await runFfmpeg(
      [
        '-loop',
        '1',
        '-framerate',
        '25',
        '-i',
        join(dir, 'smile.jpg'),
        '-t',
        String(seconds),
        '-vf',
        `${perspective},format=yuv420p`,
        '-an',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '18',
        '-r',
        '25',
        out,
      ],
      { timeoutMs: 120_000, label: 'portrait clip' },
    );
    return new Uint8Array(await Bun.file(out).arrayBuffer());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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

/**
 * A fully valid, decodable PNG of `width` × `height` black pixels (1-bit grey, every row zero,
 * deflated): 20,000 × 20,000 is ~50 KB on disk and 1.6 GB in a decoder's RGBA.
 */
export function hugeBlankPng(width = 20_000, height = 20_000): Uint8Array {
  const crc = (bytes: Uint8Array) => Bun.hash.crc32(bytes);
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, data.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(data, 8);
    v.setUint32(8 + data.length, crc(out.subarray(4, 8 + data.length)));
    return out;
  };
  const ihdr = new Uint8Array(13);
  const v = new DataView(ihdr.buffer);
  v.setUint32(0, width);
  v.setUint32(4, height);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, no interlace
  const raw = new Uint8Array((1 + Math.ceil(width / 8)) * height); // filter byte 0 + zero pixels per row
  const idat = Bun.deflateSync(raw);
  const zlib = new Uint8Array(idat.length + 6);
  zlib.set([0x78, 0x01]);
  zlib.set(idat, 2);
  // Adler-32 of the raw data (all zeros: a = 1, b = length mod 65521).
  new DataView(zlib.buffer).setUint32(zlib.length - 4, ((raw.length % 65521) << 16) | 1);
  const parts = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib), chunk('IEND', new Uint8Array())];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A GIF whose logical screen announces 65,535 × 65,535 pixels (a one-pixel image inside). */
export function hugeGif(): Uint8Array {
  return new Uint8Array([
    ...new TextEncoder().encode('GIF89a'),
    0xff,
    0xff,
    0xff,
    0xff,
    0x80,
    0,
    0, // screen 65535 × 65535, global colour table of 2
    0,
    0,
    0,
    255,
    255,
    255,
    0x2c,
    0,
    0,
    0,
    0,
    1,
    0,
    1,
    0,
    0, // image descriptor 1 × 1
    2,
    2,
    0x44,
    0x01,
    0, // LZW data
    0x3b,
  ]);
}

/**
 * The portrait as a webcam sees it: 640×480 at 15 fps, the head drifting a few pixels from frame
 * to frame (a clip, not a still), the face ≈ 300 px wide and centred. `y4m` feeds Chromium's fake
 * camera (--use-file-for-fake-video-capture); `webm` (VP8) is what a browser's MediaRecorder makes.
 */
export async function webcamClip(out: string, opts: { seconds: number; format: 'y4m' | 'webm' }): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'face-fixture-'));
  try {
    const still = join(dir, 'portrait.jpg');
    await Bun.write(still, await portraitJpeg());
    // In the 1320 px portrait the face spans x 468–888, y 202–672: a 4:3 window of 896 × 672 around it.
    const crop = "crop=896:672:x='230+8*sin(2*PI*t/3)':y='101+6*sin(2*PI*t/4)',scale=640:480,format=yuv420p";
    const codec = opts.format === 'y4m' ? ['-f', 'yuv4mpegpipe'] : ['-c:v', 'libvpx', '-b:v', '1M', '-f', 'webm'];
    await runFfmpeg(['-loop', '1', '-framerate', '15', '-i', still, '-t', String(opts.seconds), '-vf', crop, ...codec, out], {
      timeoutMs: 120_000,
      label: 'fixture',
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
