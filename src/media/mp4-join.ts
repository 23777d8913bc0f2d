import { MediaError } from './errors.ts';
import { parseMp4 } from './mp4-read.ts';
import type { Sample, Track } from './mp4-read.ts';

// Byte-level join of MP4 parts made by the same encoder settings (a recipient's personal
// segments and the shared ones between them), without re-encoding and without copying the shared
// parts: `joinPieces(parts)` returns the recipient's own bytes — ftyp + a moov describing every
// sample of every part + the mdat header + their own parts' samples — and the byte ranges of the
// shared files that follow them. Serving `header ++ shared ranges` is a plain, faststart, seekable
// MP4 (docs/decisions/101-personal-streams.md, 227-personal-segments.md). Audio priming: the first
// part keeps its edit list; every later part's leading packets (encoder priming + silence
// pre-roll) are left out: `audioPreroll`.

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

/** One part of a joined video: an MP4 made with the video's encoder settings. */
export type JoinPiece = {
  bytes: Uint8Array;
  /** The recipient's own part (its samples go in their header) or a shared one (served from its file). */
  own: boolean;
  /**
   * Length of the part's audio in samples (after its edit list and pre-roll): packets past it are
   * the encoder's flush and are left out, so the next part starts exactly there. Default: every packet.
   */
  audioSamples?: number;
  /**
   * Silence the part's audio was encoded with before its first real sample (every part but the
   * first). That pre-roll and the encoder's priming (its edit list) are left out, whole packets only.
   */
  audioPreroll?: number;
};

export type PiecesPlan = {
  /** ftyp + moov + mdat header + the own parts' sample bytes, in order: the recipient's own file. */
  header: Uint8Array;
  /** The shared parts' byte ranges (of their own files), served after `header` in this order. */
  shared: { piece: number; start: number; end: number }[];
  durationSec: number;
  /** Where each part starts in the joined video, seconds (the video track's time). */
  startsSec: number[];
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
 * The recipient's header for the parts played one after the other (each read whole: they are
 * small and local). The media data holds the own parts first, then the shared ones, so the
 * recipient's bytes are one prefix of the file; the chunk offsets put every sample in play order.
 * Tracks are matched by handler; codec configurations must be identical (same encoder settings).
 */
export function joinPieces(pieces: JoinPiece[]): PiecesPlan {
  if (pieces.length === 0) throw new MediaError('INVALID_INPUT', 'Nothing to join');
  const parsed = pieces.map((p) => parseMp4(p.bytes));
  const first = parsed[0]!;
  // Where each part's payload lands in the joined mdat: own parts first, then the shared ones.
  const order = [...pieces.keys()].filter((i) => pieces[i]!.own).concat([...pieces.keys()].filter((i) => !pieces[i]!.own));
  const placeAt = new Array<number>(pieces.length);
  let payload = 0;
  for (const i of order) {
    placeAt[i] = payload;
    payload += parsed[i]!.payloadEnd - parsed[i]!.payloadStart;
  }
  const tracks: { track: Track; samples: Placed[]; mediaDuration: number; starts: number[] }[] = [];
  for (const h of first.tracks) {
    if (h.handler !== 'vide' && h.handler !== 'soun') continue;
    const samples: Placed[] = [];
    const starts: number[] = [];
    let time = 0;
    parsed.forEach((mp4, i) => {
      const t = mp4.tracks.find((x) => x.handler === h.handler);
      if (!t) throw new MediaError('INVALID_INPUT', `A part has no ${h.handler} track`);
      if (t.timescale !== h.timescale || !sameBytes(codecKey(t.stsd), codecKey(h.stsd)))
        throw new MediaError('INVALID_INPUT', `The ${h.handler} tracks were encoded differently and cannot be joined`);
      let ts = t.samples;
      const piece = pieces[i]!;
      if (h.handler === 'soun') {
        const from = i === 0 ? 0 : packetAt(ts, t.mediaTime + (piece.audioPreroll ?? 0), "part's pre-roll");
        const skipped = ts.slice(0, from).reduce((n, s) => n + s.duration, 0);
        const to = piece.audioSamples === undefined ? ts.length : packetAt(ts, (i === 0 ? t.mediaTime : skipped) + piece.audioSamples, 'part');
        ts = ts.slice(from, to);
      } else if (t.mediaTime !== h.mediaTime) throw new MediaError('INVALID_INPUT', 'The video parts start with different delays and cannot be joined');
      starts.push(time);
      for (const s of ts) {
        samples.push({ ...s, at: placeAt[i]! + s.offset - mp4.payloadStart });
        time += s.duration;
      }
    });
    if (samples.some((s) => s.at < 0 || s.at + s.size > payload)) throw new MediaError('INVALID_INPUT', 'A sample lies outside the media data');
    tracks.push({ track: h, samples, mediaDuration: time, starts });
  }
  const movie = first.movieTimescale;
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
      withDuration(first.mvhd, 'mvhd', movieDuration),
      ...tracks.map((x, i) => {
        const edit = box('edts', box('elst', u32s(0, 1, toMovie(shown[i]!, x.track.timescale), x.track.mediaTime, 0x00010000)));
        const minf = box('minf', ...x.track.minfExtra, stbl(x.track, x.samples, base));
        const mdia = box('mdia', withDuration(x.track.mdhd, 'mdhd', x.mediaDuration), x.track.hdlr, minf);
        return box('trak', withDuration(x.track.tkhd, 'tkhd', toMovie(shown[i]!, x.track.timescale)), edit, mdia);
      }),
    );
  const mdatHeader = new Uint8Array(8);
  new DataView(mdatHeader.buffer).setUint32(0, payload + 8);
  mdatHeader.set(enc.encode('mdat'), 4);
  const base = first.ftyp.length + buildMoov(0).length + mdatHeader.length;
  if (base + payload > 0xffffffff) throw new MediaError('INVALID_INPUT', 'The joined video is too large (4 GB)');
  const moov = buildMoov(base);
  const own = order.filter((i) => pieces[i]!.own);
  const ownBytes = own.reduce((n, i) => n + parsed[i]!.payloadEnd - parsed[i]!.payloadStart, 0);
  const header = new Uint8Array(base + ownBytes);
  header.set(first.ftyp, 0);
  header.set(moov, first.ftyp.length);
  header.set(mdatHeader, first.ftyp.length + moov.length);
  for (const i of own) header.set(pieces[i]!.bytes.subarray(parsed[i]!.payloadStart, parsed[i]!.payloadEnd), base + placeAt[i]!);
  const shared = order.filter((i) => !pieces[i]!.own).map((i) => ({ piece: i, start: parsed[i]!.payloadStart, end: parsed[i]!.payloadEnd }));
  const video = tracks.findIndex((x) => x.track.handler === 'vide');
  const main = tracks[Math.max(video, 0)]!;
  return {
    header,
    shared,
    durationSec: shown[Math.max(video, 0)]! / main.track.timescale,
    startsSec: main.starts.map((t) => t / main.track.timescale),
  };
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
