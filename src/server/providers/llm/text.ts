// Small text helpers shared by the local composer, the OpenAI adapter's output
// clean-up and the scripts service. Pure and deterministic.

/** FNV-1a, 32 bits: a stable seed from any string (no Math.random anywhere in the composer). */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(list: readonly T[], seed: string, slot: string): T {
  return list[hash(`${seed}|${slot}`) % list.length];
}

/** Replaces {key} in one pass, so values that contain {first_name} stay untouched. */
export function fill(template: string, vars: Record<string, string | undefined>): string {
  return template.replace(/\{(\w+)\}/g, (m, key: string) => (Object.hasOwn(vars, key) ? (vars[key] ?? m) : m));
}

export const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** For text inserted inside a sentence: one line, no trailing punctuation. */
export const inline = (s: string) => collapse(s).replace(/[\s.!?;:,…]+$/u, '');

export const wordCount = (s: string) => (s.match(/[\p{L}\p{N}{}_'’-]+/gu) ?? []).length;

const isUpper = (c: string | undefined) => !!c && c !== c.toLowerCase() && c === c.toUpperCase();

/** "Book a demo" → "book a demo"; keeps "CRM tools" and "iPhone" as they are. */
export function lowerFirst(s: string): string {
  const [a, b] = [s[0], s[1]];
  if (!a || !isUpper(a) || isUpper(b)) return s;
  return a.toLowerCase() + s.slice(1);
}

/** Capitalises the first letter, skipping opening marks (¡ ¿ « " …). */
export function upperFirst(s: string): string {
  const m = /^([\s¡¿«"“‘'([-]*)(\p{Ll})/u.exec(s);
  return m ? m[1] + m[2].toUpperCase() + s.slice(m[0].length) : s;
}

const END = /[.!?…]["»”’')\]]*$/u;
const ENDS_WITH_EMOJI = /\p{Extended_Pictographic}\uFE0F?$/u;

export function ensureEnd(s: string): string {
  const t = s.trimEnd();
  if (!t || END.test(t) || ENDS_WITH_EMOJI.test(t)) return t;
  return `${t.replace(/[,;:\s]+$/u, '')}.`;
}

/** A sentence of user text ready to be spoken: one line, capitalised, punctuated. */
export const asSentence = (s: string) => ensureEnd(upperFirst(collapse(s)));

const ABBREVIATION = /\b(?:e\.g|i\.e|etc|vs|mr|mrs|ms|dr|st|p\.ex|approx|sr|sra|dra)\.$/i;

/** Splits text into sentences (newlines also end one); empty pieces are dropped. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\n+/)) {
    let current = '';
    const pieces = line.split(/(?<=[.!?…]["»”’')\]]*)\s+/u);
    for (const piece of pieces) {
      current = current ? `${current} ${piece}` : piece;
      if (ABBREVIATION.test(current)) continue;
      if (current.trim()) out.push(current.trim());
      current = '';
    }
    if (current.trim()) out.push(current.trim());
  }
  return out;
}

/** Sentences back into text: those of one paragraph (`para`) joined by spaces, paragraphs by a blank line. */
export function joinParagraphs(sentences: readonly { text: string; para: number }[]): string {
  const paras: string[][] = [];
  for (const s of sentences) {
    paras[s.para] ??= [];
    paras[s.para].push(s.text);
  }
  return paras
    .filter((p) => p?.length)
    .map((p) => p.join(' '))
    .join('\n\n');
}

/**
 * Cuts text to at most `max` characters at a sentence (or line) boundary; when even the
 * first sentence is too long, at a word boundary with an ellipsis. Never returns more than max.
 */
export function fitToLength(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  let best = -1;
  const boundary = /[.!?…]["»”’')\]]*(?=\s)|\n/gu;
  for (let m = boundary.exec(t); m; m = boundary.exec(t)) {
    const end = m[0] === '\n' ? m.index : m.index + m[0].length;
    const candidate = t.slice(0, end).trimEnd();
    if (candidate.length > max) break;
    if (candidate && !ABBREVIATION.test(candidate)) best = end;
  }
  if (best > 0) {
    const cut = t.slice(0, best).trimEnd();
    // A salutation line ("Hi {first_name},") alone is no message: end it properly.
    return cut.length < max ? ensureEnd(cut) : cut;
  }
  const room = t.slice(0, Math.max(1, max - 1));
  const space = room.search(/\s\S*$/);
  const words = (space > max / 3 ? room.slice(0, space) : room).replace(/[\s,;:.!?…-]+$/u, '');
  return `${words}…`;
}

const NOT_A_SENTENCE = new Set([
  'com',
  'org',
  'net',
  'io',
  'ai',
  'app',
  'dev',
  'co',
  'fr',
  'es',
  'de',
  'it',
  'pt',
  'uk',
  'eu',
  'us',
  'txt',
  'pdf',
  'csv',
  'mp4',
  'png',
  'jpg',
  'html',
]);

export type PolishOptions = { language?: string };

/**
 * The light polish applied to any improved script: spacing, sentence case, ending
 * punctuation. Variables ({first_name}) and French spacing before ! ? : ; are kept.
 */
export function polish(text: string, opts: PolishOptions = {}): string {
  const french = opts.language === 'fr';
  let t = text.replace(/\r\n?/g, '\n').replace(/[ \t\u00a0]+/g, ' ');
  t = t
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  t = t.replace(/ +([,.])/g, '$1');
  // "tool.it is" → "tool. It is", but not "example.com" or "notes.pdf".
  t = t.replace(/(\p{Ll}{2,})\.(\p{Ll}{2,})(?=[\s,;:!?]|$)/gu, (m, a: string, b: string) => (NOT_A_SENTENCE.has(b) ? m : `${a}. ${b}`));
  if (!french) t = t.replace(/ +([!?;:])(?=\s|$)/g, '$1');
  t = t.replace(/([,;!?])(?=\p{L})/gu, '$1 ');
  if (opts.language === 'en' || !opts.language) t = t.replace(/\b(\p{L}+)( \1\b)+/giu, '$1');
  t = t.replace(/([.!?]{1}) +(\p{Ll})/gu, (m, p: string, c: string, offset: number) => {
    const before = t.slice(Math.max(0, offset - 8), offset + 1);
    return ABBREVIATION.test(before) ? m : `${p} ${c.toUpperCase()}`;
  });
  t = t
    .split('\n')
    .map((l) => upperFirst(l))
    .join('\n');
  return ensureEnd(t);
}
