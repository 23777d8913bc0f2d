import { MediaError } from './errors.ts';

// Reading an MP4's sample tables (ISO/IEC 14496-12): what mp4-join.ts needs to describe another
// file's samples in a new moov. Progressive files only (one moov, one mdat), as ffmpeg writes them.

export type Box = { type: string; start: number; end: number; body: number };

function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const out: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let size = v.getUint32(at);
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!);
    let body = at + 8;
    if (size === 1) {
      size = Number(v.getBigUint64(at + 8));
      body = at + 16;
    } else if (size === 0) size = end - at;
    if (size < 8 || at + size > end) throw new MediaError('INVALID_INPUT', `Broken MP4 box "${type}"`);
    out.push({ type, start: at, end: at + size, body });
    at += size;
  }
  return out;
}

const child = (b: Uint8Array, parent: Box, type: string) => boxes(b, parent.body, parent.end).find((x) => x.type === type);
function need(b: Uint8Array, parent: Box, type: string): Box {
  const found = child(b, parent, type);
  if (!found) throw new MediaError('INVALID_INPUT', `MP4 without a "${type}" box`);
  return found;
}

export type Sample = { offset: number; size: number; duration: number; cto: number; sync: boolean };

export type Track = {
  handler: string;
  timescale: number;
  /** Raw boxes copied to the output as they are. */
  tkhd: Uint8Array;
  mdhd: Uint8Array;
  hdlr: Uint8Array;
  /** minf's children other than stbl (vmhd/smhd, dinf). */
  minfExtra: Uint8Array[];
  stsd: Uint8Array;
  /** Media time where presentation starts (the edit list), 0 without one. */
  mediaTime: number;
  samples: Sample[];
  hasCto: boolean;
};

export type ParsedMp4 = { ftyp: Uint8Array; mvhd: Uint8Array; movieTimescale: number; tracks: Track[]; payloadStart: number; payloadEnd: number };

function fullBox(b: Uint8Array, box: Box) {
  const v = new DataView(b.buffer, b.byteOffset + box.body, box.end - box.body);
  return { v, version: v.getUint8(0) };
}

function parseTrack(b: Uint8Array, trak: Box): Track {
  const mdia = need(b, trak, 'mdia');
  const mdhd = need(b, mdia, 'mdhd');
  const { v: mv, version: mver } = fullBox(b, mdhd);
  const timescale = mv.getUint32(mver === 1 ? 20 : 12);
  const hdlr = need(b, mdia, 'hdlr');
  const handler = String.fromCharCode(...b.subarray(hdlr.body + 8, hdlr.body + 12));
  const minf = need(b, mdia, 'minf');
  const stbl = need(b, minf, 'stbl');
  const read = (type: string) => child(b, stbl, type);
  let mediaTime = 0;
  const elst = child(b, child(b, trak, 'edts') ?? trak, 'elst');
  if (elst) {
    const { v, version } = fullBox(b, elst);
    const n = v.getUint32(4);
    // Skip empty edits (media_time -1); take the first real one.
    for (let i = 0, at = 8; i < n; i++, at += version === 1 ? 20 : 12) {
      const t = version === 1 ? Number(v.getBigInt64(at + 8)) : v.getInt32(at + 4);
      if (t >= 0) {
        mediaTime = t;
        break;
      }
    }
  }
  // Sizes
  const stsz = fullBox(b, need(b, stbl, 'stsz')).v;
  const uniform = stsz.getUint32(4);
  const count = stsz.getUint32(8);
  const sizes = Array.from({ length: count }, (_, i) => (uniform ? uniform : stsz.getUint32(12 + i * 4)));
  // Durations
  const durations: number[] = [];
  const stts = fullBox(b, need(b, stbl, 'stts')).v;
  for (let i = 0, n = stts.getUint32(4); i < n; i++) for (let k = 0, c = stts.getUint32(8 + i * 8); k < c; k++) durations.push(stts.getUint32(12 + i * 8));
  // Composition offsets
  const ctts = read('ctts');
  const ctos: number[] = [];
  if (ctts) {
    const { v, version } = fullBox(b, ctts);
    for (let i = 0, n = v.getUint32(4); i < n; i++)
      for (let k = 0, c = v.getUint32(8 + i * 8); k < c; k++) ctos.push(version === 1 ? v.getInt32(12 + i * 8) : v.getUint32(12 + i * 8));
  }
  // Sync samples (no stss: every sample is one)
  const stss = read('stss');
  let sync: Set<number> | null = null;
  if (stss) {
    const { v } = fullBox(b, stss);
    sync = new Set(Array.from({ length: v.getUint32(4) }, (_, i) => v.getUint32(8 + i * 4) - 1));
  }
  // Offsets: chunks (stco / co64) and samples per chunk (stsc)
  const co = read('stco') ?? read('co64');
  if (!co) throw new MediaError('INVALID_INPUT', 'MP4 without chunk offsets');
  const { v: cv } = fullBox(b, co);
  const chunks = Array.from({ length: cv.getUint32(4) }, (_, i) => (co.type === 'co64' ? Number(cv.getBigUint64(8 + i * 8)) : cv.getUint32(8 + i * 4)));
  const { v: sc } = fullBox(b, need(b, stbl, 'stsc'));
  const runs = Array.from({ length: sc.getUint32(4) }, (_, i) => ({ first: sc.getUint32(8 + i * 12) - 1, per: sc.getUint32(12 + i * 12) }));
  const offsets: number[] = [];
  for (let r = 0, s = 0; r < runs.length; r++) {
    const last = r + 1 < runs.length ? runs[r + 1]!.first : chunks.length;
    for (let c = runs[r]!.first; c < last; c++) {
      let at = chunks[c]!;
      for (let k = 0; k < runs[r]!.per && s < count; k++, s++) {
        offsets.push(at);
        at += sizes[s]!;
      }
    }
  }
  if (offsets.length !== count || durations.length < count) throw new MediaError('INVALID_INPUT', 'Inconsistent MP4 sample tables');
  const samples = sizes.map((size, i) => ({ offset: offsets[i]!, size, duration: durations[i]!, cto: ctos[i] ?? 0, sync: sync ? sync.has(i) : true }));
  const raw = (x: Box) => b.slice(x.start, x.end);
  return {
    handler,
    timescale,
    tkhd: raw(need(b, trak, 'tkhd')),
    mdhd: raw(mdhd),
    hdlr: raw(hdlr),
    minfExtra: boxes(b, minf.body, minf.end)
      .filter((x) => x.type !== 'stbl')
      .map(raw),
    stsd: raw(need(b, stbl, 'stsd')),
    mediaTime,
    samples,
    hasCto: !!ctts,
  };
}

/** Reads the movie header, the tracks' sample tables and where the samples' bytes lie. */
export function parseMp4(b: Uint8Array): ParsedMp4 {
  const top = boxes(b, 0, b.length);
  const ftyp = top.find((x) => x.type === 'ftyp');
  const moov = top.find((x) => x.type === 'moov');
  const mdat = top.find((x) => x.type === 'mdat');
  if (!ftyp || !moov || !mdat) throw new MediaError('INVALID_INPUT', 'Not a progressive MP4 (ftyp, moov and mdat needed)');
  if (top.filter((x) => x.type === 'mdat').length > 1) throw new MediaError('INVALID_INPUT', 'MP4 with more than one mdat');
  const mvhd = need(b, moov, 'mvhd');
  const { v, version } = fullBox(b, mvhd);
  const tracks = boxes(b, moov.body, moov.end)
    .filter((x) => x.type === 'trak')
    .map((t) => parseTrack(b, t));
  return {
    ftyp: b.slice(ftyp.start, ftyp.end),
    mvhd: b.slice(mvhd.start, mvhd.end),
    movieTimescale: v.getUint32(version === 1 ? 20 : 12),
    tracks,
    payloadStart: mdat.body,
    payloadEnd: mdat.end,
  };
}
