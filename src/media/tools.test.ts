import { expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe, runFfmpeg } from './ffmpeg';
import { boundedFfmpegArgs, defaultRenderConcurrency, niced, toolCommand, toolLimits } from './tools';

test('defaults: one core left for the web; threads share the cores between the renders', () => {
  expect(defaultRenderConcurrency(1)).toBe(1);
  expect(defaultRenderConcurrency(2)).toBe(1);
  expect(defaultRenderConcurrency(8)).toBe(7);
  expect(toolLimits({}, 2)).toEqual({ nice: 10, threads: 2 });
  expect(toolLimits({}, 8)).toEqual({ nice: 10, threads: 1 });
  expect(toolLimits({ RENDER_CONCURRENCY: '2' }, 8)).toEqual({ nice: 10, threads: 4 });
  expect(toolLimits({ RENDER_NICE: '0', RENDER_THREADS: '3' }, 2)).toEqual({ nice: 0, threads: 3 });
  // Out of range: the default (env.ts refuses such values at start-up anyway).
  expect(toolLimits({ RENDER_NICE: '40', RENDER_THREADS: 'x' }, 2)).toEqual({ nice: 10, threads: 2 });
});

test('command lines: nice only when asked and available; ffmpeg threads bound filters and the output', () => {
  expect(niced(['ffmpeg', '-i', 'a'], { nice: 10, threads: 1 }, '/usr/bin/nice')).toEqual(['/usr/bin/nice', '-n', '10', 'ffmpeg', '-i', 'a']);
  expect(niced(['ffmpeg'], { nice: 0, threads: 1 }, '/usr/bin/nice')).toEqual(['ffmpeg']);
  expect(niced(['ffmpeg'], { nice: 10, threads: 1 }, null)).toEqual(['ffmpeg']);
  expect(boundedFfmpegArgs(['-i', 'in.wav', '-c:a', 'aac', 'out.m4a'], { nice: 0, threads: 2 })).toEqual([
    '-filter_threads',
    '2',
    '-filter_complex_threads',
    '2',
    '-i',
    'in.wav',
    '-c:a',
    'aac',
    '-threads',
    '2',
    'out.m4a',
  ]);
});

test('a helper really runs 10 steps nicer than this process', async () => {
  if (!Bun.which('nice')) return;
  const mine = Number(await new Response(Bun.spawn(['nice'], { stdout: 'pipe' }).stdout).text());
  const theirs = Number(await new Response(Bun.spawn(toolCommand(['nice']), { stdout: 'pipe' }).stdout).text());
  expect(theirs).toBe(Math.min(19, mine + 10));
});

test('ffmpeg accepts the bounded command line (a one-second clip encodes)', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'tools-'));
  try {
    const out = join(dir, 'clip.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=blue:s=160x90:d=1', '-vf', 'format=yuv420p', '-c:v', 'libx264', out], { timeoutMs: 60_000 });
    expect((await probe(out)).video?.width).toBe(160);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
