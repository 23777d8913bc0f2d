// `bun run sample`: a short video of each presenter kind (stock female, stock male, talking photo)
// written to <DATA_DIR>/samples so a person can watch them. The photo is cut from a sample picture
// that ships inside the face-api npm package and goes through the same preparation as an upload.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { preparePhotoAvatar } from '../src/media/photo-prepare';
import { renderTalkingVideo } from '../src/media/render';
import { portraitJpeg } from '../src/test/faces';

const out = resolve(process.env.DATA_DIR ?? './data', 'samples');
await mkdir(out, { recursive: true });
const scratch = await mkdtemp(join(tmpdir(), 'sample-'));
const script =
  'Hi Maria, thanks for taking a minute. Mama and Fifi would love this! Our team helps companies like yours save hours every week, and I would be glad to show you how.';
try {
  await Bun.write(join(scratch, 'portrait.jpg'), await portraitJpeg());
  const photo = await preparePhotoAvatar(join(scratch, 'portrait.jpg'), scratch);
  await Bun.write(join(scratch, 'portrait.png'), photo.picture);
  const kinds = [
    { name: 'stock-female', voiceId: 'local-en-female', avatar: { kind: 'stock', index: 10 } },
    { name: 'stock-male', voiceId: 'local-en-male', avatar: { kind: 'stock', index: 23 } },
    {
      name: 'photo',
      voiceId: 'local-en-female',
      avatar: { kind: 'photo', imagePath: join(scratch, 'portrait.png'), rig: { meta: photo.meta } },
    },
  ] as const;
  for (const k of kinds) {
    const t0 = performance.now();
    const r = await renderTalkingVideo({
      script,
      voiceId: k.voiceId,
      avatar: k.avatar,
      background: { kind: 'color', color: '#1e3a8a' },
      resolution: '720p',
      aspectRatio: 'landscape',
      captions: 'burned',
      workDir: join(scratch, k.name),
    });
    await Bun.write(join(out, `${k.name}.mp4`), Bun.file(r.videoPath));
    console.log(`${join(out, `${k.name}.mp4`)}  ${r.durationSec.toFixed(1)} s of video in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
