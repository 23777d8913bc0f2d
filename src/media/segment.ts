import { join } from 'node:path';
import { buildCues, captionLineChars } from './captions.ts';
import type { CaptionCue } from './captions.ts';
import { mouthBottom, segmentArgs } from './compose.ts';
import type { PreparedScene } from './compose.ts';
import { runFfmpeg } from './ffmpeg.ts';
import { AUDIO_RATE, FPS } from './layout.ts';
import { actingSeed, assertSpeakable, renderTimeoutMs, speechOf, writeCaptionFiles } from './render.ts';
import type { VideoLook } from './render.ts';
import type { SpeechResult } from './tts.ts';
import { decodeWav, encodeWav } from './wav.ts';
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

/** eSpeak speaks at 22.05 kHz; one ffmpeg run resamples every clip to 48 kHz so samples count exactly. */
async function resampleAll(files: string[], cwd: string): Promise<Pcm[]> {
  const args: string[] = [];
  for (const file of files) args.push('-i', file);
  for (const i of files.keys()) args.push('-map', `${i}:a`, '-ar', String(AUDIO_RATE), '-ac', '1', '-c:a', 'pcm_s16le', `r48-${i}.wav`);
  await runFfmpeg(args, { cwd, timeoutMs: 60_000 + files.length * 5_000, label: 'audio resampling' });
  return Promise.all(files.map(async (_, i) => decodeWav(new Uint8Array(await Bun.file(join(cwd, `r48-${i}.wav`)).arrayBuffer()))));
}

export async function speak(look: VideoLook, texts: string[], tmp: string, prefix: string): Promise<{ speech: SpeechResult; pcm: Pcm }[]> {
  for (const t of texts) assertSpeakable(t);
  const speeches = await speechOf(look).synthesizeMany(texts.map((text, i) => ({ text, voiceId: look.voiceId, workDir: tmp, fileName: `${prefix}-${i}.wav` })));
  const pcms = await resampleAll(
    speeches.map((s) => s.wavPath),
    tmp,
  );
  return speeches.map((speech, i) => ({ speech, pcm: pcms[i] as Pcm }));
}

export const cuesFor = (speech: SpeechResult, pcm: Pcm, width: number, height: number): CaptionCue[] =>
  buildCues(speech.words, { maxChars: captionLineChars(width, height), maxLines: 2, endSec: pcm.samples.length / pcm.sampleRate });

/** One segment (video + its sound) with the look's captions burned in when asked. */
export type Segment = { name: string; pcm: Pcm; audio: Pcm; speech: SpeechResult; script: string; cues: CaptionCue[]; zoom: [number, number]; outFile: string };

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
  });
  await runFfmpeg(args, { cwd: tmp, timeoutMs: renderTimeoutMs(frames / FPS, width, height), durationSec: frames / FPS, label: `render of ${seg.name}` });
}
