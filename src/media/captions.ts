import type { WordTiming } from './word-timing.ts'

export interface CaptionCue {
  startSec: number
  endSec: number
  text: string
}

export interface CueOptions {
  /** Longest line in characters; a cue is one line. */
  maxChars?: number
  maxWords?: number
  /** A silence longer than this starts a new cue. */
  maxGapSec?: number
  /** Length of the media: no cue may outlast it (a soft track would otherwise lengthen the MP4). */
  endSec?: number
}

const SENTENCE_END = /[.!?…。]["'”»)]*$/u
const CLAUSE_END = /[,;:]["'”»)]*$/u

/** Groups timed words into short one-line cues, breaking at sentence ends, pauses and line length. */
export function buildCues(words: WordTiming[], options: CueOptions = {}): CaptionCue[] {
  const maxChars = options.maxChars ?? 38
  const maxWords = options.maxWords ?? 8
  const maxGap = options.maxGapSec ?? 0.6
  const groups: WordTiming[][] = []
  let current: WordTiming[] = []
  for (const word of words) {
    const previous = current.at(-1)
    const length = current.reduce((n, w) => n + w.text.length + 1, 0) + word.text.length
    const breakHere =
      previous !== undefined &&
      (SENTENCE_END.test(previous.text) ||
        word.startSec - previous.endSec > maxGap ||
        length > maxChars ||
        current.length >= maxWords ||
        (CLAUSE_END.test(previous.text) && length > maxChars * 0.6))
    if (breakHere) {
      groups.push(current)
      current = []
    }
    current.push(word)
  }
  if (current.length > 0) groups.push(current)
  const cues = groups.map((group) => ({
    startSec: (group[0] as WordTiming).startSec,
    endSec: (group.at(-1) as WordTiming).endSec,
    text: group.map((w) => w.text).join(' '),
  }))
  // Hold each cue a little after its last word (reading time), but never over the next one.
  for (const [i, cue] of cues.entries()) {
    const next = cues[i + 1]
    const limit = next ? next.startSec : (options.endSec ?? Infinity)
    cue.endSec = round(Math.max(cue.startSec + 0.01, Math.min(limit, cue.endSec + 0.4)))
  }
  return cues
}

export function shiftCues(cues: CaptionCue[], offsetSec: number): CaptionCue[] {
  return cues.map((c) => ({ ...c, startSec: round(c.startSec + offsetSec), endSec: round(c.endSec + offsetSec) }))
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000
}

function clock(sec: number, separator: '.' | ',', fractionDigits: 2 | 3): string {
  const unit = 10 ** fractionDigits
  const total = Math.max(0, Math.round(sec * unit))
  const fraction = total % unit
  const s = Math.floor(total / unit)
  const hh = Math.floor(s / 3600)
  const mm = Math.floor((s % 3600) / 60)
  const ss = s % 60
  const hours = fractionDigits === 2 ? String(hh) : String(hh).padStart(2, '0')
  return `${hours}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}${separator}${String(fraction).padStart(fractionDigits, '0')}`
}

export interface AssOptions {
  width: number
  height: number
  /** Any installed family; libass falls back through fontconfig when missing. */
  fontName?: string
}

/** Font size in px for a frame: readable on phones in portrait, not huge in landscape. */
export function captionFontSize(width: number, height: number): number {
  return Math.round(Math.min(width, height) * (width < height ? 0.05 : 0.058))
}

/** Characters that fit on one caption line at captionFontSize (≈0.55 em per glyph, 88 % of the width). */
export function captionLineChars(width: number, height: number): number {
  return Math.max(16, Math.floor((width * 0.88) / (captionFontSize(width, height) * 0.55)))
}

/** Burned captions: the `ass` filter (libass) renders these with outline, bottom-centred. */
export function toAss(cues: CaptionCue[], options: AssOptions): string {
  const { width, height } = options
  const size = captionFontSize(width, height)
  const outline = Math.max(2, Math.round(size * 0.08))
  const marginV = Math.round(height * 0.06)
  const marginH = Math.round(width * 0.05)
  const escape = (text: string) => text.replace(/\\/g, '＼').replace(/\{/g, '(').replace(/\}/g, ')').replace(/\r?\n/g, ' ')
  return [
    '[Script Info]',
    'ScriptType: v4.00+',
    `PlayResX: ${width}`,
    `PlayResY: ${height}`,
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: Default,${options.fontName ?? 'DejaVu Sans'},${size},&H00FFFFFF,&H00FFFFFF,&H00000000,&H64000000,-1,0,0,0,100,100,0,0,1,${outline},${Math.round(outline / 2)},2,${marginH},${marginH},${marginV},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.map((c) => `Dialogue: 0,${clock(c.startSec, '.', 2)},${clock(c.endSec, '.', 2)},Default,,0,0,0,,${escape(c.text)}`),
    '',
  ].join('\n')
}

/** Soft captions for the web player (`<track kind="captions">`). */
export function toVtt(cues: CaptionCue[]): string {
  const body = cues.map((c, i) => `${i + 1}\n${clock(c.startSec, '.', 3)} --> ${clock(c.endSec, '.', 3)}\n${c.text.replace(/-->/g, '→')}\n`)
  return `WEBVTT\n\n${body.join('\n')}`
}

/** SRT is what ffmpeg converts most reliably into an MP4 `mov_text` track. */
export function toSrt(cues: CaptionCue[]): string {
  return cues.map((c, i) => `${i + 1}\n${clock(c.startSec, ',', 3)} --> ${clock(c.endSec, ',', 3)}\n${c.text}\n`).join('\n')
}
