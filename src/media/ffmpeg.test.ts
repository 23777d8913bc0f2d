import { describe, expect, test } from 'bun:test';
import { accessSync, constants } from 'node:fs';
import { MediaError } from './errors.ts';
import { ffmpegPath, ffprobePath, probe, runFfmpeg } from './ffmpeg.ts';

describe('ffmpeg runner', () => {
  test('binaries are found and executable', () => {
    for (const bin of [ffmpegPath(), ffprobePath()]) expect(() => accessSync(bin, constants.X_OK)).not.toThrow();
  });

  test('a failing command throws a readable FFMPEG_FAILED', async () => {
    const error = await runFfmpeg(['-i', '/nonexistent/input.wav', '-f', 'null', '-'], { timeoutMs: 10_000, label: 'probe run' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('FFMPEG_FAILED');
    expect((error as MediaError).message).toBe('probe run failed (exit code 1)');
    // The tool's own words are for the log only.
    expect((error as MediaError).details).toContain('No such file');
  });

  test('a command past its time limit is killed, not awaited forever', async () => {
    const started = performance.now();
    const error = await runFfmpeg(['-re', '-f', 'lavfi', '-i', 'anullsrc', '-f', 'null', '-'], { timeoutMs: 700 }).catch((e: unknown) => e);
    expect((error as MediaError).code).toBe('FFMPEG_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  test('progress is reported from -progress output and probe reads what was made', async () => {
    const seen: number[] = [];
    const out = `${process.env.TMPDIR ?? '/tmp'}/ffmpeg-test-${process.pid}.mp4`;
    await runFfmpeg(
      [
        '-f',
        'lavfi',
        '-i',
        'testsrc=s=320x240:r=25:d=2',
        '-f',
        'lavfi',
        '-i',
        'sine=d=2',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-shortest',
        out,
      ],
      {
        timeoutMs: 20_000,
        durationSec: 2,
        onProgress: (p) => seen.push(p),
      },
    );
    expect(seen.at(-1)).toBe(100);
    const info = await probe(out);
    expect(info.video).toMatchObject({ codec: 'h264', width: 320, height: 240, fps: 25 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.durationSec).toBeCloseTo(2, 0);
    await Bun.file(out).delete();
  });

  test('probe of a non-media file throws PROBE_FAILED', async () => {
    await expect(probe(import.meta.path)).rejects.toMatchObject({ code: 'PROBE_FAILED' });
  });
});
