// A real, tiny MP4 (1 s, 320×240, H.264 + AAC) made once per process with the
// ffmpeg binary, so fakes serve bytes that every video tool accepts.
import { accessSync, chmodSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';

let cached: Promise<Uint8Array<ArrayBuffer>> | undefined;

export function ffmpegPath(): string {
  const onPath = Bun.which('ffmpeg');
  if (onPath) return onPath;
  const require = createRequire(import.meta.url);
  const packaged: string = require('@ffmpeg-installer/ffmpeg').path;
  try {
    accessSync(packaged, constants.X_OK);
  } catch {
    chmodSync(packaged, 0o755); // some package managers drop the executable bit
  }
  return packaged;
}

export function getTestMp4(): Promise<Uint8Array<ArrayBuffer>> {
  cached ??= generate().catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

async function generate(): Promise<Uint8Array<ArrayBuffer>> {
  const out = join(tmpdir(), `avatar-studio-fake-${process.pid}-${Date.now()}.mp4`);
  const proc = Bun.spawn(
    [
      ffmpegPath(),
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440',
      '-t',
      '1',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      '-y',
      out,
    ],
    { stdout: 'ignore', stderr: 'pipe' },
  );
  const [code, stderr] = await Promise.all([proc.exited, new Response(proc.stderr).text()]);
  if (code !== 0) throw new Error(`ffmpeg could not make the test MP4 (exit ${code}): ${stderr.slice(0, 500)}`);
  const file = Bun.file(out);
  const bytes = new Uint8Array(await file.arrayBuffer());
  await file.delete().catch(() => {});
  return bytes;
}

/** 1×1 transparent PNG for thumbnails. */
export const TINY_PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
