// Recipient variables (PRODUCT.md §3, issue 10): `{first_name}`, `{company}`, `{position}`, … and any
// custom column of a contact list (`{industry}`), written in scripts and messages. A video keeps its
// script with the placeholders; every text a person hears or reads is resolved first, for one
// recipient (or for the preview), so no brace, no variable name ever reaches them.
// Isomorphic: the wizard, the generation and the distribution domains use the same rules.

/** Columns every contact has; anything else in a script is a custom column of the list's import. */
export const STANDARD_VARIABLES = ['first_name', 'last_name', 'name', 'company', 'position'] as const;
export type StandardVariable = (typeof STANDARD_VARIABLES)[number];

/** The languages a recipient's e-mail and landing page are written in; any other falls back to English. */
export const RECIPIENT_LANGUAGES = ['en', 'fr', 'es'] as const;
export type RecipientLanguage = (typeof RECIPIENT_LANGUAGES)[number];
export const recipientLanguage = (lang: string | null | undefined): RecipientLanguage =>
  (RECIPIENT_LANGUAGES as readonly string[]).includes(lang?.trim().toLowerCase().slice(0, 2) ?? '')
    ? (lang!.trim().toLowerCase().slice(0, 2) as RecipientLanguage)
    : 'en';

/**
 * What a recipient without a value hears when the video stores no fallback of its own, in the
 * video's language (the voice says it): a French video does not say "Bonjour there".
 */
export const DEFAULT_FALLBACKS_BY_LANGUAGE: Readonly<Record<RecipientLanguage, Readonly<Record<string, string>>>> = {
  en: { first_name: 'there', name: 'there', company: 'your team', position: 'your role' },
  fr: { first_name: 'à vous', name: 'à vous', company: 'votre équipe', position: 'votre poste' },
  es: { first_name: 'a ti', name: 'a ti', company: 'tu equipo', position: 'tu puesto' },
};
export const DEFAULT_FALLBACKS = DEFAULT_FALLBACKS_BY_LANGUAGE.en;
/** The default fallbacks of a language (de, it, pt and unknown ones: English). */
export const defaultFallbacks = (lang?: string | null) => DEFAULT_FALLBACKS_BY_LANGUAGE[recipientLanguage(lang)];

/** The values the wizard previews with until the user types their own ("Preview for Jane"). */
export const DEFAULT_PREVIEW_VALUES: Readonly<Record<string, string>> = {
  first_name: 'Jane',
  last_name: 'Doe',
  name: 'Jane Doe',
  company: 'Acme',
  position: 'Head of Sales',
};

/**
 * `{name}`, `{{ name }}`, `{name|fallback}`; names are matched without regard to case. The part
 * after `|` is that occurrence's own fallback; an empty one (`{first_name|}`) leaves the word out
 * cleanly ("Thanks, {first_name|}, talk soon" → "Thanks, talk soon"); see `occurrences.ts`.
 */
export const PATTERN = /\{\{?\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\|([^{}]*))?\}\}?/g;
const MAX_NAME = 40;

export const normaliseVariable = (name: string) => name.trim().toLowerCase();

/**
 * A CSV header or a custom field's name as a variable name: "Background URL" → `background_url`.
 * Empty when nothing usable is left.
 */
export const fieldKey = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, MAX_NAME);

export const isStandardVariable = (name: string): name is StandardVariable => (STANDARD_VARIABLES as readonly string[]).includes(name);

/** Variable names a text uses, lower-case, in order of first use. */
export function variablesOf(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...new Set([...text.matchAll(PATTERN)].map((m) => normaliseVariable(m[1] as string)))];
}

export const hasVariables = (text: string | null | undefined) => variablesOf(text).length > 0;

export type Values = Readonly<Record<string, string | null | undefined>>;

/** A fallback of `null` (or a blank one) means: no fallback, every recipient needs a value. */
export type Fallbacks = Readonly<Record<string, string | null | undefined>>;

/**
 * The fallbacks in force for a video: the ones it stores (the wizard's, per variable), the
 * defaults for standard variables it stores nothing for.
 */
export function fallbacksFor(stored: Fallbacks | null | undefined, lang?: string | null): Record<string, string | null> {
  const out: Record<string, string | null> = { ...defaultFallbacks(lang) };
  for (const [k, v] of Object.entries(stored ?? {})) out[normaliseVariable(k)] = v?.trim() ? v.trim() : null;
  return out;
}

export type Resolved = {
  text: string;
  /** Variables with neither a value, an inline fallback nor a stored one (left out, as a dropped word). */
  missing: string[];
  /** The value each variable took (after fallbacks; "" where its first occurrence was left out), for the greeting and the thumbnail. */
  used: Record<string, string>;
};

/** Marks a left-out word until the text around it is mended (a character no script holds). */
const DROP = '\u0000';

/**
 * Joins the text on both sides of a left-out word: one comma where there were two ("Thanks, _, talk
 * soon"), none before the sentence's end ("Thanks, _!"), none at a sentence's start ("_, here is"
 * → "Here is"), one space between words.
 */
function mend(left: string, right: string): string {
  let l = left.replace(/[ \t]+$/, '');
  let r = right.replace(/^[ \t]+/, '');
  const sentenceStart = l === '' || /[.!?…\n]$/.test(l);
  if (/^[,;:]/.test(r) && (sentenceStart || /[,;:(\u2014\u2013-]$/.test(l))) r = r.slice(1).replace(/^[ \t]+/, '');
  else if (/^[.!?…)]/.test(r) && /[,;:]$/.test(l)) l = l.slice(0, -1);
  if (sentenceStart) r = r.charAt(0).toUpperCase() + r.slice(1);
  const space = l && r && !/\n$/.test(l) && !/^[,;:.!?…)\n]/.test(r) ? ' ' : '';
  return l + space + r;
}

/** No stray space before punctuation, no double spaces, no brace left over from a broken placeholder. */
function tidy(text: string): string {
  const mended = text.includes(DROP) ? text.split(DROP).reduce(mend) : text;
  return mended
    .replace(/[{}]/g, '')
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}

/**
 * Fills every placeholder for one recipient: their value, else the placeholder's inline fallback
 * (`{first_name|friend}`, an empty one is allowed), else the video's fallback. What is left is
 * reported in `missing` and replaced by nothing, so the result never holds a brace.
 */
export function resolveText(text: string, values: Values, fallbacks: Fallbacks = {}): Resolved {
  const missing = new Set<string>();
  const used: Record<string, string> = Object.create(null);
  // Maps and own properties only: `{constructor}` or `{__proto__}` is a variable like any other,
  // never something inherited from Object.prototype.
  const lower = new Map<string, string | null | undefined>();
  for (const [k, v] of Object.entries(values)) lower.set(normaliseVariable(k), v);
  const out = text.replace(PATTERN, (_whole, raw: string, inline: string | undefined) => {
    const name = normaliseVariable(raw);
    const value = lower.get(name)?.trim();
    let result: string | undefined;
    if (value) result = value;
    else if (inline !== undefined) result = inline.trim();
    else {
      const fb = Object.hasOwn(fallbacks, name) ? fallbacks[name]?.trim() : undefined;
      if (fb) result = fb;
    }
    if (result === undefined) {
      missing.add(name);
      return DROP;
    }
    // A word left out on purpose is recorded as "" (the page's greeting leaves it out too).
    if (!Object.hasOwn(used, name)) used[name] = result;
    return result || DROP;
  });
  return { text: tidy(out.replaceAll(DROP + DROP, DROP)), missing: [...missing], used };
}

/** Resolved text only (callers that checked `missing` beforehand). */
export const fillText = (text: string, values: Values, fallbacks: Fallbacks = {}) => resolveText(text, values, fallbacks).text;

/** A display label for a preview: "Jane", else the first preview value, else null. */
export function previewLabel(script: string | null | undefined, preview: Values | null | undefined): string | null {
  const names = variablesOf(script);
  if (!names.length) return null;
  const p = new Map<string, string>();
  for (const [k, v] of Object.entries(preview ?? {})) if (v?.trim()) p.set(normaliseVariable(k), v.trim());
  return p.get('first_name') ?? p.get('name') ?? names.map((n) => p.get(n)).find(Boolean) ?? null;
}
