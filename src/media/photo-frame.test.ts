import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { frameLoudness, lipSync, pearson } from '../test/lip-sync.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { frameFaceBoxes } from './photo-frame.ts';
import { preparePhotoAvatar } from './photo-prepare.ts';
import { renderTalkingVideo } from './render.ts';
import type { Box } from './rig.ts';

// Two real portraits cut from a sample photo that ships inside the face-api npm package: an open
// smile showing teeth, and a closed mouth. Each is prepared as an upload is, then talks for ~8 s.
const SAMPLE = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample6.jpg');
const PORTRAITS = { smile: 'crop=526:1000:545:130', closed: 'crop=580:1000:0:280' } as const;
const SCRIPT = 'Hi Maria, thanks for watching. Our team helps companies like yours save hours every week. Would a short call next Tuesday work for you?';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'photo-frame-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Grey pixels of `box` in every frame. */
async function crops(video: string, box: Box): Promise<Uint8Array[]> {
  const out = join(dir, `${crypto.randomUUID()}.gray`);
  await runFfmpeg(['-i', video, '-vf', `crop=${box.w}:${box.h}:${box.x}:${box.y},format=gray`, '-f', 'rawvideo', out], { timeoutMs: 120_000, label: 'crops' });
  const all = new Uint8Array(await Bun.file(out).arrayBuffer());
  const size = box.w * box.h;
  return Array.from({ length: Math.floor(all.length / size) }, (_, i) => all.subarray(i * size, (i + 1) * size));
}

/** Vertical shift (px) of `frame` against `rest` that matches best, within ±range. */
function shiftOf(rest: Uint8Array, frame: Uint8Array, w: number, h: number, range = 8): number {
  let best = 0;
  let bestCost = Infinity;
  for (let d = -range; d <= range; d++) {
    let cost = 0;
    for (let y = range; y < h - range; y++) for (let x = 0; x < w; x++) cost += Math.abs((rest[y * w + x] as number) - (frame[(y + d) * w + x] as number));
    if (cost < bestCost) (bestCost = cost), (best = d);
  }
  return best;
}

describe('talking photo on the face mesh', () => {
  for (const [name, crop] of Object.entries(PORTRAITS)) {
    test(`${name}: fills the frame, the mouth follows the speech, the chin moves with it, many distinct mouths`, async () => {
      const picture = join(dir, `${name}.jpg`);
      await runFfmpeg(['-i', SAMPLE, '-vf', crop, '-q:v', '2', picture], { timeoutMs: 30_000, label: 'portrait' });
      const photo = await preparePhotoAvatar(picture, dir);
      expect(photo.meta.mesh).toHaveLength(478);
      await Bun.write(join(dir, `${name}.png`), photo.picture);
      const r = await renderTalkingVideo({
        script: SCRIPT,
        voiceId: 'local-en-female',
        avatar: { kind: 'photo', imagePath: join(dir, `${name}.png`), rig: { meta: photo.meta } },
        background: { kind: 'color', color: '#1e3a8a' },
        resolution: '720p',
        aspectRatio: 'landscape',
        captions: 'none',
        workDir: join(dir, `work-${name}`),
      });
      const boxes = frameFaceBoxes(photo.meta, 1280, 720);
      // A head-and-shoulders shot, not a small circle: forehead to chin ≥ 35 % of the frame's height.
      expect(boxes.face.h / 720).toBeGreaterThanOrEqual(0.35);
      const m = boxes.mouth;
      const lips = boxes.lips;
      const sync = await lipSync(r.videoPath, lips, dir);
      expect(sync.r).toBeGreaterThanOrEqual(0.6);
      // Distinct mouth images: the lips' area at 24×12, grey levels in steps of 16.
      const mouths = await crops(r.videoPath, lips);
      const keys = new Set(
        mouths.map((f) => {
          let key = '';
          for (let y = 0; y < 12; y++)
            for (let x = 0; x < 24; x++)
              key += String.fromCharCode(65 + ((f[Math.floor((y * lips.h) / 12) * lips.w + Math.floor((x * lips.w) / 24)] as number) >> 4));
          return key;
        }),
      );
      expect(keys.size).toBeGreaterThanOrEqual(20);
      // The chin: a strip across it, its shift against a quiet frame minus the whole picture's shift (the eyes').
      const chin: Box = { x: Math.round(m.x + m.w * 0.25), y: Math.round(m.y + m.h * 0.62), w: Math.round(m.w * 0.5) & ~1, h: Math.round(m.h * 0.3) & ~1 };
      const chins = await crops(r.videoPath, chin);
      const eyes = await crops(r.videoPath, boxes.eyes);
      const loud = await frameLoudness(r.videoPath, dir, chins.length);
      const quiet = loud.indexOf(Math.min(...loud.slice(0, 10)));
      const speaking = loud.map((v, i) => (v > 0.02 ? i : -1)).filter((i) => i >= 0);
      const moved = speaking.filter((i) => {
        const face = shiftOf(eyes[quiet] as Uint8Array, eyes[i] as Uint8Array, boxes.eyes.w, boxes.eyes.h);
        return Math.abs(shiftOf(chins[quiet] as Uint8Array, chins[i] as Uint8Array, chin.w, chin.h) - face) >= 1;
      });
      expect(moved.length / speaking.length).toBeGreaterThanOrEqual(0.3);
      // And it moves with the sound, not at random.
      const drop = chins.map(
        (c, i) =>
          shiftOf(chins[quiet] as Uint8Array, c, chin.w, chin.h) - shiftOf(eyes[quiet] as Uint8Array, eyes[i] as Uint8Array, boxes.eyes.w, boxes.eyes.h),
      );
      expect(pearson(loud, drop)).toBeGreaterThan(0.3);
    }, 120_000);
  }
});
