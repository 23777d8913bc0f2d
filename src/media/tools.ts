import { availableParallelism } from 'node:os';

// How the render engine's helper processes (ffmpeg, the eSpeak and face workers) share the machine
// with the web: they run at a lower priority (`nice`) and ffmpeg's encoder and filter threads are
// bounded so that RENDER_CONCURRENCY renders together use about the cores there are. Read from the
// environment at each spawn (a pure function, no state): env.ts validates the same variables at
// start-up and documents them. See docs/decisions/186-render-priority.md.

export type ToolLimits = {
  /** Added niceness of every helper process (0: same priority as the app). */
  nice: number;
  /** ffmpeg threads per process (encoder and filters). */
  threads: number;
};

/** Renders per worker process by default: every core but one (which stays for the web and the queue), at least one. */
export function defaultRenderConcurrency(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

function int(value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** The limits from RENDER_NICE (default 10), RENDER_THREADS (default: the cores shared by RENDER_CONCURRENCY renders). */
export function toolLimits(source: Record<string, string | undefined> = process.env, cores = availableParallelism()): ToolLimits {
  const concurrency = int(source.RENDER_CONCURRENCY, 1, 64) ?? defaultRenderConcurrency(cores);
  return {
    nice: int(source.RENDER_NICE, 0, 19) ?? 10,
    threads: int(source.RENDER_THREADS, 1, 64) ?? Math.max(1, Math.floor(cores / concurrency)),
  };
}

/** The command line run under `nice -n N` when a niceness is asked for and `nice` exists (Linux, macOS). */
export function niced(cmd: string[], limits: ToolLimits, nicePath: string | null): string[] {
  return limits.nice > 0 && nicePath ? [nicePath, '-n', String(limits.nice), ...cmd] : cmd;
}

/**
 * ffmpeg's own arguments with the thread bounds: filter threads as global options, encoder threads
 * as an option of the output (the last argument is always the output file).
 */
export function boundedFfmpegArgs(args: string[], limits: ToolLimits): string[] {
  if (args.length === 0) return args;
  const t = String(limits.threads);
  return ['-filter_threads', t, '-filter_complex_threads', t, ...args.slice(0, -1), '-threads', t, args.at(-1)!];
}

/** The command line of a helper process: at the lowered priority (see `niced`). */
export function toolCommand(cmd: string[]): string[] {
  return niced(cmd, toolLimits(), Bun.which('nice'));
}

/**
 * Kills the helper if this process exits first (a worker stopped past its grace period), so no
 * orphaned encoder keeps a core busy.
 */
export function killOnExit(proc: { kill(signal?: number | NodeJS.Signals): void; exited: Promise<number> }): void {
  const kill = () => proc.kill('SIGKILL');
  process.once('exit', kill);
  void proc.exited.finally(() => process.off('exit', kill));
}

/**
 * How long a speech engine run may take before it is killed as wedged. The engines speak far faster
 * than real time when the machine is free, but they start by compiling their WebAssembly, and on a
 * busy machine (a send rendering beside the web, CI's two suites on two cores) a run of a few
 * sentences has taken over 20 s: a tight deadline turned load into failed videos.
 */
export const speechDeadlineMs = (totalChars: number) => 120_000 + totalChars * 100;
