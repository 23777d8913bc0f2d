import { faceSvg, MOUTH_REGION, NECK, rasterize, rasterizeRegion, regionBox, stockAvatar, UPPER_REGION } from './avatar-art.ts';
import type { AvatarSvgOptions } from './avatar-art.ts';
import { bleedEdges, crop, encodePamRgba, featherEdges, fileCache, headTurner } from './rig.ts';
import type { Box, Rig, RgbaImage } from './rig.ts';

/** Soft edge of the head layer over the neck, view-box units. */
const SEAM = 5;

/**
 * A stock character cut into a still body and a head that can tilt about the neck. The body keeps
 * everything from a little above the neck line down; the head layer fades out over the neck, so a
 * tilt of a couple of degrees never opens a gap. Mouth and eye patches are rendered per pose on demand.
 */
export async function stockRig(index: number, size: number, workDir: string, options: Omit<AvatarSvgOptions, 'mouth'> = {}): Promise<Rig> {
  const avatar = stockAvatar(index);
  const write = fileCache(workDir);
  // The circle style keeps still (no split needed); otherwise body and head are drawn apart.
  const split = !options.circle;
  const layer = split ? 'head' : 'all';
  const k = size / 280;
  const seamTop = Math.round((NECK.y - SEAM) * k);
  const seamBottom = Math.round((NECK.y + SEAM) * k);
  const full = rasterize(faceSvg(avatar, {}, options, split ? 'body' : 'all'), size).rgba;
  const body: RgbaImage = { width: size, height: size, pixels: new Uint8Array(full.pixels) };
  if (split) {
    // Above the neck line the body is cleared, except the neck itself up under the jaw: when the head
    // tilts, skin (not background) shows where the jaw moved away.
    const neckFrom = Math.round(160 * k);
    const [left, right] = [Math.round(112 * k), Math.round(168 * k)];
    for (let y = 0; y < seamTop; y++) {
      if (y >= neckFrom) {
        body.pixels.fill(0, y * size * 4, (y * size + left) * 4);
        body.pixels.fill(0, (y * size + right) * 4, (y + 1) * size * 4);
      } else body.pixels.fill(0, y * size * 4, (y + 1) * size * 4);
    }
  }
  await Bun.write(`${workDir}/body.pam`, encodePamRgba(body));

  // Head: face and hair above the neck; below it only the hair (long hair moves with the head).
  const headLayer = split ? rasterize(faceSvg(avatar, {}, options, 'head'), size).rgba : full;
  const hair = split ? rasterize(faceSvg(avatar, {}, options, 'hair'), size).rgba : full;
  const headImage: RgbaImage = { width: size, height: size, pixels: new Uint8Array(size * size * 4) };
  let minX = size;
  let maxX = -1;
  let maxY = 0;
  const row = size * 4;
  for (let y = 0; y < size; y++) {
    const t = !split || y < seamTop ? 0 : y >= seamBottom ? 1 : (y - seamTop) / (seamBottom - seamTop);
    if (t === 0 || t === 1) headImage.pixels.set((t === 0 ? headLayer : hair).pixels.subarray(y * row, (y + 1) * row), y * row);
    else
      for (let i = y * row; i < (y + 1) * row; i++)
        headImage.pixels[i] = Math.round((headLayer.pixels[i] as number) * (1 - t) + (hair.pixels[i] as number) * t);
    if (!split && y >= seamBottom) continue;
    for (let x = 0; x < size; x++) {
      if ((headImage.pixels[y * row + x * 4 + 3] as number) === 0) continue;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y > maxY) maxY = y;
    }
  }
  const pad = Math.ceil(Math.max(maxX - minX, maxY) * 0.05) + 2;
  const head: Box = { x: (minX & ~1) - pad, y: -pad, w: ((maxX - minX + 2) & ~1) + 2 * pad, h: ((maxY + 2) & ~1) + 2 * pad };
  const sprite = bleedEdges(crop(headImage, head));
  await Bun.write(`${workDir}/head.pam`, encodePamRgba(sprite));
  const feather = Math.max(3, Math.round(size * 0.008));

  const mouth = regionBox(MOUTH_REGION, size);
  const upper = regionBox(UPPER_REGION, size);
  const inSprite = (b: Box): Box => ({ x: b.x - head.x, y: b.y - head.y, w: b.w, h: b.h });
  return {
    size,
    bodyFile: 'body.pam',
    headFiles: headTurner(workDir, 'head.pam'),
    head,
    pivot: { x: NECK.x * k - head.x, y: NECK.y * k - head.y },
    mouth: inSprite(mouth),
    upper: inSprite(upper),
    motionScale: 1,
    mouthFile: (key, pose) =>
      write(`mouth-${key}.pam`, () => encodePamRgba(featherEdges(rasterizeRegion(faceSvg(avatar, { mouth: pose }, options, layer), size, mouth), feather))),
    upperFile: (eyes, browsRaised) =>
      write(`upper-${eyes}-${browsRaised ? 'up' : 'flat'}.pam`, () =>
        encodePamRgba(featherEdges(rasterizeRegion(faceSvg(avatar, { eyes, browsRaised }, options, layer), size, upper), feather)),
      ),
  };
}
