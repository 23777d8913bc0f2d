import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { SceneInput, SegmentInput } from './compose.ts';
import { ffmpegColor, finishArgs, segmentActs } from './compose.ts';
import { MediaError } from './errors.ts';
import { decodeRgba } from './image.ts';
import { FPS } from './layout.ts';
import { mouthBox, mouthGeometry, readMouth } from './mesh-geometry.ts';
import { drawMouth } from './mesh-mouth.ts';
import type { MouthGeometry, MouthSource } from './mesh-geometry.ts';
import type { Box, RgbaImage } from './rig.ts';
import type { VideoAvatarMeta } from './video-avatar.ts';
import { LOOP_KEY_INTERVAL } from './video-loop.ts';
import type { Affine } from './video-track.ts';
import { applyAffine, clipFrameAt, invertAffine, loopLength } from './video-track.ts';
import type { MouthPose } from './visemes.ts';

// A video avatar in a render (docs/decisions/219-video-avatars.md): the stored loop is the picture,
// framed head and shoulders; for every output frame the mouth is drawn for that frame's pose on the
// reference frame (once per pose) and carried onto the clip frame shown by that frame's map,
// feathered, as a stream of patches laid over with per-frame positions. The clip's sound is never read.

export interface VideoAvatarInput {
  kind: 'video';
  /** The stored loop (H.264, no sound). */
  loopPath: string;
  /** The reference frame (PNG, loop size). */
  imagePath: string;
  meta: VideoAvatarMeta;
}

/** How the loop fills the frame: the part of it shown (loop px) and where it lands (frame px). */
export interface VideoFraming {
  crop: Box;
  /** Size of the shown part once scaled, and its left edge in the frame (a narrow clip leaves the background at the sides). */
  outW: number;
  outH: number;
  x: number;
}

export interface VideoScene {
  kind: 'video';
  input: SceneInput;
  workDir: string;
  avatar: VideoAvatarInput;
  framing: VideoFraming;
  /** The mouth's area on the reference frame, and the fixed size of every patch carried onto a clip frame. */
  box: Box;
  patch: { w: number; h: number };
  mouthPatch(key: string, pose: MouthPose): RgbaImage;
}

/** A face taller than this share of the frame is too close: the clip is shown narrower, on the background. */
const MAX_FACE_SHARE = 0.6;
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** Head and shoulders in a frame of any shape: the loop's whole height when it can, tighter (never past 60 % face) when the frame is wider. */
export function videoFraming(meta: Pick<VideoAvatarMeta, 'width' | 'height' | 'face'>, width: number, height: number): VideoFraming {
  const { width: W, height: H, face } = meta;
  const aspect = width / height;
  let ch = H;
  let cw = ch * aspect;
  if (cw > W) {
    cw = W;
    ch = Math.max(W / aspect, Math.min(H, face.h / MAX_FACE_SHARE));
  }
  cw = Math.min(W, Math.floor(cw / 2) * 2);
  ch = Math.min(H, Math.floor(ch / 2) * 2);
  const cx = Math.round(Math.max(0, Math.min(W - cw, face.x + face.w / 2 - cw / 2)));
  const cy = Math.round(Math.max(0, Math.min(H - ch, face.y + face.h / 2 - ch * 0.45)));
  const scale = height / ch;
  const outW = Math.min(width, even(cw * scale));
  return { crop: { x: cx, y: cy, w: cw, h: ch }, outW, outH: height, x: Math.round((width - outW) / 4) * 2 };
}

/** The box's corners carried by a map: their bounding rectangle. */
function carriedBounds(box: Box, t: Affine) {
  const corners = [
    [box.x, box.y],
    [box.x + box.w, box.y],
    [box.x, box.y + box.h],
    [box.x + box.w, box.y + box.h],
  ].map((p) => applyAffine(t, p as [number, number]));
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
}

/** Alpha of the patch: opaque over the mouth, chin and jaw, fading to nothing over the box's outer tenth. */
function featherMask(w: number, h: number): Float32Array {
  const f = Math.max(4, 0.12 * Math.min(w, h));
  const s = (d: number) => {
    const t = Math.max(0, Math.min(1, d / f));
    return t * t * (3 - 2 * t);
  };
  const mask = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) mask[y * w + x] = s(Math.min(x + 0.5, w - x - 0.5)) * s(Math.min(y + 0.5, h - y - 0.5));
  return mask;
}

export async function prepareVideoScene(input: SceneInput, workDir: string): Promise<VideoScene> {
  const avatar = input.avatar as VideoAvatarInput;
  for (const file of [avatar.loopPath, avatar.imagePath])
    if (!existsSync(file)) throw new MediaError('INVALID_INPUT', 'The avatar clip is missing', { subject: 'avatar', details: file });
  const { meta } = avatar;
  if (meta.maps.length !== meta.frames) throw new MediaError('INVALID_INPUT', 'The avatar clip is damaged', { subject: 'avatar' });
  if (input.background.kind === 'color') ffmpegColor(input.background.color);
  const reference = await decodeRgba(avatar.imagePath, meta.width, meta.height, workDir);
  const geometry: MouthGeometry = mouthGeometry(meta.mesh);
  const box = mouthBox(geometry, reference);
  const source: MouthSource = readMouth(reference, geometry);
  const mask = featherMask(box.w, box.h);
  let pw = 2;
  let ph = 2;
  for (const t of meta.maps) {
    const b = carriedBounds(box, t);
    pw = Math.max(pw, Math.ceil(b.x1) - Math.floor(b.x0 / 2) * 2 + 2);
    ph = Math.max(ph, Math.ceil(b.y1) - Math.floor(b.y0 / 2) * 2 + 2);
  }
  const patches = new Map<string, RgbaImage>();
  return {
    kind: 'video',
    input,
    workDir,
    avatar,
    framing: videoFraming(meta, input.width, input.height),
    box,
    patch: { w: even(pw), h: even(ph) },
    mouthPatch(_key, pose) {
      // The drawing reads only these (F/V and TH keys draw as their plain shape): one patch per distinct drawing.
      const key = `${pose.open}|${pose.wide}|${pose.teeth}|${pose.tongue}|${pose.press}`;
      let p = patches.get(key);
      if (!p) {
        p = drawMouth(reference, geometry, source, box, pose);
        for (let i = 0; i < mask.length; i++) p.pixels[i * 4 + 3] = Math.round(255 * (mask[i] as number));
        patches.set(key, p);
      }
      return p;
    },
  };
}

/** Lowest frame row the redrawn mouth reaches in any clip frame: burned captions stay below it. */
export function videoMouthBottom(scene: VideoScene): number {
  const { framing, box } = scene;
  const bottom = Math.max(...scene.avatar.meta.maps.map((t) => carriedBounds(box, t).y1));
  return Math.round((bottom - framing.crop.y) * (framing.outH / framing.crop.h));
}

/**
 * The patch of `src` (reference-frame box, straight alpha) carried by map `t` into `out` (fixed size,
 * its top-left at `at` in the clip frame): each output pixel samples the patch where the inverse map
 * lands, bilinearly; outside the patch it stays transparent.
 */
export function carryPatch(src: RgbaImage, box: Box, t: Affine, out: Uint8Array, size: { w: number; h: number }, at: { x: number; y: number }): void {
  out.fill(0);
  const inv = invertAffine(t);
  const sw = src.width;
  const sh = src.height;
  const sp = src.pixels;
  for (let y = 0; y < size.h; y++) {
    const fy = at.y + y + 0.5;
    // Reference-frame position of the row's first pixel centre, then steps along the row.
    let rx = inv[0] * (at.x + 0.5) + inv[1] * fy + inv[2] - box.x - 0.5;
    let ry = inv[3] * (at.x + 0.5) + inv[4] * fy + inv[5] - box.y - 0.5;
    for (let x = 0; x < size.w; x++, rx += inv[0], ry += inv[3]) {
      if (rx < 0 || ry < 0 || rx > sw - 1 || ry > sh - 1) continue;
      const x0 = Math.min(sw - 2, rx | 0);
      const y0 = Math.min(sh - 2, ry | 0);
      const fx = rx - x0;
      const fyy = ry - y0;
      const i00 = (y0 * sw + x0) * 4;
      const i10 = i00 + sw * 4;
      const w00 = (1 - fx) * (1 - fyy);
      const w01 = fx * (1 - fyy);
      const w10 = (1 - fx) * fyy;
      const w11 = fx * fyy;
      const o = (y * size.w + x) * 4;
      for (let c = 0; c < 4; c++)
        out[o + c] = (sp[i00 + c] as number) * w00 + (sp[i00 + 4 + c] as number) * w01 + (sp[i10 + c] as number) * w10 + (sp[i10 + 4 + c] as number) * w11;
    }
  }
}

function quote(file: string): string {
  return `'${file.replaceAll("'", "'\\''")}'`;
}

/**
 * A segment of a video-avatar render: writes its mouth patches (raw RGBA, one per frame) and their
 * positions (sendcmd), and the loop's playlist starting at the segment's place in the loop; returns
 * the ffmpeg arguments (cwd = workDir).
 */
export async function videoSegmentArgs(scene: VideoScene, seg: SegmentInput): Promise<string[]> {
  const { width: w, height: h, background } = scene.input;
  const { meta, loopPath } = scene.avatar;
  const { framing, box, patch } = scene;
  const acts = segmentActs(seg);
  const L = loopLength(meta.frames);
  const start = (((seg.clipStart ?? 0) % L) + L) % L;
  const patchFile = `${seg.name}-mouth.rgba`;
  const writer = Bun.file(join(scene.workDir, patchFile)).writer({ highWaterMark: 4 * 1024 * 1024 });
  const lines: string[] = [];
  const out = new Uint8Array(patch.w * patch.h * 4);
  let last = { x: Number.NaN, y: Number.NaN };
  let first = { x: 0, y: 0 };
  for (const [i, act] of acts.entries()) {
    const t = meta.maps[clipFrameAt(start + i, meta.frames)] as Affine;
    const b = carriedBounds(box, t);
    const at = { x: Math.floor(b.x0 / 2) * 2, y: Math.floor(b.y0 / 2) * 2 };
    carryPatch(scene.mouthPatch(act.mouthKey, act.mouth), box, t, out, patch, at);
    writer.write(out);
    if (i === 0) first = at;
    const parts: string[] = [];
    if (at.x !== last.x) parts.push(`overlay@mouth x ${at.x}`);
    if (at.y !== last.y) parts.push(`overlay@mouth y ${at.y}`);
    if (parts.length) lines.push(`${(i / FPS).toFixed(3)} ${parts.join(', ')};`);
    last = at;
    if (i % 50 === 49) await writer.flush();
  }
  await writer.end();
  await Bun.write(join(scene.workDir, `${seg.name}-mouth.cmd`), `${lines.join('\n')}\n`);
  // The loop from the keyframe at or before the segment's start, then whole loops; the rest of the way is trimmed.
  const key = Math.floor(start / LOOP_KEY_INTERVAL) * LOOP_KEY_INTERVAL;
  const skip = start - key;
  const repeats = Math.ceil((key + skip + seg.frames) / L) + 1;
  const playlist = ['ffconcat version 1.0', `file ${quote(loopPath)}`, `inpoint ${(key / FPS).toFixed(6)}`];
  for (let r = 1; r < repeats; r++) playlist.push(`file ${quote(loopPath)}`);
  await Bun.write(join(scene.workDir, `${seg.name}-loop.ffconcat`), `${playlist.join('\n')}\n`);

  const args: string[] = ['-f', 'concat', '-safe', '0', '-i', `${seg.name}-loop.ffconcat`];
  args.push('-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${patch.w}x${patch.h}`, '-r', String(FPS), '-i', patchFile);
  const { crop } = framing;
  const chains = [
    `[0:v]trim=start_frame=${skip},setpts=PTS-STARTPTS,format=yuv420p,sendcmd=f=${seg.name}-mouth.cmd[clip]`,
    `[clip][1:v]overlay@mouth=x=${first.x}:y=${first.y}:format=yuv420:eof_action=repeat[spoken]`,
    `[spoken]crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},scale=${framing.outW}:${framing.outH}:flags=bicubic,setsar=1[shown]`,
  ];
  if (framing.outW < w) {
    // A clip narrower than the frame stands on the look's background.
    if (background.kind === 'color') args.push('-f', 'lavfi', '-i', `color=c=${ffmpegColor(background.color)}:s=${w}x${h}:r=${FPS}`);
    else args.push('-loop', '1', '-framerate', String(FPS), '-i', background.path);
    chains.push(
      `[2:v]scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1,format=yuv420p[bg]`,
      `[bg][shown]overlay=x=${framing.x}:y=0:shortest=1[v0]`,
    );
  } else {
    chains.push('[shown]null[v0]');
  }
  // Only the speech is heard: the loop has no sound, and only the speech file's audio is mapped.
  return finishArgs(args, chains, seg);
}
