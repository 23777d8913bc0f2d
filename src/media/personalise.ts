import { availableParallelism } from 'node:os';
import { rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LEAD_SEC, TRAIL_SEC, WHOLE_VIDEO } from './audio-chain.ts';
import { shiftCues, toVtt } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { prepareScene } from './compose.ts';
import { MediaError } from './errors.ts';
import { AUDIO_RATE } from './layout.ts';
import { joinHeader } from './mp4-join.ts';
import { cuesFor, HEAD_GAP_SAMPLES, HEAD_QUANTUM, renderSegment, SAMPLES_PER_FRAME, speak, TAIL_PREROLL } from './segment.ts';
import { progressReporter, sceneOf, scratchDir, validateLook } from './render.ts';
import type { VideoLook } from './render.ts';
import { makeThumbnails } from './thumbnails.ts';
import type { ThumbnailOverlay } from './thumbnails.ts';
import type { SpeechResult } from './tts.ts';
import { padToMultiple } from './wav.ts';
import type { Pcm } from './wav.ts';

// Per-recipient videos (docs/decisions/101-personal-streams.md). The shared rest of the script
// (the tail) is rendered once, with its sound; each recipient's opening (the head) is rendered
// alone, several at a time, and joined to the tail at the byte level (mp4-join.ts): the
// recipient's own bytes are a small header plus their opening, the tail is stored once.

export { HEAD_QUANTUM, TAIL_PREROLL } from './segment.ts';

function safeKey(key: string): string {
  const cleaned = key.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80);
  if (!cleaned) throw new MediaError('INVALID_INPUT', `Head key "${key}" has no usable characters`);
  return cleaned;
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
    // The shared part ends the video: the chain's silence after the last word, none before (the opening's gap is the pause).
    const [spoken] = await speak(input, [input.script], tmp, 'tail', { leadSec: 0, trailSec: TRAIL_SEC });
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
  /**
   * Called with each recipient's output as soon as it is made (before the others are done), so the
   * caller can store and send it at once: progress moves per recipient, not per batch.
   */
  onHead?: (out: HeadOutput) => Promise<void>;
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
    // Each part is levelled to the same loudness on its own, so the join has no step (decision 216); an
    // opening starts the video (silence before), and ends it too when there is no shared part.
    const spoken = await speak(
      input,
      input.heads.map((h) => h.script),
      tmp,
      'head',
      input.tail ? { leadSec: LEAD_SEC, trailSec: 0 } : WHOLE_VIDEO,
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
        // A video avatar's opening ends where the shared part's loop starts (frame 0), whatever its length.
        clipStart: tail ? -pcm.samples.length / SAMPLES_PER_FRAME : 0,
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
      await input.onHead?.(out);
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
