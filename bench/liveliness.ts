/**
 * How alive the presenters look, measured from the rendered files' pixels and sound (not from the
 * engine's plan): `bun bench/liveliness.ts`.
 * For a ~30 s English script, for a stock presenter and a talking photo (720p):
 *  - lip-sync: Pearson correlation, per video frame, between the audio's RMS and the mouth opening
 *    (dark pixels of the mouth interior inside the mouth's area of the picture) — goal ≥ 0.6;
 *  - distinct mouth shapes: frames' mouths clustered by shape (dark area, its width and height, teeth
 *    and tongue pixels) — goal ≥ 8;
 *  - blinks per minute: the eyes' dark pixels dropping below half their usual count — goal 10–25;
 *  - share of frames where something other than the mouth changes — goal ≥ 30 %;
 *  - render time (wall and CPU seconds, this machine is shared: CPU is the steadier figure);
 *  - face detection on a photo: time and peak memory of the detector process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { detectFaces } from '../src/media/face.ts';
import { runFfmpeg } from '../src/media/ffmpeg.ts';
import { placeAvatar, frameSize } from '../src/media/layout.ts';
import { MOUTH_REGION, UPPER_REGION } from '../src/media/avatar-art.ts';
import { preparePhotoAvatar } from '../src/media/photo-prepare.ts';
import { frameFaceBoxes } from '../src/media/photo-frame.ts';
import { renderTalkingVideo } from '../src/media/render.ts';
import type { AvatarInput } from '../src/media/render.ts';
import { portraitJpeg } from '../src/test/faces.ts';
import { pearson } from '../src/test/lip-sync.ts';
import { cpuSeconds, peakTreeRss } from './lib/proc.ts';

const SCRIPT =
  'Hi Maria, thanks for taking a minute to watch this. I made this short video to show you how our platform helps sales teams reach more customers with less effort. ' +
  'First, you write one script, and the studio turns it into a video with a presenter and your brand colours. ' +
  'Second, every contact gets a version that greets them by name. Would that be useful for your team? ' +
  'If it sounds good, reply to this message and we will find a time for a short call.';

type Box = { x: number; y: number; w: number; h: number };
const W = 1280;
const H = 720;
const FPS = 25;

async function frames(video: string, dir: string): Promise<{ rgb: Uint8Array; count: number }> {
  await runFfmpeg(['-i', video, '-f', 'rawvideo', '-pix_fmt', 'rgb24', join(dir, 'frames.rgb')], { timeoutMs: 300_000, label: 'decode' });
  const rgb = new Uint8Array(await Bun.file(join(dir, 'frames.rgb')).arrayBuffer());
  return { rgb, count: Math.floor(rgb.length / (W * H * 3)) };
}

async function audioRms(video: string, dir: string, count: number): Promise<number[]> {
  await runFfmpeg(['-i', video, '-f', 's16le', '-ac', '1', '-ar', '48000', join(dir, 'audio.pcm')], { timeoutMs: 60_000, label: 'audio' });
  const bytes = new Uint8Array(await Bun.file(join(dir, 'audio.pcm')).arrayBuffer());
  const pcm = new Int16Array(bytes.buffer, 0, Math.floor(bytes.length / 2));
  const per = 48_000 / FPS;
  return Array.from({ length: count }, (_, f) => {
    let sum = 0;
    for (let i = f * per; i < Math.min(pcm.length, (f + 1) * per); i++) sum += ((pcm[i] as number) / 32768) ** 2;
    return Math.sqrt(sum / per);
  });
}

/** Per frame: the mouth's shape features read from the pixels of `box`. */
function mouthFeatures(rgb: Uint8Array, f: number, box: Box, darkBelow: number) {
  let dark = 0;
  let teeth = 0;
  let tongue = 0;
  let minX = Infinity;
  let maxX = -1;
  let minY = Infinity;
  let maxY = -1;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = ((f * H + y) * W + x) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      const luma = 0.299 * r + 0.587 * g + 0.114 * b;
      if (luma < darkBelow) {
        dark++;
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      } else if (luma > 200 && Math.abs(r - g) < 30 && Math.abs(g - b) < 30) teeth++;
      else if (r > 170 && g < 110 && b < 140) tongue++;
    }
  }
  return { dark, teeth, tongue, width: maxX >= minX ? maxX - minX + 1 : 0, height: maxY >= minY ? maxY - minY + 1 : 0 };
}

function darkCount(rgb: Uint8Array, f: number, box: Box, below: number): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      const i = ((f * H + y) * W + x) * 3;
      if (0.299 * (rgb[i] as number) + 0.587 * (rgb[i + 1] as number) + 0.114 * (rgb[i + 2] as number) < below) n++;
    }
  }
  return n;
}

/** Greedy clustering of shape features; a shape counts when at least two frames show it. */
function distinctShapes(features: ReturnType<typeof mouthFeatures>[], scale: number): number {
  const clusters: { f: ReturnType<typeof mouthFeatures>; n: number }[] = [];
  for (const f of features) {
    const d = (a: typeof f) =>
      Math.abs(a.width - f.width) / (3 * scale) +
      Math.abs(a.height - f.height) / (2 * scale) +
      Math.abs(Math.sqrt(a.teeth) - Math.sqrt(f.teeth)) / (2 * scale) +
      Math.abs(Math.sqrt(a.tongue) - Math.sqrt(f.tongue)) / (2 * scale);
    const near = clusters.find((c) => d(c.f) < 1);
    if (near) near.n++;
    else clusters.push({ f, n: 1 });
  }
  return clusters.filter((c) => c.n >= 2).length;
}

async function measure(name: string, avatar: AvatarInput, mouth: Box, eyes: Box, darkMouth: number, darkEyes: number, scale: number) {
  const dir = await mkdtemp(join(tmpdir(), `liveliness-${name}-`));
  Bun.gc(true);
  try {
    const cpu0 = cpuSeconds();
    const started = performance.now();
    const peak = peakTreeRss();
    const r = await renderTalkingVideo({
      script: SCRIPT,
      voiceId: 'local-en-female',
      avatar,
      background: { kind: 'color', color: '#1e3a8a' },
      resolution: '720p',
      aspectRatio: 'landscape',
      captions: 'burned',
      workDir: join(dir, 'out'),
    });
    const wall = (performance.now() - started) / 1000;
    const cpu = cpuSeconds() - cpu0;
    const peakMb = peak.stop() / 1e6;
    const { rgb, count } = await frames(r.videoPath, dir);
    const rms = await audioRms(r.videoPath, dir, count);
    const mouths = Array.from({ length: count }, (_, f) => mouthFeatures(rgb, f, mouth, darkMouth));
    const correlation = pearson(
      rms,
      mouths.map((m) => m.dark),
    );
    const shapes = distinctShapes(mouths, scale);
    const eyeDark = Array.from({ length: count }, (_, f) => darkCount(rgb, f, eyes, darkEyes));
    const typical = [...eyeDark].sort((a, b) => a - b)[Math.floor(count / 2)] as number;
    // A blink: the eyes' dark pixels fall below half their usual count; a quick double blink counts once.
    let blinks = 0;
    let last = -Infinity;
    for (let f = 0; f < count; f++) {
      if ((eyeDark[f] as number) < typical * 0.5 && f - last > FPS / 2) blinks++;
      if ((eyeDark[f] as number) < typical * 0.5) last = f;
    }
    // Something other than the mouth changed: > 0.2 % of the pixels outside the mouth's area moved by > 12 levels.
    let moving = 0;
    for (let f = 1; f < count; f++) {
      let changed = 0;
      for (let y = 0; y < H; y += 2) {
        for (let x = 0; x < W; x += 2) {
          if (x >= mouth.x && x < mouth.x + mouth.w && y >= mouth.y && y < mouth.y + mouth.h) continue;
          const i = ((f * H + y) * W + x) * 3;
          const j = (((f - 1) * H + y) * W + x) * 3;
          if (Math.abs((rgb[i] as number) - (rgb[j] as number)) + Math.abs((rgb[i + 1] as number) - (rgb[j + 1] as number)) > 24) changed++;
        }
      }
      if (changed > (W * H) / 4 / 500) moving++;
    }
    const minutes = count / FPS / 60;
    console.log(
      `${name.padEnd(6)} ${r.durationSec.toFixed(1)} s video | lip-sync r = ${correlation.toFixed(2)} | mouth shapes ${shapes} | blinks ${(blinks / minutes).toFixed(1)}/min | frames with motion beyond the mouth ${((moving / (count - 1)) * 100).toFixed(0)} % | render ${wall.toFixed(1)} s wall (${(wall / r.durationSec).toFixed(2)}×), ${cpu.toFixed(1)} CPU s (${(cpu / r.durationSec).toFixed(2)} CPU s per video s), peak ${peakMb.toFixed(0)} MB`,
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const scratch = await mkdtemp(join(tmpdir(), 'liveliness-'));
try {
  // Stock presenter: the mouth and eye areas from the layout (where the face is), opening from pixels.
  const place = placeAvatar({ ...frameSize('720p', 'landscape'), kind: 'stock' });
  const k = place.size / 280;
  const grow = (r: Box, m: number): Box => ({
    x: Math.round(place.x + (r.x - m) * k),
    y: Math.round(place.y + (r.y - m) * k),
    w: Math.round((r.w + 2 * m) * k),
    h: Math.round((r.h + 2 * m) * k),
  });
  await measure('stock', { kind: 'stock', index: 10 }, grow(MOUTH_REGION, 4), grow({ x: UPPER_REGION.x, y: 98, w: UPPER_REGION.w, h: 32 }, 3), 70, 110, k);

  // Talking photo: the same preparation as an upload (detection timed), then the same measures.
  await Bun.write(join(scratch, 'portrait.jpg'), await portraitJpeg());
  Bun.gc(true);
  const peak = peakTreeRss({ childrenOnly: true });
  const t0 = performance.now();
  const detected = await detectFaces(join(scratch, 'portrait.jpg'), scratch);
  console.log(
    `face detection (${detected.width}×${detected.height} photo, ${detected.faces.length} face): ${((performance.now() - t0) / 1000).toFixed(2)} s wall including the detector's start-up, peak ${(peak.stop() / 1e6).toFixed(0)} MB for the detector process`,
  );
  const photo = await preparePhotoAvatar(join(scratch, 'portrait.jpg'), scratch);
  await Bun.write(join(scratch, 'portrait.png'), photo.picture);
  const boxes = frameFaceBoxes(photo.meta, W, H);
  // The mouth's opening is read in the middle of the lips' area (the patch also holds the chin and jaw).
  const m = boxes.mouth;
  const lips: Box = { x: Math.round(m.x + m.w * 0.3), y: Math.round(m.y + m.h * 0.2), w: Math.round(m.w * 0.4), h: Math.round(m.h * 0.35) };
  await measure('photo', { kind: 'photo', imagePath: join(scratch, 'portrait.png'), rig: { meta: photo.meta } }, lips, boxes.eyes, 45, 60, boxes.face.w / 140);
} finally {
  await rm(scratch, { recursive: true, force: true });
}
