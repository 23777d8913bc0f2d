import type { WordTiming } from './word-timing.ts';

export interface CaptionCue {
  startSec: number;
  endSec: number;
  text: string;
}

export interface CueOptions {
  /** Longest line in characters. */
  maxChars?: number;
  /** Lines per cue (default 1); a cue of two lines is split at the word that balances them. */
  maxLines?: number;
  maxWords?: number;
  /** A silence longer than this starts a new cue. */
  maxGapSec?: number;
  /** Length of the media: no cue may outlast it (a soft track would otherwise lengthen the MP4). */
  endSec?: number;
}

const SENTENCE_END = /[.!?…。]["'”»)]*$/u;
const CLAUSE_END = /[,;:]["'”»)]*$/u;

/** Groups timed words into short one-line cues, breaking at sentence ends, pauses and line length. */
export function buildCues(words: WordTiming[], options: CueOptions = {}): CaptionCue[] {
  const lineChars = options.maxChars ?? 38;
  const maxLines = Math.max(1, Math.min(2, options.maxLines ?? 1));
  // Two lines hold a little less than twice one: the split has to fall between words.
  const maxChars = maxLines === 1 ? lineChars : Math.floor(lineChars * 1.8);
  const maxWords = (options.maxWords ?? 8) * maxLines;
  const maxGap = options.maxGapSec ?? 0.6;
  const groups: WordTiming[][] = [];
  let current: WordTiming[] = [];
  for (const word of words) {
    const previous = current.at(-1);
    const length = current.reduce((n, w) => n + w.text.length + 1, 0) + word.text.length;
    const breakHere =
      previous !== undefined &&
      (SENTENCE_END.test(previous.text) ||
        word.startSec - previous.endSec > maxGap ||
        length > maxChars ||
        current.length >= maxWords ||
        (CLAUSE_END.test(previous.text) && length > maxChars * 0.6));
    if (breakHere) {
      groups.push(current);
      current = [];
    }
    current.push(word);
  }
  if (current.length > 0) groups.push(current);
  const cues = groups.map((group) => ({
    startSec: (group[0] as WordTiming).startSec,
    endSec: (group.at(-1) as WordTiming).endSec,
    text:
      maxLines === 2
        ? twoLines(
            group.map((w) => w.text),
            lineChars,
          )
        : group.map((w) => w.text).join(' '),
  }));
  // Hold each cue a little after its last word (reading time), but never over the next one.
  for (const [i, cue] of cues.entries()) {
    const next = cues[i + 1];
    const limit = next ? next.startSec : (options.endSec ?? Infinity);
    cue.endSec = round(Math.max(cue.startSec + 0.01, Math.min(limit, cue.endSec + 0.4)));
  }
  return cues;
}

/** One line when it fits, else two lines split where the longer one is shortest. */
function twoLines(words: string[], lineChars: number): string {
  const one = words.join(' ');
  if (one.length <= lineChars || words.length < 2) return one;
  let best = one;
  let bestLongest = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(' ');
    const b = words.slice(i).join(' ');
    const longest = Math.max(a.length, b.length);
    if (longest < bestLongest) (bestLongest = longest), (best = `${a}\n${b}`);
  }
  return best;
}

export function shiftCues(cues: CaptionCue[], offsetSec: number): CaptionCue[] {
  return cues.map((c) => ({ ...c, startSec: round(c.startSec + offsetSec), endSec: round(c.endSec + offsetSec) }));
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}

function clock(sec: number, separator: '.' | ',', fractionDigits: 2 | 3): string {
  const unit = 10 ** fractionDigits;
  const total = Math.max(0, Math.round(sec * unit));
  const fraction = total % unit;
  const s = Math.floor(total / unit);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const hours = fractionDigits === 2 ? String(hh) : String(hh).padStart(2, '0');
  return `${hours}:${String(mm).padStart(2, '0')}:${String(ss).padStart(2, '0')}${separator}${String(fraction).padStart(fractionDigits, '0')}`;
}

export interface AssOptions {
  width: number;
  height: number;
  /** Any installed family; libass falls back through fontconfig when missing. */
  fontName?: string;
  /** Where the caption band sits (see captionBand); bottom-centred 6 % up when omitted. */
  band?: CaptionBand;
}

export interface CaptionBand {
  /** ASS alignment: 2 = bottom centre, 8 = top centre. */
  alignment: 2 | 8;
  marginV: number;
  /** Top and bottom of the band in the frame (px), for checks. */
  top: number;
  bottom: number;
}

/**
 * Where burned captions go: a translucent band low in the frame, two lines high, that must stay
 * below the presenter's mouth (`mouthBottom`, frame px, head motion included). The band slides down
 * towards the frame's edge when the mouth sits low; when even that would cover it (a close-up), the
 * band moves to the top of the frame.
 */
export function captionBand(width: number, height: number, mouthBottom: number): CaptionBand {
  const size = captionFontSize(width, height);
  const pad = Math.round(size * 0.22);
  const bandHeight = Math.round(2 * size * 1.2 + 2 * pad);
  const gap = Math.round(height * 0.015);
  const preferred = Math.round(height * 0.06);
  const fits = height - mouthBottom - gap - bandHeight;
  if (fits >= Math.round(height * 0.02)) {
    const marginV = Math.min(preferred, fits);
    return { alignment: 2, marginV, top: height - marginV - bandHeight, bottom: height - marginV };
  }
  const marginV = Math.round(height * 0.04);
  return { alignment: 8, marginV, top: marginV, bottom: marginV + bandHeight };
}

/** Font size in px for a frame: readable on phones in portrait, not huge in landscape. */
export function captionFontSize(width: number, height: number): number {
  return Math.round(Math.min(width, height) * (width < height ? 0.05 : 0.058));
}

/** Characters that fit on one caption line at captionFontSize (≈0.55 em per glyph, 88 % of the width). */
export function captionLineChars(width: number, height: number): number {
  return Math.max(16, Math.floor((width * 0.88) / (captionFontSize(width, height) * 0.55)));
}

/** Burned captions: the `ass` filter (libass) renders these with outline, bottom-centred. */
export function toAss(cues: CaptionCue[], options: AssOptions): string {
  const { width, height } = options;
  const size = captionFontSize(width, height);
  const band = options.band ?? { alignment: 2, marginV: Math.round(height * 0.06) };
  // BorderStyle 3: each line sits on a translucent dark box (the "lower band"), readable on any background.
  const pad = Math.round(size * 0.22);
  const marginV = band.marginV + pad;
  const marginH = Math.round(width * 0.05);
  const escapeText = (text: string) =>
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/\\/g, '＼').replace(/\{/g, '(').replace(/\}/g, ')'))
      .join('\\N');
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
    `Style: Default,${options.fontName ?? 'DejaVu Sans'},${size},&H00FFFFFF,&H00FFFFFF,&H5A000000,&H5A000000,-1,0,0,0,100,100,0,0,3,${pad},0,${band.alignment},${marginH},${marginH},${marginV},1`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...cues.map((c) => `Dialogue: 0,${clock(c.startSec, '.', 2)},${clock(c.endSec, '.', 2)},Default,,0,0,0,,${escapeText(c.text)}`),
    '',
  ].join('\n');
}

/** Soft captions for the web player (`<track kind="captions">`). */
export function toVtt(cues: CaptionCue[]): string {
  // Cue text is markup in WebVTT: "<", ">" and "&" of the words are escaped (a "<tour>" is shown, not taken for a tag).
  const text = (t: string) => t.replace(/-->/g, '→').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const body = cues.map((c, i) => `${i + 1}\n${clock(c.startSec, '.', 3)} --> ${clock(c.endSec, '.', 3)}\n${text(c.text)}\n`);
  return `WEBVTT\n\n${body.join('\n')}`;
}

/** The cues of a WebVTT file (as toVtt writes them; notes, styles and settings skipped), at most `max`. */
export function parseVtt(text: string, max = 2000): CaptionCue[] {
  const seconds = (t: string) => {
    const parts = t.split(':').map(Number);
    return parts.reduce((sum, n) => sum * 60 + n, 0);
  };
  const cues: CaptionCue[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n{2,}/)) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const m = /^\s*((?:\d+:)?\d{1,2}:\d{2}\.\d{3})\s+-->\s+((?:\d+:)?\d{1,2}:\d{2}\.\d{3})/.exec(lines[at] as string);
    const cueText = lines
      .slice(at + 1)
      .join(' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&nbsp;/g, '\u00a0')
      .replace(/&amp;/g, '&')
      .trim();
    if (!m || !cueText) continue;
    cues.push({ startSec: seconds(m[1] as string), endSec: seconds(m[2] as string), text: cueText });
    if (cues.length >= max) break;
  }
  return cues;
}

/** SRT is what ffmpeg converts most reliably into an MP4 `mov_text` track. */
export function toSrt(cues: CaptionCue[]): string {
  return cues.map((c, i) => `${i + 1}\n${clock(c.startSec, ',', 3)} --> ${clock(c.endSec, ',', 3)}\n${c.text}\n`).join('\n');
}
