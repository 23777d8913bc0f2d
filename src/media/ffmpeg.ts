import { accessSync, chmodSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { MediaError, type MediaSubject } from './errors.ts';
import { boundedFfmpegArgs, killOnExit, toolCommand, toolLimits } from './tools.ts';

const require = createRequire(import.meta.url);

export interface ProbeResult {
  formatName: string;
  durationSec: number;
  video?: { codec: string; width: number; height: number; pixFmt: string; fps: number; durationSec: number; frames: number };
  audio?: { codec: string; sampleRate: number; channels: number; durationSec: number };
  subtitleCodecs: string[];
}

export interface RunFfmpegOptions {
  cwd?: string;
  /** Hard limit; the process is killed (SIGKILL) past it so a job can never hang. */
  timeoutMs: number;
  /** Length of the output, needed to turn ffmpeg's out_time into a percentage. */
  durationSec?: number;
  onProgress?: (percent: number) => void;
  /** Short human label used in error messages ("render", "thumbnail"...). */
  label?: string;
  /** ffmpeg's log level (default `error`); `info` lets filters that report (loudnorm) print to the returned log. */
  logLevel?: 'error' | 'info';
}

const resolved: { ffmpeg?: string; ffprobe?: string } = {};

/** Packaged binaries may lack +x because Bun skips dependencies' postinstall scripts. */
function ensureExecutable(file: string): void {
  try {
    accessSync(file, constants.X_OK);
  } catch {
    chmodSync(file, statSync(file).mode | 0o111);
  }
}

function locate(tool: 'ffmpeg' | 'ffprobe'): string {
  const cached = resolved[tool];
  if (cached) return cached;
  const fromEnv = process.env[tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'];
  let found = fromEnv || Bun.which(tool) || undefined;
  if (!found) {
    // Required lazily: the installer packages throw at import time on unsupported platforms.
    try {
      const pkg = tool === 'ffmpeg' ? '@ffmpeg-installer/ffmpeg' : '@ffprobe-installer/ffprobe';
      const mod = require(pkg) as { path: string };
      ensureExecutable(mod.path);
      found = mod.path;
    } catch (cause) {
      throw new MediaError('BINARY_NOT_FOUND', `${tool} is not installed (no ${tool} on PATH and no packaged binary)`, { cause });
    }
  }
  resolved[tool] = found;
  return found;
}

export function ffmpegPath(): string {
  return locate('ffmpeg');
}

export function ffprobePath(): string {
  return locate('ffprobe');
}

/** Last lines of stderr, minus the fontconfig chatter the static build prints about newer system configs. */
function tail(text: string, lines = 12): string {
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('Fontconfig '))
    .slice(-lines)
    .join('\n');
}

/** Runs ffmpeg with `args` (without the binary), reporting progress from `-progress pipe:1`; resolves to its log (stderr). */
export async function runFfmpeg(args: string[], options: RunFfmpegOptions): Promise<string> {
  const label = options.label ?? 'ffmpeg';
  const cmd = [
    ffmpegPath(),
    '-hide_banner',
    '-nostdin',
    '-y',
    '-loglevel',
    options.logLevel ?? 'error',
    '-progress',
    'pipe:1',
    '-nostats',
    ...boundedFfmpegArgs(args, toolLimits()),
  ];
  const proc = Bun.spawn(toolCommand(cmd), {
    cwd: options.cwd,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  killOnExit(proc);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    proc.kill('SIGKILL');
  }, options.timeoutMs);
  const stderrText = new Response(proc.stderr).text();
  try {
    const decoder = new TextDecoder();
    let buffered = '';
    for await (const chunk of proc.stdout) {
      buffered += decoder.decode(chunk, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) reportProgress(line, options);
    }
    const code = await proc.exited;
    const stderr = await stderrText;
    if (timedOut) {
      throw new MediaError('FFMPEG_TIMEOUT', `${label} took longer than ${Math.round(options.timeoutMs / 1000)} s and was stopped`, { details: tail(stderr) });
    }
    if (code !== 0) throw new MediaError('FFMPEG_FAILED', `${label} failed (exit code ${code})`, { details: tail(stderr, 40) });
    return stderr;
  } finally {
    clearTimeout(timer);
  }
}

function reportProgress(line: string, options: RunFfmpegOptions): void {
  if (!options.onProgress || !options.durationSec) return;
  // out_time_us is the reliable field; older builds misname it out_time_ms but still count microseconds.
  const match = /^out_time_(?:us|ms)=(\d+)/.exec(line);
  if (match) {
    const percent = (Number(match[1]) / 1e6 / options.durationSec) * 100;
    options.onProgress(Math.max(0, Math.min(100, percent)));
  } else if (line === 'progress=end') {
    options.onProgress(100);
  }
}

/**
 * Decodes the first frame of a picture the user supplied, before it goes into a render: a file
 * that only looks like an image (right magic bytes, broken data) is named here, as what it is.
 */
export async function assertReadableImage(path: string, subject: MediaSubject): Promise<void> {
  const proc = Bun.spawn(toolCommand([ffmpegPath(), '-hide_banner', '-nostdin', '-v', 'error', '-i', path, '-frames:v', '1', '-f', 'null', '-']), {
    stdout: 'ignore',
    stderr: 'pipe',
  });
  killOnExit(proc);
  const timer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
  const [err, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  if (code !== 0)
    throw new MediaError('INVALID_INPUT', `The ${subject === 'avatar' ? 'avatar picture' : 'background image'} could not be read`, {
      subject,
      details: tail(err, 12),
    });
}

interface RawStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  avg_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  sample_rate?: string;
  channels?: number;
}

function ratio(text: string | undefined): number {
  const [num, den] = (text ?? '0/1').split('/').map(Number);
  return den ? (num ?? 0) / den : 0;
}

/** Reads container and stream facts with ffprobe's JSON output. */
export async function probe(path: string): Promise<ProbeResult> {
  const proc = Bun.spawn(toolCommand([ffprobePath(), '-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path]), {
    stdout: 'pipe',
    stderr: 'pipe',
  });
  killOnExit(proc);
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  if (code !== 0) throw new MediaError('PROBE_FAILED', 'A media file could not be read', { details: `${path}: ${tail(err, 12)}` });
  const json = JSON.parse(out) as { format?: { format_name?: string; duration?: string }; streams?: RawStream[] };
  const streams = json.streams ?? [];
  const v = streams.find((s) => s.codec_type === 'video');
  const a = streams.find((s) => s.codec_type === 'audio');
  return {
    formatName: json.format?.format_name ?? '',
    durationSec: Number(json.format?.duration ?? 0),
    video: v && {
      codec: v.codec_name ?? '',
      width: v.width ?? 0,
      height: v.height ?? 0,
      pixFmt: v.pix_fmt ?? '',
      fps: ratio(v.avg_frame_rate),
      durationSec: Number(v.duration ?? 0),
      frames: Number(v.nb_frames ?? 0),
    },
    audio: a && {
      codec: a.codec_name ?? '',
      sampleRate: Number(a.sample_rate ?? 0),
      channels: a.channels ?? 0,
      durationSec: Number(a.duration ?? 0),
    },
    subtitleCodecs: streams.filter((s) => s.codec_type === 'subtitle').map((s) => s.codec_name ?? ''),
  };
}
