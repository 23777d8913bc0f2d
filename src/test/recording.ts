import { join } from 'node:path';
import { runFfmpeg } from '../media/ffmpeg.ts';
import { localSpeech } from '../media/tts.ts';
import { decodeWav, encodeWav } from '../media/wav.ts';
import type { Pcm } from '../media/wav.ts';
import { pearson } from './lip-sync.ts';

// A person reading sentences, as the wizard's teleprompter records them, made at test time from an
// offline voice: each sentence is spoken, given a level of its own, room tone before and after (a
// microphone is never silent), and encoded as a browser's MediaRecorder does (WebM/Opus). The render
// is not told the takes are synthetic: it only ever sees the files. Also the measure that tells a
// render's sound is these takes: the loudness envelope of each take found in the render's sound.

export interface FakeTake {
  text: string;
  /** The take as a browser would upload it. */
  path: string;
  /** The voice alone (no room tone), at its take's level: what the render should carry. */
  speech: Pcm;
}

/** Deterministic room tone (xorshift noise) at about `db` dBFS RMS. */
function roomTone(samples: number, db: number, seed: number): Int16Array {
  const out = new Int16Array(samples);
  const amp = 32768 * 10 ** (db / 20) * Math.sqrt(3);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < samples; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = Math.round(((x >>> 0) / 4294967296 - 0.5) * 2 * amp);
  }
  return out;
}

/** Takes of `sentences` by an offline voice (default: Flite's kal16, a man), `gainsDb` per take, room tone around each. */
export async function fakeTakes(
  sentences: string[],
  dir: string,
  opts: { voiceId?: string; gainsDb?: number[]; format?: 'webm' | 'wav'; leadSec?: number; trailSec?: number } = {},
): Promise<FakeTake[]> {
  const spoken = await localSpeech.synthesizeMany(
    sentences.map((text, i) => ({ text, voiceId: opts.voiceId ?? 'local-en-flite-kal16', workDir: dir, fileName: `voice-${i}.wav` })),
  );
  return Promise.all(
    spoken.map(async (s, i) => {
      const pcm = decodeWav(new Uint8Array(await Bun.file(s.wavPath).arrayBuffer()));
      const gain = 10 ** ((opts.gainsDb?.[i] ?? 0) / 20);
      const voice = pcm.samples.map((v) => Math.max(-32768, Math.min(32767, Math.round(v * gain))));
      const lead = Math.round((opts.leadSec ?? 0.6) * pcm.sampleRate);
      const trail = Math.round((opts.trailSec ?? 0.8) * pcm.sampleRate);
      const take = roomTone(lead + voice.length + trail, -62, 7 + i);
      for (let k = 0; k < voice.length; k++) take[lead + k] = Math.max(-32768, Math.min(32767, (take[lead + k] as number) + (voice[k] as number)));
      const wav = join(dir, `take-${i}.wav`);
      await Bun.write(wav, encodeWav({ sampleRate: pcm.sampleRate, samples: take }));
      let path = wav;
      if (opts.format !== 'wav') {
        path = join(dir, `take-${i}.webm`);
        await runFfmpeg(['-i', wav, '-ar', '48000', '-c:a', 'libopus', '-b:a', '48k', '-f', 'webm', path], { timeoutMs: 30_000, label: 'take encoding' });
      }
      return { text: sentences[i] as string, path, speech: { sampleRate: pcm.sampleRate, samples: voice } };
    }),
  );
}

/**
 * Loudness in dB of every 10 ms, floored `rangeDb` under the loudest window: the shape of speech whatever
 * its level (a quiet take and its levelled copy have the same shape down to the same depth).
 */
export function envelope(pcm: Pcm, rangeDb = 40): number[] {
  const hop = Math.round(pcm.sampleRate / 100);
  const out: number[] = [];
  for (let from = 0; from + hop <= pcm.samples.length; from += hop) {
    let sum = 0;
    for (let i = from; i < from + hop; i++) sum += ((pcm.samples[i] as number) / 32768) ** 2;
    out.push(10 * Math.log10(sum / hop + 1e-12));
  }
  const floor = Math.max(...out) - rangeDb;
  return out.map((v) => Math.max(floor, v));
}

/** The speech part of an envelope: from the first to the last window within 35 dB of its loudest. */
export function speechPart(env: number[]): number[] {
  const top = Math.max(...env);
  const first = env.findIndex((v) => v > top - 35);
  let last = env.length - 1;
  while (last > first && (env[last] as number) <= top - 35) last--;
  return env.slice(first, last + 1);
}

/** Where `needle` fits best in `hay` and how well (Pearson r of the envelopes). */
export function bestMatch(needle: number[], hay: number[]): { r: number; at: number } {
  let best = { r: -1, at: 0 };
  for (let at = 0; at + needle.length <= hay.length; at++) {
    const r = pearson(needle, hay.slice(at, at + needle.length));
    if (r > best.r) best = { r, at };
  }
  return best;
}
