import { availableParallelism } from 'node:os';
import { rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { shiftCues, toVtt } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { prepareScene } from './compose.ts';
import { MediaError } from './errors.ts';
import { joinPieces } from './mp4-join.ts';
import { joinableScript, partAudio, partFraming, renderPart, renderSharedPart } from './personal-parts.ts';
import type { RenderedPart, ScriptPart, SharedPart } from './personal-parts.ts';
import { assertSpeakable, progressReporter, sceneOf, scratchDir, validateLook } from './render.ts';
import type { VideoLook } from './render.ts';
import { SAMPLES_PER_FRAME, speak, TAIL_PREROLL } from './segment.ts';
import { makeThumbnails } from './thumbnails.ts';
import type { ThumbnailOverlay } from './thumbnails.ts';

// Per-recipient videos (docs/decisions/101-personal-streams.md, 227-personal-segments.md). The
// script's shared parts are rendered once (personal-parts.ts); each recipient's personal parts are
// rendered once per distinct text (two recipients called Marie share theirs), several at a time,
// and joined with the shared parts at the byte level (mp4-join.ts): the recipient's own bytes are a
// small header plus their personal parts, each shared part is stored once.

export { HEAD_QUANTUM, TAIL_PREROLL } from './segment.ts';
export { renderSharedPart } from './personal-parts.ts';
export type { ScriptPart, SharedPart } from './personal-parts.ts';

/** Personal texts of one slot spoken by one engine run (the first recipient's and the next ones'). */
const SPEECH_BATCH = 8;

/** A personal opening at least this long gives the e-mail images (a shorter GIF would flicker). */
const OWN_THUMBNAIL_MIN_SEC = 1;

function safeKey(key: string): string {
  const cleaned = key.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 80);
  if (!cleaned) throw new MediaError('INVALID_INPUT', `Recipient key "${key}" has no usable characters`);
  return cleaned;
}

/** A slot of the video: a shared part (rendered) or a personal one (a text per recipient). */
export type PartSlot = { shared: SharedPart } | { personal: true };

export interface RecipientSpec {
  /** Names the output files (sanitised); unique. */
  key: string;
  /** The recipient's text of each personal slot, in order; resolved: never a placeholder. */
  texts: string[];
  /** The e-mail images' text; without it no poster or GIF is made. */
  overlay?: ThumbnailOverlay;
}

export interface RecipientsInput extends VideoLook {
  parts: PartSlot[];
  recipients: RecipientSpec[];
  /** Personal parts rendered at once (default: the machine's cores). */
  concurrency?: number;
  /** Make the animated GIF next to the poster (default true). */
  gif?: boolean;
  /**
   * Called with each recipient's output as soon as it is made (before the others are done), so the
   * caller can store and send it at once: progress moves per recipient, not per batch.
   */
  onRecipient?: (out: RecipientOutput) => Promise<void>;
}

export interface RecipientOutput {
  key: string;
  /** The recipient's own bytes: the header and their personal parts. */
  partPath: string;
  partBytes: number;
  /** Byte ranges of the shared parts' files served after the recipient's bytes, in this order. */
  sharedRanges: { slot: number; start: number; end: number }[];
  /** The assembled video, playable (`<workDir>/<key>.mp4`). */
  videoPath: string;
  /** WebVTT of the whole video, unless captions are 'none'. */
  captionsPath?: string;
  posterPath?: string;
  gifPath?: string;
  gifBytes?: number;
  durationSec: number;
  /** Where each slot starts in the video, seconds. */
  startsSec: number[];
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

/** A video avatar's loop: a personal part before a shared one ends at its frame 0, after one goes on from its end. */
function clipStartOf(parts: PartSlot[], slot: number, frames: number): number {
  const next = parts[slot + 1];
  if (next && 'shared' in next) return -frames;
  const prev = parts[slot - 1];
  return prev && 'shared' in prev ? prev.shared.audioSamples / SAMPLES_PER_FRAME : 0;
}

/**
 * Every recipient's video, `concurrency` personal parts at a time: each distinct personal text is
 * spoken and rendered once, then each recipient's parts are joined with the shared ones (header +
 * personal parts written to `<key>.part.mp4`), and their captions and e-mail images made.
 */
export async function renderRecipients(input: RecipientsInput): Promise<RecipientOutput[]> {
  validateLook(input);
  const { parts, recipients } = input;
  if (recipients.length === 0) throw new MediaError('INVALID_INPUT', 'At least one recipient is needed');
  const personalSlots = [...parts.keys()].filter((i) => 'personal' in parts[i]!);
  if (recipients.some((r) => r.texts.length !== personalSlots.length)) throw new MediaError('INVALID_INPUT', 'Each recipient needs one text per personal part');
  const keys = recipients.map((r) => safeKey(r.key));
  if (new Set(keys).size !== keys.length) throw new MediaError('INVALID_INPUT', 'Recipient keys must be unique');
  const report = progressReporter(input.onProgress);
  const workDir = resolve(input.workDir);
  const tmp = await scratchDir(workDir);
  try {
    report(0);
    // Every text is checked before anything is spoken: a placeholder refuses the whole set at once.
    for (const r of recipients) for (const text of r.texts) assertSpeakable(text);
    // Each distinct text of each personal slot is spoken once (each part levelled on its own: decision
    // 216), when the first recipient who says it is rendered, together with the next few recipients'
    // texts of that slot: the first video waits for a few texts, not everyone's, and one engine start-up
    // (~0.3 CPU s) serves SPEECH_BATCH texts instead of one.
    const distinct = personalSlots.map((_, p) => [...new Set(recipients.map((r) => r.texts[p] as string))]);
    const voices = new Map<string, Promise<Awaited<ReturnType<typeof speak>>[number]>>();
    const voiceId = (p: number, text: string) => `${p}\u0000${text}`;
    const voiceOf = (p: number, text: string) => {
      if (!voices.has(voiceId(p, text))) {
        const slot = personalSlots[p] as number;
        const from = distinct[p]!.indexOf(text);
        const batch = distinct[p]!.slice(from)
          .filter((t) => !voices.has(voiceId(p, t)))
          .slice(0, SPEECH_BATCH);
        const spoken = speak(input, batch, tmp, `part-${slot}-b${from}`, partFraming({ index: slot, count: parts.length }));
        for (const [i, t] of batch.entries())
          voices.set(
            voiceId(p, t),
            spoken.then((all) => all[i]!),
          );
      }
      return voices.get(voiceId(p, text))!;
    };
    const scene = await prepareScene(sceneOf(input), tmp);
    const { width, height } = scene.input;
    const sharedBytes = new Map<number, Uint8Array>();
    for (const [i, slot] of parts.entries()) if ('shared' in slot) sharedBytes.set(i, new Uint8Array(await Bun.file(slot.shared.videoPath).arrayBuffer()));
    const rendered = new Map<string, Promise<RenderedPart>>();
    const partOf = (p: number, text: string): Promise<RenderedPart> => {
      const id = `${p}\u0000${text}`;
      let made = rendered.get(id);
      if (!made) {
        const slot = personalSlots[p] as number;
        const n = distinct[p]!.indexOf(text);
        const place = { index: slot, count: parts.length };
        made = voiceOf(p, text).then((voice) =>
          renderPart(scene, input, tmp, {
            ...place,
            name: `part-${slot}-${n}`,
            speech: voice.speech,
            pcm: voice.pcm,
            script: text,
            outFile: join(tmp, `part-${slot}-${n}.mp4`),
            clipStart: clipStartOf(parts, slot, partAudio(voice.pcm, place).pcm.samples.length / SAMPLES_PER_FRAME),
          }),
        );
        rendered.set(id, made);
      }
      return made;
    };
    const outputs: RecipientOutput[] = new Array(recipients.length);
    let done = 0;
    await pool(recipients, input.concurrency ?? availableParallelism(), async (recipient, i) => {
      const key = keys[i] as string;
      const own: RenderedPart[] = [];
      // One after the other: the pool's width is the number of renders at once.
      for (const [p, text] of recipient.texts.entries()) own.push(await partOf(p, text));
      const pieces = await Promise.all(
        parts.map(async (slot, s) => {
          if ('shared' in slot)
            return {
              bytes: sharedBytes.get(s)!,
              own: false,
              audioPreroll: s > 0 ? TAIL_PREROLL : 0,
              audioSamples: slot.shared.audioSamples,
              part: slot.shared as RenderedPart,
            };
          const part = own[personalSlots.indexOf(s)] as RenderedPart;
          return {
            bytes: new Uint8Array(await Bun.file(part.videoPath).arrayBuffer()),
            own: true,
            audioPreroll: s > 0 ? TAIL_PREROLL : 0,
            audioSamples: part.audioSamples,
            part,
          };
        }),
      );
      // The last part keeps every packet (the encoder's flush ends the video).
      const plan = joinPieces(
        pieces.map((x, s) => ({ bytes: x.bytes, own: x.own, audioPreroll: x.audioPreroll, audioSamples: s < parts.length - 1 ? x.audioSamples : undefined })),
      );
      const videoPath = join(workDir, `${key}.mp4`);
      const partPath = join(workDir, `${key}.part.mp4`);
      await Bun.write(partPath, plan.header);
      await Bun.write(videoPath, new Blob([plan.header, ...plan.shared.map((r) => pieces[r.piece]!.bytes.subarray(r.start, r.end))] as BlobPart[]));
      const allCues: CaptionCue[] = pieces.flatMap((x, s) => shiftCues(x.part.cues, plan.startsSec[s] ?? 0));
      let captionsPath: string | undefined;
      if (input.captions !== 'none') {
        captionsPath = join(workDir, `${key}.vtt`);
        await Bun.write(captionsPath, toVtt(allCues));
      }
      const out: RecipientOutput = {
        key: recipient.key,
        partPath,
        partBytes: (await stat(partPath)).size,
        sharedRanges: plan.shared.map((r) => ({ slot: r.piece, start: r.start, end: r.end })),
        videoPath,
        captionsPath,
        durationSec: plan.durationSec,
        startsSec: plan.startsSec,
        width,
        height,
      };
      if (recipient.overlay) {
        const t0 = performance.now();
        // The e-mail images from the recipient's own opening when the video starts with one (the
        // seconds that greet them, and a shorter GIF to store); from the joined video otherwise.
        const opening = 'personal' in parts[0]! && own[0]!.durationSec >= OWN_THUMBNAIL_MIN_SEC ? own[0]! : null;
        const thumbs = await makeThumbnails({
          videoPath: opening?.videoPath ?? videoPath,
          durationSec: opening?.durationSec ?? plan.durationSec,
          width,
          height,
          overlay: recipient.overlay,
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
      await input.onRecipient?.(out);
      report(10 + (++done / recipients.length) * 90);
    });
    return outputs;
  } finally {
    if (!process.env.MEDIA_KEEP_SCRATCH) await rm(tmp, { recursive: true, force: true });
  }
}

export interface PersonalisedInput extends VideoLook {
  /** Shared parts' texts are spoken as they are; personal ones come from each recipient's `texts`. */
  script: ScriptPart[];
  recipients: RecipientSpec[];
  concurrency?: number;
  gif?: boolean;
}

/** The shared parts once, then every recipient: the engine's whole personalisation in one call (tests, benchmarks). */
export async function renderPersonalised(input: PersonalisedInput): Promise<RecipientOutput[]> {
  const { script: given, recipients, ...look } = input;
  const { script, textsOf } = joinableScript(input, given);
  const parts: PartSlot[] = [];
  for (const [index, part] of script.entries()) {
    if (part.personal) parts.push({ personal: true });
    else
      parts.push({
        shared: await renderSharedPart({ ...look, script: part.text, index, count: script.length, workDir: join(resolve(input.workDir), '.shared') }),
      });
  }
  return renderRecipients({ ...look, parts, recipients: recipients.map((r) => ({ ...r, texts: textsOf(r.texts) })) });
}
