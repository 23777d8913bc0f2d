import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { MediaError } from './errors.ts';
import { probe } from './ffmpeg.ts';
import { testLook } from './fixtures/look.ts';
import { renderTalkingVideo } from './render.ts';

const root = await mkdtemp(join(tmpdir(), 'render-test-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;

async function png(file: string, width: number, height: number, body: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
  await Bun.write(file, new Resvg(svg).render().asPng());
  return file;
}

describe('renderTalkingVideo', () => {
  test('stock avatar, 720p landscape, burned captions: H.264 + AAC MP4 as long as the speech, JPEG thumbnail', async () => {
    const progress: number[] = [];
    const result = await renderTalkingVideo({
      ...testLook(join(root, 'stock'), {
        voiceId: 'local-en-female',
        avatar: { kind: 'stock', index: 10 },
        background: { kind: 'color', color: '#1e3a8a' },
        onProgress: (p) => progress.push(p),
      }),
      script: 'Hi Sam, thanks for your time today. Here is a quick idea.',
    });
    expect(result).toMatchObject({ width: 1280, height: 720, videoPath: join(root, 'stock', 'video.mp4') });
    expect(result.durationSec).toBeGreaterThan(2);
    const info = await probe(result.videoPath);
    expect(info.video).toMatchObject({ codec: 'h264', width: 1280, height: 720, pixFmt: 'yuv420p' });
    expect(info.audio?.codec).toBe('aac');
    expect(Math.abs(info.durationSec - result.durationSec) / result.durationSec).toBeLessThan(0.05);
    expect(Math.abs((info.audio?.durationSec ?? 0) - (info.video?.durationSec ?? 0))).toBeLessThan(0.05);
    expect(isJpeg(new Uint8Array(await Bun.file(result.thumbnailPath).arrayBuffer()))).toBe(true);
    expect(await Bun.file(result.captionsPath as string).text()).toContain('Hi Sam, thanks');
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...new Set(progress)].sort((a, b) => a - b)); // strictly increasing
    // faststart: the index (moov) precedes the media data.
    const head = new TextDecoder('latin1').decode(new Uint8Array(await Bun.file(result.videoPath).slice(0, 4096).arrayBuffer()));
    expect(head.indexOf('moov')).toBeGreaterThan(0);
    expect(head.indexOf('moov')).toBeLessThan(head.indexOf('mdat') === -1 ? Infinity : head.indexOf('mdat'));
  }, 60_000);

  test('uploaded photo over an image background, square, soft captions', async () => {
    const dir = join(root, 'photo');
    const photo = await png(
      join(root, 'face.png'),
      400,
      500,
      '<rect width="400" height="500" fill="#f4c9a8"/><circle cx="200" cy="220" r="120" fill="#8b5a3c"/>',
    );
    const background = await png(
      join(root, 'bg.png'),
      1600,
      900,
      '<rect width="1600" height="900" fill="#0f766e"/><rect x="100" y="100" width="600" height="300" fill="#fff"/>',
    );
    const result = await renderTalkingVideo({
      script: 'Bonjour Claire, voici notre proposition.',
      voiceId: 'local-fr-female',
      avatar: { kind: 'photo', imagePath: photo },
      background: { kind: 'image', path: background },
      resolution: '720p',
      aspectRatio: 'square',
      captions: 'soft',
      avatarStyle: 'circle',
      circleBackgroundColor: '#ffffff',
      workDir: dir,
    });
    const info = await probe(result.videoPath);
    expect(info.video).toMatchObject({ codec: 'h264', width: 720, height: 720 });
    expect(info.audio?.codec).toBe('aac');
    expect(info.subtitleCodecs).toEqual(['mov_text']);
    expect(Math.abs(info.durationSec - result.durationSec) / result.durationSec).toBeLessThan(0.05);
    expect(isJpeg(new Uint8Array(await Bun.file(result.thumbnailPath).arrayBuffer()))).toBe(true);
    // The scratch directory is gone; only the deliverables remain.
    const files = await Array.fromAsync(new Bun.Glob('*').scan({ cwd: dir, dot: true }));
    expect(files.sort()).toEqual(['captions.vtt', 'thumbnail.jpg', 'video.mp4']);
  }, 60_000);

  test('bad input fails fast with a MediaError', async () => {
    const base = {
      script: 'Hello',
      voiceId: 'local-en-female',
      resolution: '720p',
      aspectRatio: 'landscape',
      captions: 'none',
      workDir: join(root, 'bad'),
    } as const;
    await expect(
      renderTalkingVideo({ ...base, avatar: { kind: 'photo', imagePath: '/nope.jpg' }, background: { kind: 'color', color: '#000' } }),
    ).rejects.toBeInstanceOf(MediaError);
    await expect(renderTalkingVideo({ ...base, avatar: { kind: 'stock', index: 1 }, background: { kind: 'color', color: 'blue-ish' } })).rejects.toThrow(
      'Invalid colour',
    );
    await expect(
      renderTalkingVideo({ ...base, voiceId: 'nope', avatar: { kind: 'stock', index: 1 }, background: { kind: 'color', color: '#000' } }),
    ).rejects.toThrow('Unknown voice');
  });
});
