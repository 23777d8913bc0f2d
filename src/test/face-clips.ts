// Clips for video-avatar tests, made at test time with ffmpeg from the real portrait of faces.ts
// (nothing is checked in). The picture drifts, turns and breathes along sums of sines with
// unrelated periods, so consecutive frames differ and no stretch of the clip repeats another; the
// sound is a loud 440 Hz tone, which a video avatar must never let into a render.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dirname } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg';
import { portraitJpeg } from './faces';

/** A head-and-shoulders shot from the face-api package's sample3.jpg: one woman, face about a third of the height. */
const SAMPLE = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');

export type ClipFaces = 'one' | 'two' | 'none';

/** The gentle, non-periodic motion of a handheld portrait: rotation (radians) and a drifting crop. */
const ROTATE = "rotate=a='0.03*sin(2*PI*t/3.7)+0.012*sin(2*PI*t/1.3+1)':fillcolor=0x808080";
const DRIFT = (w: number, h: number, x: number, y: number) =>
  `crop=${w}:${h}:x='${x}+30*sin(2*PI*t/4.9)+12*sin(2*PI*t/2.1+0.5)':y='${y}+18*sin(2*PI*t/3.3+2)+6*sin(2*PI*t/1.7)'`;

/**
 * An MP4 (H.264 + AAC tone) of `seconds` at 25 fps, 960×720: one face (a head-and-shoulders
 * shot, face about 260 px high), two (two copies of it side by side) or none (moving colour bars and noise).
 */
export async function faceClipFile(dir: string, opts: { faces: ClipFaces; seconds: number; name?: string }): Promise<string> {
  const out = join(dir, opts.name ?? `clip-${opts.faces}-${opts.seconds}.mp4`);
  const t = opts.seconds.toFixed(2);
  const tone = ['-f', 'lavfi', '-i', `sine=frequency=440:sample_rate=48000:duration=${t}`];
  const enc = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', out];
  if (opts.faces === 'none') {
    await runFfmpeg(['-f', 'lavfi', '-i', `testsrc2=size=960x720:rate=25:duration=${t}`, ...tone, ...enc], {
      timeoutMs: 120_000,
      label: 'fixture clip',
    });
    return out;
  }
  // The still is cut once: a looped input decodes its picture again for every frame.
  const portrait = join(dir, 'clip-portrait.png');
  if (opts.faces === 'two') await Bun.write(portrait, await portraitJpeg(1100));
  else await runFfmpeg(['-i', SAMPLE, '-vf', 'crop=920:690:150:80', portrait], { timeoutMs: 30_000, label: 'fixture still' });
  const still = ['-loop', '1', '-framerate', '25', '-t', t, '-i', portrait];
  const vf =
    opts.faces === 'one'
      ? `${ROTATE},${DRIFT(840, 630, 40, 30)},scale=960:720`
      : `[0:v]scale=550:550,split[l][r];[l][r]hstack,pad=1100:825:0:137:color=0x808080,${ROTATE},${DRIFT(1000, 750, 50, 40)},scale=960:720`;
  await runFfmpeg([...still, ...tone, opts.faces === 'one' ? '-vf' : '-filter_complex', vf, ...enc], { timeoutMs: 180_000, label: 'fixture clip' });
  return out;
}

/** The clip's bytes (for uploads). */
export async function faceClipMp4(opts: { faces: ClipFaces; seconds: number }): Promise<Uint8Array> {
  const dir = await mkdtemp(join(tmpdir(), 'face-clip-'));
  try {
    return new Uint8Array(await Bun.file(await faceClipFile(dir, opts)).arrayBuffer());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
