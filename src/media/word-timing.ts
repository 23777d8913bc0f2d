/** A word of the script as displayed (punctuation kept) and when it is spoken. */
export interface WordTiming {
  text: string;
  startSec: number;
  endSec: number;
}

interface Token {
  text: string;
  /** 1-based code-point range, inclusive, matching eSpeak's text_position. */
  from: number;
  to: number;
  startMs?: number;
}

const SPOKEN = /[\p{L}\p{N}]/u;

function tokenize(text: string): Token[] {
  const chars = Array.from(text);
  const tokens: Token[] = [];
  let i = 0;
  while (i < chars.length) {
    if (/\s/u.test(chars[i] as string)) {
      i++;
      continue;
    }
    const from = i;
    while (i < chars.length && !/\s/u.test(chars[i] as string)) i++;
    const word = chars.slice(from, i).join('');
    const last = tokens.at(-1);
    // A lone dash or quote is not spoken: show it with the previous word rather than timing it.
    if (!SPOKEN.test(word) && last) {
      last.text += ` ${word}`;
      last.to = i;
    } else {
      tokens.push({ text: word, from: from + 1, to: i });
    }
  }
  return tokens;
}

/**
 * Maps eSpeak word events (code-point positions + ms) onto the script's words. eSpeak sometimes merges
 * words ("I am") or splits one ("12/05/2024"), so words without an event are interpolated between
 * their timed neighbours, in proportion to their length.
 */
export function alignWords(text: string, events: { pos: number; ms: number }[], clauseEnds: number[], durationSec: number): WordTiming[] {
  const tokens = tokenize(text);
  if (tokens.length === 0) return [];
  for (const event of events) {
    const token = tokens.find((t) => event.pos >= t.from && event.pos <= t.to);
    if (token && (token.startMs === undefined || event.ms < token.startMs)) token.startMs = event.ms;
  }
  const totalMs = durationSec * 1000;
  const lastEnd = clauseEnds.length > 0 ? Math.min(totalMs, Math.max(...clauseEnds)) : totalMs;
  if (tokens[0] && tokens[0].startMs === undefined) tokens[0].startMs = 0;
  // Fill gaps between anchored tokens.
  let i = 0;
  while (i < tokens.length) {
    if (tokens[i]?.startMs !== undefined) {
      i++;
      continue;
    }
    const gapStart = i;
    while (i < tokens.length && tokens[i]?.startMs === undefined) i++;
    const before = tokens[gapStart - 1] as Token;
    const after = tokens[i];
    const fromMs = before.startMs as number;
    const toMs = after?.startMs ?? lastEnd;
    const weights = tokens.slice(gapStart - 1, i).map((t) => Math.max(1, t.to - t.from + 1));
    const total = weights.reduce((a, b) => a + b, 0);
    let acc = 0;
    for (let k = gapStart; k < i; k++) {
      acc += weights[k - gapStart] as number;
      (tokens[k] as Token).startMs = fromMs + ((toMs - fromMs) * acc) / total;
    }
  }
  const sortedEnds = [...clauseEnds].sort((a, b) => a - b);
  const result: WordTiming[] = [];
  let previousStart = -Infinity;
  for (const [k, token] of tokens.entries()) {
    // Keep starts strictly increasing even when eSpeak reports two words at the same instant.
    const start = Math.max(token.startMs as number, previousStart + 10);
    previousStart = start;
    const nextStart = tokens[k + 1]?.startMs ?? lastEnd;
    // A clause end between two words is a pause: the word ends there, not when the next one starts.
    const pause = sortedEnds.find((end) => end > start && end < nextStart);
    const end = Math.max(start + 10, pause ?? nextStart);
    result.push({ text: token.text, startSec: round(start / 1000), endSec: round(end / 1000) });
  }
  return result;
}

function round(sec: number): number {
  return Math.round(sec * 1000) / 1000;
}

/**
 * Words from per-character timings (ElevenLabs' `alignment`): each word of the script takes the start
 * of its first character and the end of its last. Characters are matched to the script in order,
 * skipping any the provider dropped or added, so a normalised alignment still lands on the right words.
 */
export function wordsFromCharacters(text: string, characters: string[], starts: number[], ends: number[]): WordTiming[] {
  const tokens = tokenize(text);
  const chars = Array.from(text);
  // Align provider characters onto script positions greedily.
  const timeAt: ({ start: number; end: number } | undefined)[] = new Array(chars.length).fill(undefined);
  let p = 0;
  for (let c = 0; c < characters.length && p < chars.length; c++) {
    const ch = characters[c] as string;
    let q = p;
    while (q < chars.length && q < p + 8 && chars[q] !== ch) q++;
    if (q < chars.length && chars[q] === ch) {
      timeAt[q] = { start: starts[c] ?? 0, end: ends[c] ?? starts[c] ?? 0 };
      p = q + 1;
    }
  }
  const out: WordTiming[] = [];
  for (const token of tokens) {
    let start = Infinity;
    let end = -Infinity;
    for (let i = token.from - 1; i < token.to; i++) {
      const t = timeAt[i];
      if (t && SPOKEN.test(chars[i] as string)) (start = Math.min(start, t.start)), (end = Math.max(end, t.end));
    }
    if (start === Infinity) {
      const previous = out.at(-1);
      start = previous ? previous.endSec : 0;
      end = start + 0.01;
    }
    out.push({ text: token.text, startSec: round(start), endSec: round(Math.max(end, start + 0.01)) });
  }
  return out;
}
