import { MediaError } from './errors.ts';

/** Mono 16-bit PCM: the only shape the engine produces (eSpeak) or re-reads (ffmpeg `-f wav -c pcm_s16le -ac 1`). */
export interface Pcm {
  sampleRate: number;
  samples: Int16Array;
}

export function encodeWav(pcm: Pcm): Uint8Array {
  const dataBytes = pcm.samples.length * 2;
  const out = new Uint8Array(44 + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[offset + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, pcm.sampleRate, true);
  view.setUint32(28, pcm.sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  // Copy through bytes so the result is little-endian regardless of the Int16Array's offset.
  out.set(new Uint8Array(pcm.samples.buffer, pcm.samples.byteOffset, dataBytes), 44);
  return out;
}

/** Parses a PCM16 WAV, walking chunks because ffmpeg writes a LIST chunk before `data`. */
export function decodeWav(bytes: Uint8Array): Pcm {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tag = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  if (bytes.length < 12 || tag(0) !== 'RIFF' || tag(8) !== 'WAVE') throw new MediaError('INVALID_INPUT', 'Not a WAV file');
  let offset = 12;
  let sampleRate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = tag(offset);
    // ffmpeg writes 0xFFFFFFFF sizes when streaming to a pipe; treat as "to end of file".
    let size = view.getUint32(offset + 4, true);
    if (size === 0xffffffff || offset + 8 + size > bytes.length) size = bytes.length - offset - 8;
    if (id === 'fmt ') {
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      bits = view.getUint16(offset + 22, true);
    } else if (id === 'data') {
      if (bits !== 16) throw new MediaError('INVALID_INPUT', `Unsupported WAV: ${bits}-bit (need 16-bit PCM)`);
      const frames = Math.floor(size / 2 / Math.max(1, channels));
      const samples = new Int16Array(frames);
      for (let i = 0; i < frames; i++) samples[i] = view.getInt16(offset + 8 + i * 2 * channels, true);
      return { sampleRate, samples };
    }
    offset += 8 + size + (size % 2);
  }
  throw new MediaError('INVALID_INPUT', 'WAV file has no data chunk');
}

export function durationOf(pcm: Pcm): number {
  return pcm.samples.length / pcm.sampleRate;
}

/** Appends silence so the sample count is a multiple of `multiple`, at least `minSamples` rounded up. */
export function padToMultiple(pcm: Pcm, multiple: number, minSamples = 0): Pcm {
  const target = Math.ceil(Math.max(minSamples, pcm.samples.length) / multiple) * multiple;
  if (target === pcm.samples.length) return pcm;
  const samples = new Int16Array(target);
  samples.set(pcm.samples);
  return { sampleRate: pcm.sampleRate, samples };
}

export function concatPcm(parts: Pcm[]): Pcm {
  const first = parts[0];
  if (!first) throw new MediaError('INVALID_INPUT', 'Nothing to join');
  if (parts.some((p) => p.sampleRate !== first.sampleRate)) throw new MediaError('INVALID_INPUT', 'Cannot join audio with different sample rates');
  const samples = new Int16Array(parts.reduce((n, p) => n + p.samples.length, 0));
  let at = 0;
  for (const part of parts) {
    samples.set(part.samples, at);
    at += part.samples.length;
  }
  return { sampleRate: first.sampleRate, samples };
}
