import { availableParallelism } from 'node:os';
import { rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { buildCues, captionLineChars, shiftCues, toVtt } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { mouthBottom, prepareScene, segmentArgs } from './compose.ts';
import type { PreparedScene } from './compose.ts';
import { MediaError } from './errors.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { AUDIO_RATE, FPS } from './layout.ts';
import { joinHeader } from './mp4-join.ts';
import { actingSeed, assertSpeakable, progressReporter, renderTimeoutMs, sceneOf, scratchDir, speechOf, validateLook, writeCaptionFiles } from './render.ts';
import type { VideoLook } from './render.ts';
import { makeThumbnails } from './thumbnails.ts';
import type { ThumbnailOverlay } from './thumbnails.ts';
import type { SpeechResult } from './tts.ts';
import { decodeWav, encodeWav, padToMultiple } from './wav.ts';
import type { Pcm } from './wav.ts';

// Per-recipient videos (docs/decisions/101-personal-streams.md). The shared rest of the script
// (the tail) is rendered once, with its sound; each recipient's opening (the head) is rendered
// alone, several at a time, and joined to the tail at the byte level (mp4-join.ts): the
// recipient's own bytes are a small header plus their opening, the tail is stored once.

const SAMPLES_PER_FRAME = AUDIO_RATE / FPS; // 1920
const AAC_FRAME = 1024;
/** 15360 samples = 0.32 s = 8 video frames = 15 AAC frames: a head this long joins without drift. */
export const HEAD_QUANTUM = lcm(SAMPLES_PER_FRAME, AAC_FRAME);
/** Minimum pause between the personalised opening and the shared part. */
const HEAD_GAP_SAMPLES = Math.round(AUDIO_RATE * 0.12);
/**
 * Silence the tail's sound is encoded after: its first packets then describe silence, as do the
 * head's last ones (the gap), so leaving them out joins the two AAC streams without a click.
 */
export const TAIL_PREROLL = 2 * AAC_FRAME;

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}

function safeKey(key: string): string {
  const cleaned = key.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80);
  if (!cleaned) throw new MediaError('INVALID_INPUT', `Head key "${key}" has no usable characters`);
  return cleaned;
}

/** eSpeak speaks at 22.05 kHz; one ffmpeg run resamples every clip to 48 kHz so samples count exactly. */
async function resampleAll(files: string[], cwd: string): Promise<Pcm[]> {
  const args: string[] = [];
  for (const file of files) args.push('-i', file);
  for (const i of files.keys()) args.push('-map', `${i}:a`, '-ar', String(AUDIO_RATE), '-ac', '1', '-c:a', 'pcm_s16le', `r48-${i}.wav`);
  await runFfmpeg(args, { cwd, timeoutMs: 60_000 + files.length * 5_000, label: 'audio resampling' });
  return Promise.all(files.map(async (_, i) => decodeWav(new Uint8Array(await Bun.file(join(cwd, `r48-${i}.wav`)).arrayBuffer()))));
}

async function speak(look: VideoLook, texts: string[], tmp: string, prefix: string): Promise<{ speech: SpeechResult; pcm: Pcm }[]> {
  for (const t of texts) assertSpeakable(t);
  const speeches = await speechOf(look).synthesizeMany(texts.map((text, i) => ({ text, voiceId: look.voiceId, workDir: tmp, fileName: `${prefix}-${i}.wav` })));
  const pcms = await resampleAll(
    speeches.map((s) => s.wavPath),
    tmp,
  );
  return speeches.map((speech, i) => ({ speech, pcm: pcms[i] as Pcm }));
}

const cuesFor = (speech: SpeechResult, pcm: Pcm, width: number, height: number): CaptionCue[] =>
  buildCues(speech.words, { maxChars: captionLineChars(width, height), maxLines: 2, endSec: pcm.samples.length / pcm.sampleRate });

/** One segment (video + its sound) with the look's captions burned in when asked. */
type Segment = { name: string; pcm: Pcm; audio: Pcm; speech: SpeechResult; script: string; cues: CaptionCue[]; zoom: [number, number]; outFile: string };

async function renderSegment(scene: PreparedScene, look: VideoLook, tmp: string, seg: Segment) {
  const { width, height } = scene.input;
  const frames = seg.pcm.samples.length / SAMPLES_PER_FRAME;
  const wav = `${seg.name}-audio.wav`;
  await Bun.write(join(tmp, wav), encodeWav(seg.audio));
  const burned = look.captions === 'burned' ? await writeCaptionFiles(tmp, seg.name, seg.cues, 'burned', { width, height }, mouthBottom(scene)) : {};
  // Same script and voice → same blinks and head moves: a re-render of a recipient is identical.
  const acting = { phonemes: seg.speech.phonemes, words: seg.speech.words, seed: actingSeed(look, seg.script) };
  const args = await segmentArgs(scene, {
    pcm: seg.pcm,
    ...acting,
    audioFile: wav,
    frames,
    assFile: burned.assFile,
    outFile: seg.outFile,
    name: seg.name,
    zoom: seg.zoom,
  });
  await runFfmpeg(args, { cwd: tmp, timeoutMs: renderTimeoutMs(frames / FPS, width, height), durationSec: frames / FPS, label: `render of ${seg.name}` });
}

export interface TailInput extends VideoLook {
  script: string;
}

/** The shared part, rendered once: `<workDir>/tail.mp4`, and its caption cues (from 0). */
export interface SharedTail {
  videoPath: string;
  cues: CaptionCue[];
  durationSec: number;
  width: number;
  height: number;
}

export async function renderSharedTail(input: TailInput): Promise<SharedTail> {
  validateLook(input);
  const workDir = resolve(input.workDir);
  const tmp = await scratchDir(workDir);
  try {
    const [spoken] = await speak(input, [input.script], tmp, 'tail');
    const pcm = padToMultiple(spoken!.pcm, SAMPLES_PER_FRAME);
    const scene = await prepareScene(sceneOf(input), tmp);
    const { width, height } = scene.input;
    const cues = cuesFor(spoken!.speech, pcm, width, height);
    const audio = { sampleRate: AUDIO_RATE, samples: new Int16Array(TAIL_PREROLL + pcm.samples.length) };
    audio.samples.set(pcm.samples, TAIL_PREROLL);
    const videoPath = join(workDir, 'tail.mp4');
    // Photo push-in continues across the join: heads zoom 1 → 1.04, the shared part 1.04 → 1.12.
    await renderSegment(scene, input, tmp, {
      name: 'tail',
      pcm,
      audio,
      speech: spoken!.speech,
      script: input.script,
      cues,
      zoom: [1.04, 1.12],
      outFile: videoPath,
    });
    return { videoPath, cues, durationSec: pcm.samples.length / AUDIO_RATE, width, height };
  } finally {
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true });
  }
}

export interface HeadSpec {
  /** Names the output files (sanitised); unique. */
  key: string;
  /** Resolved for this recipient: never a placeholder. */
  script: string;
  /** The e-mail images' text; without it no poster or GIF is made. */
  overlay?: ThumbnailOverlay;
}

export interface HeadsInput extends VideoLook {
  heads: HeadSpec[];
  /** The shared part (same look); null: each head is the whole video. */
  tail: SharedTail | null;
  /** Heads rendered at once (default: the machine's cores). */
  concurrency?: number;
  /** Make the animated GIF next to the poster (default true). */
  gif?: boolean;
}

export interface HeadOutput {
  key: string;
  /** The recipient's own bytes: the header and their opening (the whole video without a tail). */
  partPath: string;
  partBytes: number;
  /** Bytes of the tail file served after the part; null without a tail. */
  tailRange: { start: number; end: number } | null;
  /** The assembled video, playable (`<workDir>/<key>.mp4`). */
  videoPath: string;
  /** WebVTT of the whole video, unless captions are 'none'. */
  captionsPath?: string;
  posterPath?: string;
  gifPath?: string;
  gifBytes?: number;
  durationSec: number;
  /** Length of the personalised opening, padding included (where the shared part starts). */
  headDurationSec: number;
  width: number;
  height: number;
  /** Wall time of this recipient's images (poster + GIF), for the benchmark. */
  thumbnailSec?: number;
}

async function pool<T>(items: T[], limit: number, work: (item: T, index: number) => Promise<void>) {
  let next = 0;
  const run = async () => {
    while (next < items.length) {
      const i = next++;
      await work(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, run));
}

/**
 * Every recipient's opening, `concurrency` at a time: rendered with its sound, joined to the tail
 * (header + opening written to `<key>.part.mp4`), and its captions and e-mail images made.
 */
export async function renderHeads(input: HeadsInput): Promise<HeadOutput[]> {
  validateLook(input);
  if (input.heads.length === 0) throw new MediaError('INVALID_INPUT', 'At least one head is needed');
  const keys = input.heads.map((h) => safeKey(h.key));
  if (new Set(keys).size !== keys.length) throw new MediaError('INVALID_INPUT', 'Head keys must be unique');
  const report = progressReporter(input.onProgress);
  const workDir = resolve(input.workDir);
  const tmp = await scratchDir(workDir);
  try {
    report(0);
    const spoken = await speak(
      input,
      input.heads.map((h) => h.script),
      tmp,
      'head',
    );
    report(10);
    const scene = await prepareScene(sceneOf(input), tmp);
    const { width, height } = scene.input;
    const tail = input.tail;
    const tailBytes = tail ? new Uint8Array(await Bun.file(tail.videoPath).arrayBuffer()) : null;
    const outputs: HeadOutput[] = new Array(input.heads.length);
    let done = 0;
    await pool(input.heads, input.concurrency ?? availableParallelism(), async (head, i) => {
      const key = keys[i] as string;
      const raw = spoken[i] as { speech: SpeechResult; pcm: Pcm };
      const pcm = tail ? padToMultiple(raw.pcm, HEAD_QUANTUM, raw.pcm.samples.length + HEAD_GAP_SAMPLES) : padToMultiple(raw.pcm, SAMPLES_PER_FRAME);
      const cues = cuesFor(raw.speech, pcm, width, height);
      const headFile = join(tmp, `head-${i}.mp4`);
      await renderSegment(scene, input, tmp, {
        name: `head-${i}`,
        pcm,
        audio: pcm,
        speech: raw.speech,
        script: head.script,
        cues,
        zoom: tail ? [1, 1.04] : [1, 1.12],
        outFile: headFile,
      });
      const headSec = pcm.samples.length / AUDIO_RATE;
      const videoPath = join(workDir, `${key}.mp4`);
      const partPath = join(workDir, `${key}.part.mp4`);
      let tailRange: HeadOutput['tailRange'] = null;
      let durationSec = headSec;
      if (tail && tailBytes) {
        const plan = joinHeader(new Uint8Array(await Bun.file(headFile).arrayBuffer()), tailBytes, {
          headAudioSamples: pcm.samples.length,
          tailAudioPreroll: TAIL_PREROLL,
        });
        await Bun.write(partPath, plan.header);
        await Bun.write(videoPath, new Blob([plan.header, tailBytes.subarray(plan.tailStart, plan.tailEnd)] as BlobPart[]));
        tailRange = { start: plan.tailStart, end: plan.tailEnd };
        durationSec = plan.durationSec;
      } else {
        await Bun.write(partPath, Bun.file(headFile));
        await Bun.write(videoPath, Bun.file(headFile));
      }
      const allCues = tail ? [...cues, ...shiftCues(tail.cues, headSec)] : cues;
      let captionsPath: string | undefined;
      if (input.captions !== 'none') {
        captionsPath = join(workDir, `${key}.vtt`);
        await Bun.write(captionsPath, toVtt(allCues));
      }
      const out: HeadOutput = {
        key: head.key,
        partPath,
        partBytes: (await stat(partPath)).size,
        tailRange,
        videoPath,
        captionsPath,
        durationSec,
        headDurationSec: headSec,
        width,
        height,
      };
      if (head.overlay) {
        const t0 = performance.now();
        const thumbs = await makeThumbnails({
          videoPath,
          durationSec,
          width,
          height,
          overlay: head.overlay,
          posterPath: join(workDir, `${key}.jpg`),
          gifPath: input.gif === false ? undefined : join(workDir, `${key}.gif`),
          workDir: tmp,
          name: `thumb-${i}`,
        });
        Object.assign(out, {
          posterPath: thumbs.posterPath,
          gifPath: thumbs.gifPath,
          gifBytes: thumbs.gifBytes,
          thumbnailSec: (performance.now() - t0) / 1000,
        });
      }
      outputs[i] = out;
      report(10 + (++done / input.heads.length) * 90);
    });
    return outputs;
  } finally {
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true });
  }
}

export interface PersonalisedInput extends VideoLook {
  heads: HeadSpec[];
  /** The part every recipient hears; an empty script makes every head a whole video. */
  tail: { script: string };
  concurrency?: number;
  gif?: boolean;
}

/** The tail once, then every head: the engine's whole personalisation in one call (tests, benchmarks). */
export async function renderPersonalised(input: PersonalisedInput): Promise<HeadOutput[]> {
  const { tail: tailScript, ...look } = input;
  const tail = tailScript.script.trim() ? await renderSharedTail({ ...look, script: tailScript.script, workDir: join(resolve(input.workDir), '.tail') }) : null;
  return renderHeads({ ...look, tail });
}
