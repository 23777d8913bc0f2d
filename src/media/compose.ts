import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MediaError } from './errors.ts';
import { assertReadableImage } from './ffmpeg.ts';
import { FPS, placeAvatar } from './layout.ts';
import type { AvatarStyle } from './layout.ts';
import { frameEnergies } from './lipsync.ts';
import { frameCommands, framePlacements, motionCommands, placements } from './motion.ts';
import { performanceTrack } from './performance.ts';
import type { FrameAct } from './performance.ts';
import type { PhonemeTiming } from './phonemes.ts';
import { photoCircleRig, photoFrameRig } from './photo-frame.ts';
import type { PhotoMeshMeta } from './photo-frame.ts';
import { photoRig } from './photo-scene.ts';
import type { PhotoRigInput } from './photo-scene.ts';
import type { Rig } from './rig.ts';
import { stockRig } from './stock-rig.ts';
import { prepareVideoScene, videoMouthBottom, videoSegmentArgs } from './video-scene.ts';
import type { VideoAvatarInput, VideoScene } from './video-scene.ts';
import type { Pcm } from './wav.ts';
import type { WordTiming } from './word-timing.ts';

/** A photo's rig: the mesh of a talking photo (version 2), or the warped-patch atlas of one made before it (version 1). */
export type PhotoRig = PhotoRigInput | { meta: PhotoMeshMeta };
export type AvatarInput = { kind: 'stock'; index: number } | { kind: 'photo'; imagePath: string; rig?: PhotoRig } | VideoAvatarInput;
export type BackgroundInput = { kind: 'color'; color: string } | { kind: 'image'; path: string };

export interface SceneInput {
  avatar: AvatarInput;
  background: BackgroundInput;
  width: number;
  height: number;
  avatarStyle?: AvatarStyle;
  offsetX?: number;
  offsetY?: number;
  /** Fill behind the avatar in the circle style / behind transparent photos. Default #ffffff. */
  circleBackgroundColor?: string;
}

/** Audio-independent assets, prepared once and shared by every segment of a personalised batch. */
export type PreparedScene = PresenterScene | VideoScene;

/** A stock presenter or a talking photo: layers laid over a background. */
export interface PresenterScene {
  kind?: undefined;
  input: SceneInput;
  workDir: string;
  rig: Rig;
  /** Top-left of the avatar box in the frame. */
  x: number;
  y: number;
}

/** `#abc`, `#aabbcc` or `aabbcc` → `0xAABBCC` for ffmpeg's colour syntax. */
export function ffmpegColor(color: string): string {
  const hex = color.trim().replace(/^#/, '');
  const full = /^[0-9a-f]{3}$/i.test(hex) ? hex.replace(/./g, (c) => c + c) : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new MediaError('INVALID_INPUT', `Invalid colour "${color}" (use #rrggbb)`);
  return `0x${full.toUpperCase()}`;
}

/**
 * Renders the avatar layers once: a still body, a head sprite, and (lazily, per pose) the mouth and
 * eye patches. Stock characters are drawn; photos use the warped frames precomputed for the avatar.
 */
export async function prepareScene(input: SceneInput, workDir: string): Promise<PreparedScene> {
  if (input.background.kind === 'image') {
    if (!existsSync(input.background.path))
      throw new MediaError('INVALID_INPUT', 'The background image is missing', { subject: 'background', details: input.background.path });
    await assertReadableImage(input.background.path, 'background');
  }
  const circleColor = ffmpegColor(input.circleBackgroundColor ?? '#ffffff');
  if (input.background.kind === 'color') ffmpegColor(input.background.color);
  // A video avatar is its own clip, framed to fill the frame (video-scene.ts).
  if (input.avatar.kind === 'video') return prepareVideoScene(input, workDir);
  const kind = input.avatar.kind;
  const place = placeAvatar({ width: input.width, height: input.height, kind, style: input.avatarStyle, offsetX: input.offsetX, offsetY: input.offsetY });
  const circle = input.avatarStyle === 'circle';
  let rig: Rig;
  if (input.avatar.kind === 'photo') {
    if (!existsSync(input.avatar.imagePath))
      throw new MediaError('INVALID_INPUT', 'The avatar picture is missing', { subject: 'avatar', details: input.avatar.imagePath });
    await assertReadableImage(input.avatar.imagePath, 'avatar');
    const photo = input.avatar.rig;
    if (photo && photo.meta.version === 2) {
      const meta = photo.meta;
      rig = circle
        ? await photoCircleRig({ imagePath: input.avatar.imagePath, meta, size: place.size, workDir, fill: circleColor.slice(2) })
        : await photoFrameRig({
            imagePath: input.avatar.imagePath,
            meta,
            width: input.width,
            height: input.height,
            style: input.avatarStyle === 'closeUp' ? 'closeUp' : 'normal',
            workDir,
          });
      if (!circle) return { input, workDir, rig, x: 0, y: 0 };
    } else {
      rig = await photoRig({
        imagePath: input.avatar.imagePath,
        rig: photo as PhotoRigInput | undefined,
        size: place.size,
        workDir,
        fill: circleColor.slice(2),
      });
    }
  } else {
    rig = await stockRig(input.avatar.index, place.size, workDir, circle ? { circle: true, backgroundColor: circleColor.slice(2) } : {});
    // Inside the corner bubble the head cannot lean out of its circle: it blinks and speaks, but keeps still.
    if (circle) rig.motionScale = 0;
  }
  return { input, workDir, rig, x: place.x, y: place.y };
}

/** Lowest frame row the mouth can reach (its patch at rest, plus head motion): captions stay below it. */
export function mouthBottom(scene: PreparedScene): number {
  if (scene.kind === 'video') return videoMouthBottom(scene);
  const rig = scene.rig;
  const still = rig.mouth.w <= 2 ? rig.head.y + rig.head.h * 0.85 : rig.head.y + (rig.mouthLow ?? rig.mouth.y + rig.mouth.h);
  return Math.round(scene.y + still + rig.size * 0.025 * rig.motionScale);
}

export interface SegmentInput {
  /** Speech of this segment (any rate): its loudness shapes jaw opening and nods. */
  pcm: Pcm;
  /** Phonemes and words of this segment, seconds from its start: visemes, brows, phrasing. */
  phonemes: PhonemeTiming[];
  words: WordTiming[];
  /** Same seed → same blinks and head moves (a re-render is identical). */
  seed: string;
  /** Audio file muxed into the output; omit for a video-only segment (personalisation). */
  audioFile?: string;
  frames: number;
  /** ASS file name in workDir to burn, if any. */
  assFile?: string;
  /** SRT file name in workDir muxed as a soft `mov_text` track, if any. */
  srtFile?: string;
  srtLanguage?: string;
  outFile: string;
  /** Prefix for this segment's helper files (patch lists, motion commands). */
  name: string;
  /** Kept for callers of the earlier photo push-in; the head's own motion replaced it. */
  zoom?: [number, number];
  /** Video avatars: the frame of the clip's loop this segment starts at (a personalised opening ends where the shared part starts). */
  clipStart?: number;
}

/**
 * x264 settings shared by every segment: concat with `-c:v copy` needs identical parameters.
 * `superfast`: with a moving presenter every frame differs, and veryfast cost ~17 % more CPU (decision 110).
 * `aq-mode=3` (variance AQ biased to dark areas): the default starved dark regions of bits, and a talking
 * photo's open mouth came out as one flat dark patch (measured: largest flat patch 3.1 % → 2.2 % of the
 * lips box, for 2.7 % more bytes).
 */
export const VIDEO_CODEC_ARGS = [
  '-c:v',
  'libx264',
  '-preset',
  'superfast',
  '-tune',
  'stillimage',
  '-x264-params',
  'aq-mode=3',
  '-crf',
  '23',
  '-pix_fmt',
  'yuv420p',
  '-r',
  String(FPS),
  '-g',
  String(FPS * 10),
];

function quote(file: string): string {
  return `'${file.replaceAll("'", "'\\''")}'`;
}

/** Concat-demuxer list of one image per run of identical frames (each decoded once per run). */
function runsList(files: string[]): string {
  const lines = ['ffconcat version 1.0'];
  let i = 0;
  while (i < files.length) {
    let j = i + 1;
    while (j < files.length && files[j] === files[i]) j++;
    lines.push(`file ${quote(files[i] as string)}`, `duration ${((j - i) / FPS).toFixed(6)}`);
    i = j;
  }
  // The demuxer ignores the last entry's duration: repeat the last file so it is shown.
  lines.push(`file ${quote(files.at(-1) as string)}`);
  return `${lines.join('\n')}\n`;
}

/** The acting for a segment: what the presenter does in each frame. */
export function segmentActs(seg: Pick<SegmentInput, 'pcm' | 'phonemes' | 'words' | 'seed' | 'frames'>): FrameAct[] {
  return performanceTrack({
    fps: FPS,
    frames: seg.frames,
    phonemes: seg.phonemes,
    words: seg.words,
    energies: frameEnergies(seg.pcm, FPS, seg.frames),
    seed: seg.seed,
  });
}

/** Writes the segment's patch lists and motion commands; returns the complete ffmpeg argument list (cwd = workDir). */
export async function segmentArgs(scene: PreparedScene, seg: SegmentInput): Promise<string[]> {
  if (scene.kind === 'video') return videoSegmentArgs(scene, seg);
  const { width: w, height: h, background } = scene.input;
  const rig = scene.rig;
  const acts = segmentActs(seg);
  const mouths: string[] = [];
  const uppers: string[] = [];
  if (rig.prepareMouths) await rig.prepareMouths(acts.map((a) => a.raw));
  for (const act of acts) {
    mouths.push(await (rig.mouthFileFor ? rig.mouthFileFor(act.raw) : rig.mouthFile(act.mouthKey, act.mouth)));
    uppers.push(await rig.upperFile(act.eyes, act.browsRaised));
  }
  const lists = async (entries: [string, string[]][]) => {
    for (const [list, files] of entries) await Bun.write(join(scene.workDir, `${seg.name}-${list}.ffconcat`), runsList(files));
  };
  if (rig.frame) return frameSegmentArgs(scene, seg, acts, { mouths, uppers, lists });
  const where = placements(acts, rig, { x: scene.x, y: scene.y });
  const headFiles = await rig.headFiles(where.map((p) => p.step));
  const heads = where.map((p) => headFiles.get(p.step) as string);
  await lists([
    ['head', heads],
    ['mouth', mouths],
    ['upper', uppers],
  ]);
  await Bun.write(join(scene.workDir, `${seg.name}-motion.cmd`), motionCommands(where, FPS));
  const first = where[0] as (typeof where)[number];

  const args: string[] = [];
  if (background.kind === 'color') args.push('-f', 'lavfi', '-i', `color=c=${ffmpegColor(background.color)}:s=${w}x${h}:r=${FPS}`);
  else args.push('-i', background.path);
  const concat = (list: string) => ['-f', 'concat', '-safe', '0', '-i', `${seg.name}-${list}.ffconcat`];
  args.push(...(rig.bodyFile ? ['-i', rig.bodyFile] : ['-f', 'lavfi', '-i', 'color=c=black@0:s=2x2,format=rgba']));
  args.push(...concat('head'), ...concat('mouth'), ...concat('upper'));
  // One still frame, scaled to cover the frame, then repeated by `loop` (cheaper than `-loop 1`).
  const still = `trim=end_frame=1,scale=${w}:${h}:force_original_aspect_ratio=increase,crop=${w}:${h},setsar=1`;
  const repeat = `loop=loop=-1:size=1:start=0,setpts=N/${FPS}/TB`;
  const chains: string[] = [];
  if (rig.bodyFile) {
    // The body never moves: composited onto the background once, then repeated like a still.
    chains.push(
      `[0:v]${still},format=rgb24[bg]`,
      `[bg][1:v]overlay=${scene.x}:${scene.y}:format=rgb,format=yuv420p,${repeat},sendcmd=f=${seg.name}-motion.cmd[base]`,
    );
  } else {
    chains.push(`[0:v]${still},format=yuv420p,${repeat},sendcmd=f=${seg.name}-motion.cmd[base]`);
  }
  chains.push(
    `[base][2:v]overlay@head=x=${first.head.x}:y=${first.head.y}:format=yuv420[v1]`,
    `[v1][3:v]overlay@mouth=x=${first.mouth.x}:y=${first.mouth.y}:format=yuv420[v2]`,
    `[v2][4:v]overlay@upper=x=${first.upper.x}:y=${first.upper.y}:format=yuv420[v0]`,
  );
  return finishArgs(args, chains, seg);
}

/** Captions, trim, the encoder, audio and soft subtitles: the end of every segment's command line. */
export function finishArgs(args: string[], chains: string[], seg: SegmentInput): string[] {
  // trim, not -frames:v: ending the output on a frame count drops the audio still queued in the muxer.
  chains.push(`[v0]${seg.assFile ? `ass=${seg.assFile},` : ''}trim=end_frame=${seg.frames}[vout]`);
  args.push(...(seg.audioFile ? ['-i', seg.audioFile] : []), ...(seg.srtFile ? ['-i', seg.srtFile] : []));
  const inputCount = args.filter((a) => a === '-i').length;
  args.push('-filter_complex', chains.join(';'), '-map', '[vout]', ...VIDEO_CODEC_ARGS);
  if (seg.audioFile) args.push('-map', `${inputCount - (seg.srtFile ? 2 : 1)}:a`, '-c:a', 'aac', '-b:a', '128k', '-ar', '48000');
  else args.push('-an');
  if (seg.srtFile) args.push('-map', `${inputCount - 1}:s`, '-c:s', 'mov_text', '-metadata:s:s:0', `language=${seg.srtLanguage ?? 'eng'}`);
  // One-second chunks (a joined header lists an offset per chunk, not per frame) and no x264 SEI: decision 227.
  args.push('-chunk_duration', '1000000', '-bsf:v', 'filter_units=remove_types=6', '-movflags', '+faststart', seg.outFile);
  return args;
}

/** A photo filling the frame: the layer, cropped at a moving offset, with the mouth and eye patches over it. */
async function frameSegmentArgs(
  scene: PresenterScene,
  seg: SegmentInput,
  acts: FrameAct[],
  made: { mouths: string[]; uppers: string[]; lists: (entries: [string, string[]][]) => Promise<void> },
): Promise<string[]> {
  const { width: w, height: h } = scene.input;
  const rig = scene.rig;
  const frame = rig.frame as NonNullable<Rig['frame']>;
  const where = framePlacements(acts, rig);
  await made.lists([
    ['mouth', made.mouths],
    ['upper', made.uppers],
  ]);
  await Bun.write(join(scene.workDir, `${seg.name}-motion.cmd`), frameCommands(where, FPS));
  const first = where[0] as (typeof where)[number];
  const concat = (list: string) => ['-f', 'concat', '-safe', '0', '-i', `${seg.name}-${list}.ffconcat`];
  const args = ['-i', frame.file, ...concat('mouth'), ...concat('upper')];
  const chains = [
    `[0:v]format=yuv420p,loop=loop=-1:size=1:start=0,setpts=N/${FPS}/TB,sendcmd=f=${seg.name}-motion.cmd,crop@cam=${w}:${h}:${first.cam.x}:${first.cam.y}[base]`,
    `[base][1:v]overlay@mouth=x=${first.mouth.x}:y=${first.mouth.y}:format=yuv420[v1]`,
    `[v1][2:v]overlay@upper=x=${first.upper.x}:y=${first.upper.y}:format=yuv420[v0]`,
  ];
  return finishArgs(args, chains, seg);
}
