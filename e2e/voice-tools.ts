// Run by e2e/record-voice.spec.ts with Bun (the journey runs in Node, the engine needs Bun):
//   bun e2e/voice-tools.ts mic <out.wav> "<sentence A>" "<sentence B>"
//     The fake microphone's file: a man's voice (Flite kal16) saying A, then B 8 dB quieter, 48 kHz 16-bit
//     mono (Chromium loops it): 1 s of silence, A, 2 s, B, 3.5 s. The long silence tells where the loop is:
//     quiet for 2.5 s, the next sentence is A. Prints where each sentence is, in seconds.
//   bun e2e/voice-tools.ts measure <video.mp4> <mic.wav> <synthetic voice id> "<sentence A>"
//     The rendered video's sound and mouth: loudness, true peak, silences, lip-sync from the pixels, and how
//     well each sentence of the microphone's file (and, for contrast, the synthetic voice saying A) is found
//     in the video's sound (Pearson r of 10 ms loudness envelopes at the best place).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { probe } from '../src/media/ffmpeg.ts';
import { localSpeech } from '../src/media/tts.ts';
import { decodeWav, encodeWav } from '../src/media/wav.ts';
import { lipSync, stockMouthBox } from '../src/test/lip-sync.ts';
import { bestMatch, envelope, speechPart } from '../src/test/recording.ts';
import { decodeSound, soundFigures } from '../src/test/sound.ts';
import { runFfmpeg } from '../src/media/ffmpeg.ts';

const RATE = 48_000;
const GAPS = { lead: 1.0, between: 2.0, trail: 3.5 };
const B_GAIN = 10 ** (-8 / 20);

async function speak(texts: string[], voiceId: string, dir: string): Promise<Int16Array[]> {
  const spoken = await localSpeech.synthesizeMany(texts.map((text, i) => ({ text, voiceId, workDir: dir, fileName: `s-${i}.wav` })));
  return Promise.all(
    spoken.map(async (s, i) => {
      const out = join(dir, `s-${i}-48k.wav`);
      await runFfmpeg(['-i', s.wavPath, '-ar', String(RATE), '-ac', '1', '-c:a', 'pcm_s16le', out], { timeoutMs: 30_000, label: 'resample' });
      const pcm = decodeWav(new Uint8Array(await Bun.file(out).arrayBuffer())).samples;
      // Only the speech: the engine's own silences are cut, the file's gaps are exact.
      const env = envelope({ sampleRate: RATE, samples: pcm });
      const top = Math.max(...env);
      const first = env.findIndex((v) => v > top - 35);
      let last = env.length - 1;
      while (last > first && (env[last] as number) <= top - 35) last--;
      return pcm.slice(first * 480, (last + 1) * 480);
    }),
  );
}

async function mic(out: string, sentences: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'fake-mic-'));
  const [a, loud] = (await speak(sentences, 'local-en-flite-kal16', dir)) as [Int16Array, Int16Array];
  const b = loud.map((v) => Math.round(v * B_GAIN));
  const n = (s: number) => Math.round(s * RATE);
  const samples = new Int16Array(n(GAPS.lead) + a.length + n(GAPS.between) + b.length + n(GAPS.trail));
  samples.set(a, n(GAPS.lead));
  samples.set(b, n(GAPS.lead) + a.length + n(GAPS.between));
  await Bun.write(out, encodeWav({ sampleRate: RATE, samples }));
  const aStart = GAPS.lead;
  const bStart = aStart + a.length / RATE + GAPS.between;
  console.log(JSON.stringify({ a: { start: aStart, sec: a.length / RATE }, b: { start: bStart, sec: b.length / RATE }, total: samples.length / RATE }));
}

async function measure(video: string, micFile: string, syntheticVoice: string, sentenceA: string) {
  const dir = await mkdtemp(join(tmpdir(), 'measure-'));
  const figures = await soundFigures(video, dir);
  const info = await probe(video);
  const sync = await lipSync(video, stockMouthBox(info.video?.width ?? 0, info.video?.height ?? 0), dir);
  const sound = envelope({ sampleRate: RATE, samples: await decodeSound(video, dir) });
  const file = decodeWav(new Uint8Array(await Bun.file(micFile).arrayBuffer()));
  // The file's two sentences, found by their own loudness (the file is silent between them).
  const env = envelope(file);
  const silent = Math.min(...env) + 1;
  const spans: [number, number][] = [];
  for (let i = 0; i < env.length; i++) {
    if ((env[i] as number) <= silent) continue;
    const last = spans.at(-1);
    if (last && i - last[1] < 50) last[1] = i;
    else spans.push([i, i]);
  }
  const matches = spans.map(([from, to]) => bestMatch(speechPart(env.slice(from, to + 1)), sound));
  const [synthetic] = await speak([sentenceA], syntheticVoice, dir);
  const control = bestMatch(speechPart(envelope({ sampleRate: RATE, samples: synthetic as Int16Array })), sound);
  console.log(JSON.stringify({ ...figures, lipSync: sync, matches, control, width: info.video?.width, height: info.video?.height }));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'mic') await mic(args[0] as string, args.slice(1));
else if (command === 'measure') await measure(args[0] as string, args[1] as string, args[2] as string, args[3] as string);
else throw new Error(`unknown command ${command}`);
