import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { ffmpegPath, runFfmpeg } from './ffmpeg.ts';
import { FPS } from './layout.ts';
import { killOnExit, toolCommand } from './tools.ts';

// The files of a video avatar (docs/decisions/219-video-avatars.md): the clip decoded once at the
// loop's size and at the mesh's, the loop encoded from those frames, the reference frame's pictures.

/** Keyframe spacing of the stored loop: a render starts anywhere in it decoding at most this many extra frames. */
export const LOOP_KEY_INTERVAL = FPS;

/** The first `seconds` of the clip through `filters` (no sound): raw YUV 4:2:0 at the loop's size, raw RGB24 at the mesh's. */
export async function decodeClip(source: string, seconds: number, filters: string, small: { Wd: number; Hd: number }, yuv: string, rgb: string) {
  const graph = `[0:v]${filters},split[a][b];[a]format=yuv420p[full];[b]scale=${small.Wd}:${small.Hd}:flags=bilinear,format=rgb24[small]`;
  const args = ['-t', seconds.toFixed(2), '-i', source, '-an', '-filter_complex', graph];
  args.push(...'-map [full] -f rawvideo -pix_fmt yuv420p'.split(' '), yuv, ...'-map [small] -f rawvideo -pix_fmt rgb24'.split(' '), rgb);
  await runFfmpeg(args, { timeoutMs: 180_000, label: 'clip decoding' });
}

/** Frames into an H.264 loop, in the order given, from a raw YUV 4:2:0 file (no sound; a keyframe every second). */
export async function encodeLoop(raw: string, w: number, h: number, order: number[], out: string): Promise<void> {
  const size = (w * h * 3) / 2;
  const cmd = [
    ffmpegPath(),
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    'error',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-s',
    `${w}x${h}`,
    '-r',
    String(FPS),
  ];
  cmd.push('-i', 'pipe:0', '-an', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p');
  cmd.push('-g', String(LOOP_KEY_INTERVAL), '-keyint_min', String(LOOP_KEY_INTERVAL), '-sc_threshold', '0', '-movflags', '+faststart', out);
  const proc = Bun.spawn(toolCommand(cmd), { stdin: 'pipe', stdout: 'ignore', stderr: 'pipe' });
  killOnExit(proc);
  const timer = setTimeout(() => proc.kill('SIGKILL'), 180_000);
  const err = new Response(proc.stderr).text();
  try {
    const file = Bun.file(raw);
    for (const i of order) {
      proc.stdin.write(new Uint8Array(await file.slice(i * size, (i + 1) * size).arrayBuffer()));
      await proc.stdin.flush();
    }
    await proc.stdin.end();
  } catch {
    // The encoder died: its exit code and log say why.
  }
  const code = await proc.exited;
  clearTimeout(timer);
  if (code !== 0) throw new MediaError('FFMPEG_FAILED', `loop encoding failed (exit code ${code})`, { details: (await err).slice(-2000) });
}

/** The reference frame as a PNG (the avatar's picture) and a face-centred 512 px square of it (the library card). */
export async function writePoster(
  yuv: string,
  size: { W: number; H: number },
  reference: number,
  face: { x: number; y: number; w: number; h: number },
  workDir: string,
) {
  const { W, H } = size;
  const side = Math.floor(Math.min(W, H, face.h * 2.4) / 2) * 2;
  const sx = Math.round(Math.max(0, Math.min(W - side, face.x + face.w / 2 - side / 2)));
  const sy = Math.round(Math.max(0, Math.min(H - side, face.y + face.h / 2 - side * 0.45)));
  const bytes = (W * H * 3) / 2;
  const one = join(workDir, 'reference.yuv');
  // Bytes, not the sliced file: Bun 1.4 writes a sliced file whole.
  await Bun.write(
    one,
    await Bun.file(yuv)
      .slice(reference * bytes, (reference + 1) * bytes)
      .arrayBuffer(),
  );
  const posterPath = join(workDir, 'poster.png');
  const squarePath = join(workDir, 'square.png');
  const graph = `[0:v]split[a][b];[b]crop=${side}:${side}:${sx}:${sy},scale=512:512:flags=lanczos[sq]`;
  const args = [...'-f rawvideo -pix_fmt yuv420p -s'.split(' '), `${W}x${H}`, '-i', one, '-filter_complex', graph];
  args.push(...'-map [a] -frames:v 1'.split(' '), posterPath, ...'-map [sq] -frames:v 1'.split(' '), squarePath);
  await runFfmpeg(args, { timeoutMs: 30_000, label: 'poster' });
  return { posterPath, squarePath };
}
