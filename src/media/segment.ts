import { join } from 'node:path';
import { speakLevelled } from './audio-chain.ts';
import type { Framing } from './audio-samples.ts';
import { buildCues, captionLineChars } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { mouthBottom, segmentArgs } from './compose.ts';
import type { PreparedScene } from './compose.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { AUDIO_RATE, FPS } from './layout.ts';
import { actingSeed, assertSpeakable, renderTimeoutMs, speechOf, writeCaptionFiles } from './render.ts';
import type { VideoLook } from './render.ts';
import type { SpeechResult } from './tts.ts';
import { encodeWav } from './wav.ts';
import type { Pcm } from './wav.ts';

// The parts of a personalised video (docs/decisions/101-personal-streams.md): spoken text at a
// sample-exact 48 kHz, lengths that are whole video and AAC frames, and one segment's render.
// personalise.ts assembles the shared tail and the recipients' heads from these.

export const SAMPLES_PER_FRAME = AUDIO_RATE / FPS; // 1920
export const AAC_FRAME = 1024;
/** 15360 samples = 0.32 s = 8 video frames = 15 AAC frames: a head this long joins without drift. */
export const HEAD_QUANTUM = lcm(SAMPLES_PER_FRAME, AAC_FRAME);
/** Minimum pause between the personalised opening and the shared part. */
export const HEAD_GAP_SAMPLES = Math.round(AUDIO_RATE * 0.12);
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

/**
 * The parts' speech through the audio chain (audio-chain.ts), already at a sample-exact 48 kHz.
 * `framing` says where each part sits: silence before a video's first words, after its last.
 */
export async function speak(look: VideoLook, texts: string[], tmp: string, prefix: string, framing: Framing): Promise<{ speech: SpeechResult; pcm: Pcm }[]> {
  for (const t of texts) assertSpeakable(t);
  const speeches = await speakLevelled(
    speechOf(look),
    texts.map((text, i) => ({ text, voiceId: look.voiceId, workDir: tmp, fileName: `${prefix}-${i}.wav` })),
    texts.map(() => framing),
  );
  return speeches.map((speech) => ({ speech, pcm: speech.pcm }));
}

export const cuesFor = (speech: SpeechResult, pcm: Pcm, width: number, height: number): CaptionCue[] =>
  buildCues(speech.words, { maxChars: captionLineChars(width, height), maxLines: 2, endSec: pcm.samples.length / pcm.sampleRate });

/** One segment (video + its sound) with the look's captions burned in when asked. */
export type Segment = {
  name: string;
  pcm: Pcm;
  audio: Pcm;
  speech: SpeechResult;
  script: string;
  cues: CaptionCue[];
  zoom: [number, number];
  outFile: string;
  /** Video avatars: where in the clip's loop the segment starts (see SegmentInput.clipStart). */
  clipStart?: number;
};

export async function renderSegment(scene: PreparedScene, look: VideoLook, tmp: string, seg: Segment) {
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
    clipStart: seg.clipStart,
  });
  await runFfmpeg(args, { cwd: tmp, timeoutMs: renderTimeoutMs(frames / FPS, width, height), durationSec: frames / FPS, label: `render of ${seg.name}` });
}
