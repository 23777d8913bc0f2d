import { decodeRgba } from './image.ts';
import { circleCutout } from './photo-frame.ts';
import type { PhotoRigMeta } from './photo-rig.ts';
import { bleedEdges, crop, encodePamRgba, featherEdges, fileCache, headTurner } from './rig.ts';
import type { Box, Rig } from './rig.ts';

/** A talking-photo rig as stored with a custom avatar: the atlas of warped patches and its layout. */
export interface PhotoRigInput {
  atlasPath: string;
  meta: PhotoRigMeta;
}

function scaleBox(b: Box, k: number): Box {
  return { x: Math.round(b.x * k), y: Math.round(b.y * k), w: Math.max(2, Math.round(b.w * k)), h: Math.max(2, Math.round(b.h * k)) };
}

/**
 * The photo as a head sprite (a circle that tilts about its lower edge) plus its mouth and eyelid
 * patches scaled to the frame. Without a precomputed rig (a photo from before talking photos) the
 * picture still moves, but its mouth does not.
 */
export async function photoRig(opts: { imagePath: string; rig?: PhotoRigInput; size: number; workDir: string; fill: string }): Promise<Rig> {
  const { size, workDir } = opts;
  const write = fileCache(workDir);
  const photo = circleCutout(await decodeRgba(opts.imagePath, size, size, workDir), opts.fill);
  const pad = Math.ceil(size * 0.04) + 2;
  const head: Box = { x: -pad, y: -pad, w: size + 2 * pad, h: size + 2 * pad };
  const sprite = bleedEdges(crop(photo, head));
  await Bun.write(`${workDir}/head.pam`, encodePamRgba(sprite));
  const feather = Math.max(3, Math.round(size * 0.01));
  const base: Rig = {
    size,
    headFiles: headTurner(workDir, 'head.pam'),
    head,
    pivot: { x: pad + size / 2, y: pad + size * 0.98 },
    mouth: { x: pad, y: pad, w: 2, h: 2 },
    upper: { x: pad, y: pad, w: 2, h: 2 },
    motionScale: 0.8,
    mouthFile: () => write('mouth-still.pam', () => encodePamRgba(crop(photo, { x: 0, y: 0, w: 2, h: 2 }))),
    upperFile: () => write('upper-still.pam', () => encodePamRgba(crop(photo, { x: 0, y: 0, w: 2, h: 2 }))),
  };
  if (!opts.rig) return base;
  const { meta } = opts.rig;
  const k = size / meta.size;
  const atlasW = Math.round(meta.atlas.width * k);
  const atlasH = Math.round(meta.atlas.height * k);
  const atlas = await decodeRgba(opts.rig.atlasPath, atlasW, atlasH, workDir);
  const mouth = scaleBox(meta.mouth, k);
  const eyes = scaleBox(meta.eyes, k);
  const patch = (b: Box, at: { x: number; y: number }) => crop(atlas, { x: Math.round(at.x * k), y: Math.round(at.y * k), w: b.w, h: b.h });
  return {
    ...base,
    mouth: { x: mouth.x + pad, y: mouth.y + pad, w: mouth.w, h: mouth.h },
    upper: { x: eyes.x + pad, y: eyes.y + pad, w: eyes.w, h: eyes.h },
    mouthFile: (_key, pose) => {
      // The nearest of the avatar's precomputed mouths (jaw opening first, then lip spread).
      let best = meta.mouths[0] as PhotoRigMeta['mouths'][number];
      let bestD = Infinity;
      for (const m of meta.mouths) {
        const d = (m.open - pose.open) ** 2 * 4 + (m.wide - pose.wide) ** 2;
        if (d < bestD) (best = m), (bestD = d);
      }
      return write(`mouth-${best.key}.pam`, () => encodePamRgba(featherEdges(patch(mouth, best.at), feather)));
    },
    upperFile: (state) => {
      const at = meta.eyeStates.find((e) => e.state === state)?.at;
      return write(`upper-${at ? state : 'open'}.pam`, () => encodePamRgba(featherEdges(at ? patch(eyes, at) : crop(photo, eyes), feather)));
    },
  };
}
