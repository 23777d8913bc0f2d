import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { LEAD_SEC, TRAIL_SEC } from './audio-chain.ts';
import type { Framing } from './audio-samples.ts';
import type { CaptionCue } from './captions.ts';
import { prepareScene } from './compose.ts';
import type { PreparedScene } from './compose.ts';
import { AUDIO_RATE } from './layout.ts';
import { sceneOf, scratchDir, validateLook } from './render.ts';
import type { VideoLook } from './render.ts';
import { cuesFor, HEAD_GAP_SAMPLES, HEAD_QUANTUM, renderSegment, SAMPLES_PER_FRAME, speak, TAIL_PREROLL } from './segment.ts';
import type { SpeechResult } from './tts.ts';
import { padToMultiple } from './wav.ts';
import type { Pcm } from './wav.ts';

// The parts of a personalised video (docs/decisions/227-personal-segments.md): the script is cut
// at sentence boundaries into parts, shared (the same for every recipient, rendered once) or
// personal (rendered per distinct text). Every part is framed so that any two consecutive parts
// join at the byte level without a click, a drift or a jump:
// - sound: the first part has the silence before the first word, the last the silence after the
//   last; every part but the last ends on a whole 0.32 s quantum (8 video frames = 15 AAC frames)
//   after ≥ 0.12 s of pause, and every part but the first is encoded after 2048 samples of silence
//   that the join leaves out (its priming and pre-roll packets);
// - picture: the photo push-in runs 1 → 1.12 over the parts by their index (continuous at every
//   join whatever the parts' lengths); a video avatar's loop is at frame 0 where a shared part
//   starts, a personal part before one ends there and a personal part after one goes on from its end.

/** A script cut into parts: each shared or personal (holding a variable). */
export type ScriptPart = { text: string; personal: boolean };

/**
 * The parts as a look can join them without a jump. A video avatar's loop can go on across a join
 * only from the part before: a personal part between two shared parts would have to start where the
 * one before ends in the loop and end where the one after starts, which its length rarely allows. So
 * for a video avatar such a part takes every part after it (rendered per recipient, the loop running
 * on unbroken to the end); other presenters keep the parts as they are. `textsOf` maps a recipient's
 * texts (one per personal part of `script`) to the returned parts'.
 */
export function joinableScript(look: Pick<VideoLook, 'avatar'>, script: ScriptPart[]): { script: ScriptPart[]; textsOf: (texts: string[]) => string[] } {
  const same = { script, textsOf: (texts: string[]) => texts };
  if (look.avatar.kind !== 'video') return same;
  const from = script.findIndex((p, i) => p.personal && i > 0 && script.slice(i + 1).some((q) => !q.personal));
  if (from < 0) return same;
  const before = script.slice(0, from).filter((p) => p.personal).length;
  return {
    script: [
      ...script.slice(0, from),
      {
        text: script
          .slice(from)
          .map((p) => p.text)
          .join(' '),
        personal: true,
      },
    ],
    textsOf: (texts) => {
      let n = before;
      const tail = script.slice(from).map((p) => (p.personal ? (texts[n++] as string) : p.text));
      return [...texts.slice(0, before), tail.join(' ')];
    },
  };
}

/** Where a part sits among the video's parts. */
export type PartPlace = { index: number; count: number };

/** The push-in over the whole video, shared out by part index. */
export function partZoom({ index, count }: PartPlace): [number, number] {
  return [1 + (0.12 * index) / count, 1 + (0.12 * (index + 1)) / count];
}

/** Silence before the first word (first part only) and after the last (last part only). */
export function partFraming({ index, count }: PartPlace): Framing {
  return { leadSec: index === 0 ? LEAD_SEC : 0, trailSec: index === count - 1 ? TRAIL_SEC : 0 };
}

/** The part's spoken samples padded for the join, and the samples encoded (with the pre-roll). */
export function partAudio(raw: Pcm, { index, count }: PartPlace): { pcm: Pcm; audio: Pcm } {
  const pcm = index < count - 1 ? padToMultiple(raw, HEAD_QUANTUM, raw.samples.length + HEAD_GAP_SAMPLES) : padToMultiple(raw, SAMPLES_PER_FRAME);
  if (index === 0) return { pcm, audio: pcm };
  const audio = { sampleRate: AUDIO_RATE, samples: new Int16Array(TAIL_PREROLL + pcm.samples.length) };
  audio.samples.set(pcm.samples, TAIL_PREROLL);
  return { pcm, audio };
}

/** A part rendered alone: its file, its caption cues (from 0) and its length (pre-roll left out). */
export interface RenderedPart {
  videoPath: string;
  cues: CaptionCue[];
  durationSec: number;
  /** Samples of sound the part contributes to the joined video. */
  audioSamples: number;
  width: number;
  height: number;
}

/** Renders one part from its speech (already through the audio chain with `partFraming`). */
export async function renderPart(
  scene: PreparedScene,
  look: VideoLook,
  tmp: string,
  part: PartPlace & { name: string; speech: SpeechResult; pcm: Pcm; script: string; outFile: string; clipStart: number },
): Promise<RenderedPart> {
  const { width, height } = scene.input;
  const { pcm, audio } = partAudio(part.pcm, part);
  const cues = cuesFor(part.speech, pcm, width, height);
  await renderSegment(scene, look, tmp, {
    name: part.name,
    pcm,
    audio,
    speech: part.speech,
    script: part.script,
    cues,
    zoom: partZoom(part),
    outFile: part.outFile,
    clipStart: part.clipStart,
  });
  return { videoPath: part.outFile, cues, durationSec: pcm.samples.length / AUDIO_RATE, audioSamples: pcm.samples.length, width, height };
}

/** A shared part of a personalised video, rendered once for every recipient. */
export interface SharedPart extends RenderedPart, PartPlace {}

export interface SharedPartInput extends VideoLook, PartPlace {
  script: string;
}

export async function renderSharedPart(input: SharedPartInput): Promise<SharedPart> {
  validateLook(input);
  const workDir = resolve(input.workDir);
  const tmp = await scratchDir(workDir);
  const place = { index: input.index, count: input.count };
  try {
    const [spoken] = await speak(input, [input.script], tmp, `shared-${input.index}`, partFraming(place));
    const scene = await prepareScene(sceneOf(input), tmp);
    const rendered = await renderPart(scene, input, tmp, {
      ...place,
      name: `shared-${input.index}`,
      speech: spoken!.speech,
      pcm: spoken!.pcm,
      script: input.script,
      outFile: join(workDir, `shared-${input.index}.mp4`),
      // A shared part starts the video avatar's loop at its first frame.
      clipStart: 0,
    });
    return { ...rendered, ...place };
  } finally {
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true });
  }
}
