import { normaliseVariable, PATTERN } from './variables';

// Each placeholder of a script, subject or message may carry its own fallback, written in the
// text itself so it travels with the script wherever it goes (decision 226): `{first_name}` takes
// the video's fallback for that variable, `{first_name|friend}` says "friend" there, and
// `{first_name|}` leaves the word out cleanly. The rep never types this: the wizard lists each
// occurrence with its sentence and a choice, and writes the placeholder back.

/** What one occurrence does without a value: the video's fallback, its own words, or nothing (the word left out). */
export type OccurrenceFallback = { kind: 'default' } | { kind: 'text'; text: string } | { kind: 'drop' };

export type Occurrence = {
  /** Its position among all the text's placeholders. */
  index: number;
  name: string;
  start: number;
  end: number;
  fallback: OccurrenceFallback;
  /** A few words either side, for the rep to tell occurrences apart. */
  before: string;
  after: string;
};

const CONTEXT = 28;

const fallbackOf = (inline: string | undefined): OccurrenceFallback =>
  inline === undefined ? { kind: 'default' } : inline.trim() ? { kind: 'text', text: inline.trim() } : { kind: 'drop' };

/** Every placeholder of a text, in order. */
export function occurrencesOf(text: string): Occurrence[] {
  return [...text.matchAll(PATTERN)].map((m, index) => {
    const start = m.index ?? 0;
    const end = start + m[0].length;
    return {
      index,
      name: normaliseVariable(m[1] as string),
      start,
      end,
      fallback: fallbackOf(m[2]),
      // Whole words only: a word cut by the window is left out.
      before: (start > CONTEXT ? text.slice(start - CONTEXT, start).replace(/^\S*\s/, '') : text.slice(0, start)).replace(/\s+/g, ' '),
      after: (end + CONTEXT < text.length ? text.slice(end, end + CONTEXT).replace(/\s\S*$/, '') : text.slice(end)).replace(/\s+/g, ' '),
    };
  });
}

/** The placeholder as written for a fallback: braces and bars in the rep's words are dropped. */
export function placeholder(name: string, fallback: OccurrenceFallback): string {
  if (fallback.kind === 'default') return `{${name}}`;
  if (fallback.kind === 'drop') return `{${name}|}`;
  // Not trimmed: the rep is typing ("my " before "my friend"); the resolver trims.
  const words = fallback.text.replace(/[{}|]/g, '');
  return words.trim() ? `{${name}|${words}}` : `{${name}|}`;
}

/** The text with occurrence `index`'s fallback set; the text unchanged when there is no such occurrence. */
export function withOccurrenceFallback(text: string, index: number, fallback: OccurrenceFallback): string {
  const o = occurrencesOf(text)[index];
  if (!o) return text;
  return text.slice(0, o.start) + placeholder(o.name, fallback) + text.slice(o.end);
}
