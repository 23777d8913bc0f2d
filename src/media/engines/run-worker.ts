import { writeSync } from 'node:fs';
import { MediaError } from '../errors.ts';
import { killOnExit, speechDeadlineMs, toolCommand } from '../tools.ts';

/** Longest text one engine job takes: a script far past any the app accepts, well short of a runaway. */
export const MAX_JOB_CHARS = 20_000;
/** Longest audio one job may write (seconds): the worker stops there rather than fill the disk. */
export const MAX_JOB_AUDIO_SEC = 20 * 60;

/** What an engine worker writes for one job: a mono 16-bit WAV at wavPath and its length. */
export interface EngineAudio {
  sampleRate: number;
  sampleCount: number;
}

/**
 * Runs an engine's worker script in its own Bun process, as eSpeak's is run (tts.ts): JSON jobs on
 * stdin, JSON results on stdout, killed when it outlives a deadline that grows with the text.
 */
export async function runEngineWorker<Job extends { text: string }, Result>(
  label: string,
  script: string,
  jobs: Job[],
): Promise<{ results: Result[]; log: string }> {
  for (const job of jobs) {
    if (job.text.length > MAX_JOB_CHARS) throw new MediaError('INVALID_INPUT', `The script is too long for ${label} (at most ${MAX_JOB_CHARS} characters)`);
  }
  const totalChars = jobs.reduce((n, j) => n + j.text.length, 0);
  const proc = Bun.spawn(toolCommand([process.execPath, script]), { stdin: 'pipe', stdout: 'pipe', stderr: 'pipe', cwd: import.meta.dir });
  killOnExit(proc);
  proc.stdin.write(JSON.stringify({ jobs }));
  await proc.stdin.end();
  // The deadline only guards against a wedged process (speechDeadlineMs).
  const timer = setTimeout(() => proc.kill('SIGKILL'), speechDeadlineMs(totalChars));
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  clearTimeout(timer);
  if (code !== 0) throw new MediaError('TTS_FAILED', `Speech synthesis with ${label} failed (exit code ${code})`, { details: err.trim().slice(-2000) });
  // A WASI program prints straight to the process's stdout: the results are the line after the marker.
  const at = out.lastIndexOf(RESULTS);
  const results = at < 0 ? null : (JSON.parse(out.slice(at + RESULTS.length)) as Result[]);
  if (!Array.isArray(results) || results.length !== jobs.length) throw new MediaError('TTS_FAILED', `Speech synthesis with ${label} returned no result`);
  return { results, log: at < 0 ? out : out.slice(0, at) };
}

const RESULTS = '\n@@results ';

/** Marks where job `index`'s own output starts in the worker's stdout (synchronous: same fd as the engine's). */
export function markJob(index: number): void {
  writeSync(1, `\n@@job ${index}\n`);
}

/** Job i's share of the worker's stdout, between its mark and the next. */
export function jobLog(log: string, index: number): string {
  const from = log.indexOf(`\n@@job ${index}\n`);
  if (from < 0) return '';
  const start = from + `\n@@job ${index}\n`.length;
  const next = log.indexOf('\n@@job ', start);
  return log.slice(start, next < 0 ? undefined : next);
}

/** Worker side: reads the jobs, runs each, prints the results; any error ends the process with a message. */
export function serveJobs<Job, Result>(run: (jobs: Job[]) => Promise<Result[]>): void {
  (async () => {
    const { jobs } = JSON.parse(await Bun.stdin.text()) as { jobs: Job[] };
    const results = await run(jobs);
    writeSync(1, `${RESULTS}${JSON.stringify(results)}\n`);
  })().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
