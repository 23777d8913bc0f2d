import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildCues, captionBand, captionLineChars, toAss, toSrt, toVtt } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { existsSync } from 'node:fs';
import { speakLevelled, WHOLE_VIDEO } from './audio-chain.ts';
import type { LevelledSpeech } from './audio-chain.ts';
import { ffmpegColor, mouthBottom, prepareScene, segmentArgs } from './compose.ts';
import type { AvatarInput, BackgroundInput, PreparedScene } from './compose.ts';
import { MediaError } from './errors.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { FPS, frameSize } from './layout.ts';
import type { AspectRatio, AvatarStyle, Resolution } from './layout.ts';
import { frameCount } from './lipsync.ts';
import { localSpeech } from './tts.ts';
import type { SpeechEngine, WordTiming } from './tts.ts';

export type { AvatarInput, BackgroundInput } from './compose.ts';
export type { AspectRatio, AvatarStyle, Resolution } from './layout.ts';
export type CaptionMode = 'burned' | 'soft' | 'none';

/** Everything about the look of a video, shared by a plain render and a personalised batch. */
export interface VideoLook {
  voiceId: string;
  avatar: AvatarInput;
  background: BackgroundInput;
  resolution: Resolution;
  aspectRatio: AspectRatio;
  captions: CaptionMode;
  avatarStyle?: AvatarStyle;
  offsetX?: number;
  offsetY?: number;
  circleBackgroundColor?: string;
  /** Who speaks the script; eSpeak (offline) when omitted. */
  speech?: SpeechEngine;
  /** All files go here (created if missing); the caller owns and eventually deletes it. */
  workDir: string;
  onProgress?: (percent: number) => void;
}

export interface RenderInput extends VideoLook {
  script: string;
}

export interface RenderResult {
  /** `<workDir>/video.mp4`: H.264 yuv420p + AAC 48 kHz, faststart. */
  videoPath: string;
  /** `<workDir>/thumbnail.jpg`. */
  thumbnailPath: string;
  /** `<workDir>/captions.vtt` (also written when captions are burned, for transcripts); absent for 'none'. */
  captionsPath?: string;
  durationSec: number;
  width: number;
  height: number;
  words: WordTiming[];
}

const ISO639_2: Record<string, string> = { en: 'eng', fr: 'fra', es: 'spa', de: 'deu', it: 'ita', pt: 'por' };

export function speechOf(look: Pick<VideoLook, 'speech'>): SpeechEngine {
  return look.speech ?? localSpeech;
}

/** ISO 639-2 code of the video's language (the voice's), for the subtitle track; throws for an unknown voice. */
export async function subtitleLanguage(look: Pick<VideoLook, 'speech' | 'voiceId'>): Promise<string> {
  return ISO639_2[await speechOf(look).languageOf(look.voiceId)] ?? 'und';
}

/** Seed of a clip's acting: the same words by the same voice and avatar always move the same way. */
export function actingSeed(look: Pick<VideoLook, 'voiceId' | 'avatar'>, script: string): string {
  const avatar = look.avatar.kind === 'stock' ? `stock-${look.avatar.index}` : look.avatar.kind;
  return `${look.voiceId}|${avatar}|${script}`;
}

/** Clamps to 0..100, rounds, and only reports forward movement (ffmpeg repeats its last position). */
export function progressReporter(onProgress: ((percent: number) => void) | undefined): (percent: number) => void {
  let last = -1;
  return (percent) => {
    const value = Math.round(Math.max(0, Math.min(100, percent)));
    if (value > last) {
      last = value;
      onProgress?.(value);
    }
  };
}

/** Generous but finite: ~4× real time per 720p-equivalent of pixels, plus start-up slack. */
export function renderTimeoutMs(durationSec: number, width: number, height: number): number {
  return Math.round(60_000 + durationSec * 4_000 * Math.max(1, (width * height) / (1280 * 720)));
}

/**
 * What is spoken and captioned must be resolved text: a brace means a placeholder slipped through
 * (`{first_name}`), which would be read out and shown. Callers resolve variables first.
 */
export function assertSpeakable(script: string): void {
  if (/[{}]/.test(script)) throw new MediaError('INVALID_INPUT', 'The script still holds a placeholder in braces: resolve its variables before rendering');
}

export function validateLook(look: VideoLook): void {
  // Everything that can be checked without speaking is checked first: bad input fails in milliseconds.
  if (look.avatar.kind === 'photo' && !existsSync(look.avatar.imagePath))
    throw new MediaError('INVALID_INPUT', `Avatar photo not found: ${look.avatar.imagePath}`);
  if (look.avatar.kind === 'video' && !existsSync(look.avatar.loopPath))
    throw new MediaError('INVALID_INPUT', `Avatar clip not found: ${look.avatar.loopPath}`);
  if (look.background.kind === 'color') ffmpegColor(look.background.color);
  else if (!existsSync(look.background.path)) throw new MediaError('INVALID_INPUT', `Background image not found: ${look.background.path}`);
  if (look.circleBackgroundColor) ffmpegColor(look.circleBackgroundColor);
  if (!['burned', 'soft', 'none'].includes(look.captions)) throw new MediaError('INVALID_INPUT', `Unknown captions mode "${look.captions}"`);
  if (look.avatar.kind === 'stock' && !Number.isInteger(look.avatar.index)) throw new MediaError('INVALID_INPUT', 'Stock avatar index must be an integer');
  if (!look.workDir) throw new MediaError('INVALID_INPUT', 'workDir is required');
}

/** Writes the caption file ffmpeg needs for `mode` into tmpDir and returns its name. */
export async function writeCaptionFiles(
  tmpDir: string,
  name: string,
  cues: CaptionCue[],
  mode: CaptionMode,
  size: { width: number; height: number },
  /** Burned captions sit in a band below this frame row (the presenter's mouth). */
  mouthY?: number,
): Promise<{ assFile?: string; srtFile?: string }> {
  if (mode === 'burned') {
    const band = mouthY === undefined ? undefined : captionBand(size.width, size.height, mouthY);
    await Bun.write(join(tmpDir, `${name}.ass`), toAss(cues, { ...size, band }));
    return { assFile: `${name}.ass` };
  }
  if (mode === 'soft') {
    await Bun.write(join(tmpDir, `${name}.srt`), toSrt(cues));
    return { srtFile: `${name}.srt` };
  }
  return {};
}

/** WebVTT next to the video (for `<track>` and transcripts), whatever the caption mode but 'none'. */
export async function writeVtt(workDir: string, cues: CaptionCue[], mode: CaptionMode, file = 'captions.vtt'): Promise<string | undefined> {
  if (mode === 'none') return undefined;
  await Bun.write(join(workDir, file), toVtt(cues));
  return join(workDir, file);
}

/** A private scratch directory inside workDir; removed once the deliverables exist. */
export async function scratchDir(workDir: string): Promise<string> {
  await mkdir(workDir, { recursive: true });
  return mkdtemp(join(workDir, '.render-'));
}

/** JPEG of the frame at 1 s (or mid-video when shorter), at most 1280 px wide. */
export async function makeThumbnail(videoPath: string, durationSec: number, thumbnailPath: string): Promise<string> {
  const at = Math.min(1, durationSec / 2).toFixed(2);
  await runFfmpeg(['-ss', at, '-i', videoPath, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', thumbnailPath], {
    timeoutMs: 30_000,
    label: 'thumbnail',
  });
  return thumbnailPath;
}

/** Scene geometry for a look, with user paths made absolute (ffmpeg runs inside the scratch dir). */
export function sceneOf(look: VideoLook): Parameters<typeof prepareScene>[0] {
  const { width, height } = frameSize(look.resolution, look.aspectRatio);
  return {
    avatar:
      look.avatar.kind === 'photo'
        ? {
            kind: 'photo',
            imagePath: resolve(look.avatar.imagePath),
            rig: look.avatar.rig && ('atlasPath' in look.avatar.rig ? { ...look.avatar.rig, atlasPath: resolve(look.avatar.rig.atlasPath) } : look.avatar.rig),
          }
        : look.avatar.kind === 'video'
          ? { ...look.avatar, loopPath: resolve(look.avatar.loopPath), imagePath: resolve(look.avatar.imagePath) }
          : look.avatar,
    background: look.background.kind === 'image' ? { kind: 'image', path: resolve(look.background.path) } : look.background,
    width,
    height,
    avatarStyle: look.avatarStyle,
    offsetX: look.offsetX,
    offsetY: look.offsetY,
    circleBackgroundColor: look.circleBackgroundColor,
  };
}

/** Script → talking-avatar MP4 + JPEG thumbnail, offline. */
export async function renderTalkingVideo(input: RenderInput): Promise<RenderResult> {
  validateLook(input);
  assertSpeakable(input.script);
  const report = progressReporter(input.onProgress);
  const workDir = resolve(input.workDir);
  const language = await subtitleLanguage(input);
  const tmp = await scratchDir(workDir);
  try {
    report(0);
    // Every voice, whatever its engine, through the one audio chain: framed by silence, levelled (decision 216).
    const [speech] = (await speakLevelled(
      speechOf(input),
      [{ text: input.script, voiceId: input.voiceId, workDir: tmp, fileName: 'speech.wav' }],
      [WHOLE_VIDEO],
    )) as [LevelledSpeech];
    report(8);
    const pcm = speech.pcm;
    const frames = frameCount(speech.durationSec, FPS);
    const scene: PreparedScene = await prepareScene(sceneOf(input), tmp);
    const { width, height } = scene.input;
    const cues = buildCues(speech.words, { maxChars: captionLineChars(width, height), maxLines: 2, endSec: speech.durationSec });
    const captionFiles = await writeCaptionFiles(tmp, 'captions', cues, input.captions, { width, height }, mouthBottom(scene));
    report(12);
    const videoPath = join(workDir, 'video.mp4');
    const args = await segmentArgs(scene, {
      pcm,
      phonemes: speech.phonemes,
      words: speech.words,
      seed: actingSeed(input, input.script),
      audioFile: 'speech.wav',
      frames,
      ...captionFiles,
      srtLanguage: language,
      outFile: videoPath,
      name: 'main',
    });
    if (process.env.MEDIA_KEEP_SCRATCH) await Bun.write(join(tmp, 'main-args.json'), JSON.stringify(args));
    await runFfmpeg(args, {
      cwd: tmp,
      timeoutMs: renderTimeoutMs(speech.durationSec, width, height),
      durationSec: frames / FPS,
      onProgress: (p) => report(12 + p * 0.85),
      label: 'video render',
    });
    const thumbnailPath = await makeThumbnail(videoPath, speech.durationSec, join(workDir, 'thumbnail.jpg'));
    const captionsPath = await writeVtt(workDir, cues, input.captions);
    report(100);
    return { videoPath, thumbnailPath, captionsPath, durationSec: speech.durationSec, width, height, words: speech.words };
  } finally {
    // MEDIA_KEEP_SCRATCH=1 keeps the ffmpeg inputs for debugging a failed graph.
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true });
  }
}
