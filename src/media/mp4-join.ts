import { MediaError } from './errors.ts';
import { parseMp4 } from './mp4-read.ts';
import type { Sample, Track } from './mp4-read.ts';

// Byte-level join of two MP4 files made by the same encoder settings (a recipient's personal
// opening and the shared rest), without re-encoding and without copying the shared part:
// `joinHeader(head, tail)` returns the recipient's own bytes — ftyp + a moov describing every
// sample of both files + the mdat header + the head's samples — and the byte range of the tail
// file that follows them. Serving `header ++ tail[range]` is a plain, faststart, seekable MP4
// (docs/decisions/101-personal-streams.md). Audio priming: the head keeps its edit list; the
// tail's leading packets (encoder priming + silence pre-roll) are left out: `tailAudioPreroll`.

const enc = new TextEncoder();

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(enc.encode(type), 4);
  let at = 8;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function u32s(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  const v = new DataView(out.buffer);
  for (const [i, x] of values.entries()) v.setUint32(i * 4, x >>> 0);
  return out;
}

/** A copy of a mvhd / tkhd / mdhd with its duration replaced (either version). */
function withDuration(raw: Uint8Array, kind: 'mvhd' | 'tkhd' | 'mdhd', duration: number): Uint8Array {
  const out = raw.slice();
  const v = new DataView(out.buffer);
  const version = v.getUint8(8);
  const at = 8 + (version === 1 ? { mvhd: 24, tkhd: 28, mdhd: 24 }[kind] : { mvhd: 16, tkhd: 20, mdhd: 16 }[kind]);
  if (version === 1) v.setBigUint64(at, BigInt(duration));
  else v.setUint32(at, Math.min(0xffffffff, duration));
  return out;
}

/** Run-length (count, value) pairs. */
function runs(values: number[]): number[] {
  const out: number[] = [];
  for (const x of values) {
    if (out.length && out[out.length - 1] === x) out[out.length - 2]!++;
    else out.push(1, x);
  }
  return out;
}

type Placed = Sample & { at: number };

function stbl(track: Track, samples: Placed[], base: number): Uint8Array {
  // Samples that follow each other in the file form one chunk.
  const chunkStarts: number[] = [];
  const perChunk: number[] = [];
  samples.forEach((s, i) => {
    const prev = samples[i - 1];
    if (prev && prev.at + prev.size === s.at) perChunk[perChunk.length - 1]!++;
    else {
      chunkStarts.push(base + s.at);
      perChunk.push(1);
    }
  });
  const stsc: number[] = [];
  perChunk.forEach((n, i) => {
    if (i === 0 || perChunk[i - 1] !== n) stsc.push(i + 1, n, 1);
  });
  const stts = runs(samples.map((s) => s.duration));
  const ctts = runs(samples.map((s) => s.cto));
  const sync = samples.flatMap((s, i) => (s.sync ? [i + 1] : []));
  return box(
    'stbl',
    track.stsd,
    box('stts', u32s(0, stts.length / 2, ...stts)),
    ...(track.hasCto ? [box('ctts', u32s(0, ctts.length / 2, ...ctts))] : []),
    ...(sync.length === samples.length ? [] : [box('stss', u32s(0, sync.length, ...sync))]),
    box('stsc', u32s(0, stsc.length / 3, ...stsc)),
    box('stsz', u32s(0, 0, samples.length, ...samples.map((s) => s.size))),
    box('stco', u32s(0, chunkStarts.length, ...chunkStarts)),
  );
}

export type JoinPlan = {
  /** ftyp + moov + mdat header + the head's sample bytes: the recipient's own file. */
  header: Uint8Array;
  /** Bytes of the tail file to serve after `header` (its samples). */
  tailStart: number;
  tailEnd: number;
  durationSec: number;
};

export type JoinOptions = {
  /**
   * Length of the head's audio in samples (after its edit list): packets past it are the encoder's
   * flush and are left out, so the tail starts exactly there. Default: every packet.
   */
  headAudioSamples?: number;
  /**
   * Silence the tail's audio was encoded with before its first real sample. That pre-roll and the
   * encoder's priming (the tail's edit list) are left out, whole packets only.
   */
  tailAudioPreroll?: number;
};

/** Index of the first packet at or past `time` (media timescale), which must fall on a packet edge. */
function packetAt(samples: Sample[], time: number, what: string): number {
  let t = 0;
  for (let i = 0; i < samples.length; i++) {
    if (t === time) return i;
    if (t > time) break;
    t += samples[i]!.duration;
  }
  if (t === time) return samples.length;
  throw new MediaError('INVALID_INPUT', `The ${what} does not end on an audio packet edge`);
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The recipient's header for `head ++ tail` (both read whole: they are small and local). Tracks
 * are matched by handler; codec configurations must be identical (same encoder settings).
 */
export function joinHeader(headBytes: Uint8Array, tailBytes: Uint8Array, opts: JoinOptions = {}): JoinPlan {
  const head = parseMp4(headBytes);
  const tail = parseMp4(tailBytes);
  const headPayload = head.payloadEnd - head.payloadStart;
  const tailPayload = tail.payloadEnd - tail.payloadStart;
  const tracks: { track: Track; samples: Placed[]; mediaDuration: number }[] = [];
  for (const h of head.tracks) {
    if (h.handler !== 'vide' && h.handler !== 'soun') continue;
    const t = tail.tracks.find((x) => x.handler === h.handler);
    if (!t) throw new MediaError('INVALID_INPUT', `The shared part has no ${h.handler} track`);
    if (t.timescale !== h.timescale || !sameBytes(codecKey(t.stsd), codecKey(h.stsd)))
      throw new MediaError('INVALID_INPUT', `The ${h.handler} tracks were encoded differently and cannot be joined`);
    let hs = h.samples;
    let ts = t.samples;
    if (h.handler === 'soun') {
      if (opts.headAudioSamples !== undefined) hs = hs.slice(0, packetAt(hs, h.mediaTime + opts.headAudioSamples, 'opening'));
      ts = ts.slice(packetAt(ts, t.mediaTime + (opts.tailAudioPreroll ?? 0), "shared part's pre-roll"));
    } else if (t.mediaTime !== h.mediaTime) throw new MediaError('INVALID_INPUT', 'The video parts start with different delays and cannot be joined');
    const samples: Placed[] = [
      ...hs.map((s) => ({ ...s, at: s.offset - head.payloadStart })),
      ...ts.map((s) => ({ ...s, at: headPayload + s.offset - tail.payloadStart })),
    ];
    if (samples.some((s) => s.at < 0 || s.at + s.size > headPayload + tailPayload))
      throw new MediaError('INVALID_INPUT', 'A sample lies outside the media data');
    tracks.push({ track: h, samples, mediaDuration: samples.reduce((n, s) => n + s.duration, 0) });
  }
  const movie = head.movieTimescale;
  const toMovie = (d: number, scale: number) => Math.round((d * movie) / scale);
  // Presented from the edit's media time to the end of the last sample shown (composition offsets included).
  const shown = tracks.map((x) => {
    let dts = 0;
    let end = 0;
    for (const s of x.samples) {
      end = Math.max(end, dts + s.cto + s.duration);
      dts += s.duration;
    }
    return Math.max(0, end - x.track.mediaTime);
  });
  const movieDuration = Math.max(...tracks.map((x, i) => toMovie(shown[i]!, x.track.timescale)));
  // Chunk offsets are absolute: the moov is built once to learn its size, then with the real base.
  const buildMoov = (base: number) =>
    box(
      'moov',
      withDuration(head.mvhd, 'mvhd', movieDuration),
      ...tracks.map((x, i) => {
        const edit = box('edts', box('elst', u32s(0, 1, toMovie(shown[i]!, x.track.timescale), x.track.mediaTime, 0x00010000)));
        const minf = box('minf', ...x.track.minfExtra, stbl(x.track, x.samples, base));
        const mdia = box('mdia', withDuration(x.track.mdhd, 'mdhd', x.mediaDuration), x.track.hdlr, minf);
        return box('trak', withDuration(x.track.tkhd, 'tkhd', toMovie(shown[i]!, x.track.timescale)), edit, mdia);
      }),
    );
  const payload = headPayload + tailPayload;
  const mdatHeader = new Uint8Array(8);
  new DataView(mdatHeader.buffer).setUint32(0, payload + 8);
  mdatHeader.set(enc.encode('mdat'), 4);
  const base = head.ftyp.length + buildMoov(0).length + mdatHeader.length;
  if (base + payload > 0xffffffff) throw new MediaError('INVALID_INPUT', 'The joined video is too large (4 GB)');
  const moov = buildMoov(base);
  const header = new Uint8Array(base + headPayload);
  header.set(head.ftyp, 0);
  header.set(moov, head.ftyp.length);
  header.set(mdatHeader, head.ftyp.length + moov.length);
  header.set(headBytes.subarray(head.payloadStart, head.payloadEnd), base);
  const video = tracks.findIndex((x) => x.track.handler === 'vide');
  const main = Math.max(video, 0);
  return { header, tailStart: tail.payloadStart, tailEnd: tail.payloadEnd, durationSec: shown[main]! / tracks[main]!.track.timescale };
}

/**
 * What must match for two parts to play as one: the sample entry type and, for video, its decoder
 * configuration box (avcC / hvcC); for audio, rate and channels. Bit-rate fields (btrt, esds
 * averages) differ between two encodes and do not matter.
 */
function codecKey(stsd: Uint8Array): Uint8Array {
  const entry = stsd.subarray(16);
  const type = String.fromCharCode(...entry.subarray(4, 8));
  for (const name of ['avcC', 'hvcC']) {
    const tag = enc.encode(name);
    for (let i = 4; i + 4 <= entry.length; i++) {
      if (entry[i] === tag[0] && entry[i + 1] === tag[1] && entry[i + 2] === tag[2] && entry[i + 3] === tag[3]) {
        const size = new DataView(entry.buffer, entry.byteOffset).getUint32(i - 4);
        return entry.subarray(i - 4, i - 4 + size);
      }
    }
  }
  return enc.encode(`${type}:${Array.from(entry.subarray(8, 36)).join(',')}`);
}
