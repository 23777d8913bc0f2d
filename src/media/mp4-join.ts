import { MediaError } from './errors.ts'

// Byte-level join of two MP4 files made by the same encoder settings (a recipient's personal
// opening and the shared rest), without re-encoding and without copying the shared part:
// `joinHeader(head, tail)` returns the recipient's own bytes — ftyp + a moov describing every
// sample of both files + the mdat header + the head's samples — and the byte range of the tail
// file that follows them. Serving `header ++ tail[range]` is a plain, faststart, seekable MP4
// (docs/decisions/101-personal-streams.md). Audio priming: the head keeps its edit list; the
// tail's leading packets (encoder priming + silence pre-roll) are left out, see `dropTailAudio`.

type Box = { type: string; start: number; end: number; body: number }

function boxes(b: Uint8Array, start: number, end: number): Box[] {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength)
  const out: Box[] = []
  let at = start
  while (at + 8 <= end) {
    let size = v.getUint32(at)
    const type = String.fromCharCode(b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!)
    let body = at + 8
    if (size === 1) {
      size = Number(v.getBigUint64(at + 8))
      body = at + 16
    } else if (size === 0) size = end - at
    if (size < 8 || at + size > end) throw new MediaError('INVALID_INPUT', `Broken MP4 box "${type}"`)
    out.push({ type, start: at, end: at + size, body })
    at += size
  }
  return out
}

const child = (b: Uint8Array, parent: Box, type: string) => boxes(b, parent.body, parent.end).find((x) => x.type === type)
function need(b: Uint8Array, parent: Box, type: string): Box {
  const found = child(b, parent, type)
  if (!found) throw new MediaError('INVALID_INPUT', `MP4 without a "${type}" box`)
  return found
}

export type Sample = { offset: number; size: number; duration: number; cto: number; sync: boolean }

export type Track = {
  handler: string
  timescale: number
  /** Raw boxes copied to the output as they are. */
  tkhd: Uint8Array
  mdhd: Uint8Array
  hdlr: Uint8Array
  /** minf's children other than stbl (vmhd/smhd, dinf). */
  minfExtra: Uint8Array[]
  stsd: Uint8Array
  /** Media time where presentation starts (the edit list), 0 without one. */
  mediaTime: number
  samples: Sample[]
  hasCto: boolean
}

export type ParsedMp4 = { ftyp: Uint8Array; mvhd: Uint8Array; movieTimescale: number; tracks: Track[]; payloadStart: number; payloadEnd: number }

function fullBox(b: Uint8Array, box: Box) {
  const v = new DataView(b.buffer, b.byteOffset + box.body, box.end - box.body)
  return { v, version: v.getUint8(0) }
}

function parseTrack(b: Uint8Array, trak: Box): Track {
  const mdia = need(b, trak, 'mdia')
  const mdhd = need(b, mdia, 'mdhd')
  const { v: mv, version: mver } = fullBox(b, mdhd)
  const timescale = mv.getUint32(mver === 1 ? 20 : 12)
  const hdlr = need(b, mdia, 'hdlr')
  const handler = String.fromCharCode(...b.subarray(hdlr.body + 8, hdlr.body + 12))
  const minf = need(b, mdia, 'minf')
  const stbl = need(b, minf, 'stbl')
  const read = (type: string) => child(b, stbl, type)
  let mediaTime = 0
  const elst = child(b, child(b, trak, 'edts') ?? trak, 'elst')
  if (elst) {
    const { v, version } = fullBox(b, elst)
    const n = v.getUint32(4)
    // Skip empty edits (media_time -1); take the first real one.
    for (let i = 0, at = 8; i < n; i++, at += version === 1 ? 20 : 12) {
      const t = version === 1 ? Number(v.getBigInt64(at + 8)) : v.getInt32(at + 4)
      if (t >= 0) {
        mediaTime = t
        break
      }
    }
  }
  // Sizes
  const stsz = fullBox(b, need(b, stbl, 'stsz')).v
  const uniform = stsz.getUint32(4)
  const count = stsz.getUint32(8)
  const sizes = Array.from({ length: count }, (_, i) => (uniform ? uniform : stsz.getUint32(12 + i * 4)))
  // Durations
  const durations: number[] = []
  const stts = fullBox(b, need(b, stbl, 'stts')).v
  for (let i = 0, n = stts.getUint32(4); i < n; i++) for (let k = 0, c = stts.getUint32(8 + i * 8); k < c; k++) durations.push(stts.getUint32(12 + i * 8))
  // Composition offsets
  const ctts = read('ctts')
  const ctos: number[] = []
  if (ctts) {
    const { v, version } = fullBox(b, ctts)
    for (let i = 0, n = v.getUint32(4); i < n; i++) for (let k = 0, c = v.getUint32(8 + i * 8); k < c; k++) ctos.push(version === 1 ? v.getInt32(12 + i * 8) : v.getUint32(12 + i * 8))
  }
  // Sync samples (no stss: every sample is one)
  const stss = read('stss')
  let sync: Set<number> | null = null
  if (stss) {
    const { v } = fullBox(b, stss)
    sync = new Set(Array.from({ length: v.getUint32(4) }, (_, i) => v.getUint32(8 + i * 4) - 1))
  }
  // Offsets: chunks (stco / co64) and samples per chunk (stsc)
  const co = read('stco') ?? read('co64')
  if (!co) throw new MediaError('INVALID_INPUT', 'MP4 without chunk offsets')
  const { v: cv } = fullBox(b, co)
  const chunks = Array.from({ length: cv.getUint32(4) }, (_, i) => (co.type === 'co64' ? Number(cv.getBigUint64(8 + i * 8)) : cv.getUint32(8 + i * 4)))
  const { v: sc } = fullBox(b, need(b, stbl, 'stsc'))
  const runs = Array.from({ length: sc.getUint32(4) }, (_, i) => ({ first: sc.getUint32(8 + i * 12) - 1, per: sc.getUint32(12 + i * 12) }))
  const offsets: number[] = []
  for (let r = 0, s = 0; r < runs.length; r++) {
    const last = r + 1 < runs.length ? runs[r + 1]!.first : chunks.length
    for (let c = runs[r]!.first; c < last; c++) {
      let at = chunks[c]!
      for (let k = 0; k < runs[r]!.per && s < count; k++, s++) {
        offsets.push(at)
        at += sizes[s]!
      }
    }
  }
  if (offsets.length !== count || durations.length < count) throw new MediaError('INVALID_INPUT', 'Inconsistent MP4 sample tables')
  const samples = sizes.map((size, i) => ({ offset: offsets[i]!, size, duration: durations[i]!, cto: ctos[i] ?? 0, sync: sync ? sync.has(i) : true }))
  const raw = (x: Box) => b.slice(x.start, x.end)
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
  }
}

/** Reads the movie header, the tracks' sample tables and where the samples' bytes lie. */
export function parseMp4(b: Uint8Array): ParsedMp4 {
  const top = boxes(b, 0, b.length)
  const ftyp = top.find((x) => x.type === 'ftyp')
  const moov = top.find((x) => x.type === 'moov')
  const mdat = top.find((x) => x.type === 'mdat')
  if (!ftyp || !moov || !mdat) throw new MediaError('INVALID_INPUT', 'Not a progressive MP4 (ftyp, moov and mdat needed)')
  if (top.filter((x) => x.type === 'mdat').length > 1) throw new MediaError('INVALID_INPUT', 'MP4 with more than one mdat')
  const mvhd = need(b, moov, 'mvhd')
  const { v, version } = fullBox(b, mvhd)
  const tracks = boxes(b, moov.body, moov.end)
    .filter((x) => x.type === 'trak')
    .map((t) => parseTrack(b, t))
  return { ftyp: b.slice(ftyp.start, ftyp.end), mvhd: b.slice(mvhd.start, mvhd.end), movieTimescale: v.getUint32(version === 1 ? 20 : 12), tracks, payloadStart: mdat.body, payloadEnd: mdat.end }
}

// ---------------------------------------------------------------------------
// Writing

const enc = new TextEncoder()

function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.length, 0)
  const out = new Uint8Array(size)
  new DataView(out.buffer).setUint32(0, size)
  out.set(enc.encode(type), 4)
  let at = 8
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function u32s(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4)
  const v = new DataView(out.buffer)
  values.forEach((x, i) => v.setUint32(i * 4, x >>> 0))
  return out
}

/** A copy of a mvhd / tkhd / mdhd with its duration replaced (either version). */
function withDuration(raw: Uint8Array, kind: 'mvhd' | 'tkhd' | 'mdhd', duration: number): Uint8Array {
  const out = raw.slice()
  const v = new DataView(out.buffer)
  const version = v.getUint8(8)
  const at = 8 + (version === 1 ? { mvhd: 24, tkhd: 28, mdhd: 24 }[kind] : { mvhd: 16, tkhd: 20, mdhd: 16 }[kind])
  if (version === 1) v.setBigUint64(at, BigInt(duration))
  else v.setUint32(at, Math.min(0xffffffff, duration))
  return out
}

/** Run-length (count, value) pairs. */
function runs(values: number[]): number[] {
  const out: number[] = []
  for (const x of values) {
    if (out.length && out[out.length - 1] === x) out[out.length - 2]!++
    else out.push(1, x)
  }
  return out
}

type Placed = Sample & { at: number }

function stbl(track: Track, samples: Placed[], base: number): Uint8Array {
  // Samples that follow each other in the file form one chunk.
  const chunkStarts: number[] = []
  const perChunk: number[] = []
  samples.forEach((s, i) => {
    const prev = samples[i - 1]
    if (prev && prev.at + prev.size === s.at) perChunk[perChunk.length - 1]!++
    else {
      chunkStarts.push(base + s.at)
      perChunk.push(1)
    }
  })
  const stsc: number[] = []
  perChunk.forEach((n, i) => {
    if (i === 0 || perChunk[i - 1] !== n) stsc.push(i + 1, n, 1)
  })
  const stts = runs(samples.map((s) => s.duration))
  const ctts = runs(samples.map((s) => s.cto))
  const sync = samples.flatMap((s, i) => (s.sync ? [i + 1] : []))
  return box(
    'stbl',
    track.stsd,
    box('stts', u32s(0, stts.length / 2, ...stts)),
    ...(track.hasCto ? [box('ctts', u32s(0, ctts.length / 2, ...ctts))] : []),
    ...(sync.length === samples.length ? [] : [box('stss', u32s(0, sync.length, ...sync))]),
    box('stsc', u32s(0, stsc.length / 3, ...stsc)),
    box('stsz', u32s(0, 0, samples.length, ...samples.map((s) => s.size))),
    box('stco', u32s(0, chunkStarts.length, ...chunkStarts)),
  )
}

export type JoinPlan = {
  /** ftyp + moov + mdat header + the head's sample bytes: the recipient's own file. */
  header: Uint8Array
  /** Bytes of the tail file to serve after `header` (its samples). */
  tailStart: number
  tailEnd: number
  durationSec: number
}

export type JoinOptions = {
  /**
   * Length of the head's audio in samples (after its edit list): packets past it are the encoder's
   * flush and are left out, so the tail starts exactly there. Default: every packet.
   */
  headAudioSamples?: number
  /**
   * Silence the tail's audio was encoded with before its first real sample. That pre-roll and the
   * encoder's priming (the tail's edit list) are left out, whole packets only.
   */
  tailAudioPreroll?: number
}

/** Index of the first packet at or past `time` (media timescale), which must fall on a packet edge. */
function packetAt(samples: Sample[], time: number, what: string): number {
  let t = 0
  for (let i = 0; i < samples.length; i++) {
    if (t === time) return i
    if (t > time) break
    t += samples[i]!.duration
  }
  if (t === time) return samples.length
  throw new MediaError('INVALID_INPUT', `The ${what} does not end on an audio packet edge`)
}

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * The recipient's header for `head ++ tail` (both read whole: they are small and local). Tracks
 * are matched by handler; codec configurations must be identical (same encoder settings).
 */
export function joinHeader(headBytes: Uint8Array, tailBytes: Uint8Array, opts: JoinOptions = {}): JoinPlan {
  const head = parseMp4(headBytes)
  const tail = parseMp4(tailBytes)
  const headPayload = head.payloadEnd - head.payloadStart
  const tailPayload = tail.payloadEnd - tail.payloadStart
  const tracks: { track: Track; samples: Placed[]; mediaDuration: number }[] = []
  for (const h of head.tracks) {
    if (h.handler !== 'vide' && h.handler !== 'soun') continue
    const t = tail.tracks.find((x) => x.handler === h.handler)
    if (!t) throw new MediaError('INVALID_INPUT', `The shared part has no ${h.handler} track`)
    if (t.timescale !== h.timescale || !sameBytes(codecKey(t.stsd), codecKey(h.stsd))) throw new MediaError('INVALID_INPUT', `The ${h.handler} tracks were encoded differently and cannot be joined`)
    let hs = h.samples
    let ts = t.samples
    if (h.handler === 'soun') {
      if (opts.headAudioSamples !== undefined) hs = hs.slice(0, packetAt(hs, h.mediaTime + opts.headAudioSamples, 'opening'))
      ts = ts.slice(packetAt(ts, t.mediaTime + (opts.tailAudioPreroll ?? 0), 'shared part\'s pre-roll'))
    } else if (t.mediaTime !== h.mediaTime) throw new MediaError('INVALID_INPUT', 'The video parts start with different delays and cannot be joined')
    const samples: Placed[] = [
      ...hs.map((s) => ({ ...s, at: s.offset - head.payloadStart })),
      ...ts.map((s) => ({ ...s, at: headPayload + s.offset - tail.payloadStart })),
    ]
    if (samples.some((s) => s.at < 0 || s.at + s.size > headPayload + tailPayload)) throw new MediaError('INVALID_INPUT', 'A sample lies outside the media data')
    tracks.push({ track: h, samples, mediaDuration: samples.reduce((n, s) => n + s.duration, 0) })
  }
  const movie = head.movieTimescale
  const toMovie = (d: number, scale: number) => Math.round((d * movie) / scale)
  // Presented from the edit's media time to the end of the last sample shown (composition offsets included).
  const shown = tracks.map((x) => {
    let dts = 0
    let end = 0
    for (const s of x.samples) {
      end = Math.max(end, dts + s.cto + s.duration)
      dts += s.duration
    }
    return Math.max(0, end - x.track.mediaTime)
  })
  const movieDuration = Math.max(...tracks.map((x, i) => toMovie(shown[i]!, x.track.timescale)))
  // Chunk offsets are absolute: the moov is built once to learn its size, then with the real base.
  const buildMoov = (base: number) =>
    box(
      'moov',
      withDuration(head.mvhd, 'mvhd', movieDuration),
      ...tracks.map((x, i) => {
        const edit = box('edts', box('elst', u32s(0, 1, toMovie(shown[i]!, x.track.timescale), x.track.mediaTime, 0x00010000)))
        const minf = box('minf', ...x.track.minfExtra, stbl(x.track, x.samples, base))
        const mdia = box('mdia', withDuration(x.track.mdhd, 'mdhd', x.mediaDuration), x.track.hdlr, minf)
        return box('trak', withDuration(x.track.tkhd, 'tkhd', toMovie(shown[i]!, x.track.timescale)), edit, mdia)
      }),
    )
  const payload = headPayload + tailPayload
  const mdatHeader = new Uint8Array(8)
  new DataView(mdatHeader.buffer).setUint32(0, payload + 8)
  mdatHeader.set(enc.encode('mdat'), 4)
  const base = head.ftyp.length + buildMoov(0).length + mdatHeader.length
  if (base + payload > 0xffffffff) throw new MediaError('INVALID_INPUT', 'The joined video is too large (4 GB)')
  const moov = buildMoov(base)
  const header = new Uint8Array(base + headPayload)
  header.set(head.ftyp, 0)
  header.set(moov, head.ftyp.length)
  header.set(mdatHeader, head.ftyp.length + moov.length)
  header.set(headBytes.subarray(head.payloadStart, head.payloadEnd), base)
  const video = tracks.findIndex((x) => x.track.handler === 'vide')
  const main = video >= 0 ? video : 0
  return { header, tailStart: tail.payloadStart, tailEnd: tail.payloadEnd, durationSec: shown[main]! / tracks[main]!.track.timescale }
}

/**
 * What must match for two parts to play as one: the sample entry type and, for video, its decoder
 * configuration box (avcC / hvcC); for audio, rate and channels. Bit-rate fields (btrt, esds
 * averages) differ between two encodes and do not matter.
 */
function codecKey(stsd: Uint8Array): Uint8Array {
  const entry = stsd.subarray(16)
  const type = String.fromCharCode(...entry.subarray(4, 8))
  for (const name of ['avcC', 'hvcC']) {
    const tag = enc.encode(name)
    for (let i = 4; i + 4 <= entry.length; i++) {
      if (entry[i] === tag[0] && entry[i + 1] === tag[1] && entry[i + 2] === tag[2] && entry[i + 3] === tag[3]) {
        const size = new DataView(entry.buffer, entry.byteOffset).getUint32(i - 4)
        return entry.subarray(i - 4, i - 4 + size)
      }
    }
  }
  return enc.encode(`${type}:${Array.from(entry.subarray(8, 36)).join(',')}`)
}
