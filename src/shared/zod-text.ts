import { z } from 'zod';

// The building blocks for every string a client sends (REST bodies, queries, tRPC inputs, forms).
// PostgreSQL refuses NUL in text (a 500 before these existed) and no field of this app has a use
// for the other C0 controls, so they are refused here, once, with a 400 that names the field.
// Written as a negated class so that the OpenAPI document shows the rule as a `pattern`.

/** Text without C0 controls or DEL; tab and line feed allowed (multi-line text). */
export const MULTI_LINE_PATTERN = /^[^\u0000-\u0008\u000B-\u001F\u007F]*$/;
/** Text without any C0 control or DEL (single-line text, after line breaks became spaces). */
export const SINGLE_LINE_PATTERN = /^[^\u0000-\u001F\u007F]*$/;
/** Ids: printable ASCII without spaces (our base32 ids, stock and provider ids alike). */
export const ID_PATTERN = /^[\u0021-\u007E]+$/;

/** Tab, carriage return, line feed and the Unicode line separators: one space each run. */
const BREAKS = /[\t\n\r\u0085\u2028\u2029]+/g;

export const TEXT_MESSAGES = {
  control: (label: string) => `${label} must not contain control characters`,
  unicode: (label: string) => `${label} is not valid text`,
  id: (label: string) => `Invalid ${label}`,
} as const;

type Params = { error?: string };

// With the u flag a pair of surrogates is one code point: only unpaired ones match.
const LONE_SURROGATE = /\p{Cs}/u;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/**
 * One line of text: a name, a title, a label. Line breaks and tabs become a space (a pasted
 * value or a spreadsheet cell with Alt+Enter keeps its words); any other control character and
 * unpaired surrogates are refused. Chain `.trim().min().max()` as with z.string().
 */
export function singleLine(label = 'Text', params: Params = {}) {
  return z
    .string({ error: params.error ?? `${label} must be text` })
    .refine(wellFormed, TEXT_MESSAGES.unicode(label))
    .overwrite((s) => s.replace(BREAKS, ' '))
    .regex(SINGLE_LINE_PATTERN, TEXT_MESSAGES.control(label));
}

/**
 * One line taken exactly as sent: any control character (line breaks and tabs included) is
 * refused, never turned into a space. For values whose meaning a normalisation would change:
 * addresses checked after this (a redirect target), tokens.
 */
export function exactLine(label = 'Text', params: Params = {}) {
  return z
    .string({ error: params.error ?? `${label} must be text` })
    .refine(wellFormed, params.error ?? TEXT_MESSAGES.unicode(label))
    .regex(SINGLE_LINE_PATTERN, params.error ?? TEXT_MESSAGES.control(label));
}

/**
 * Text that may span lines: scripts, messages, descriptions. Windows line ends become \n; tab
 * and \n are kept; any other control character and unpaired surrogates are refused.
 */
export function multiLine(label = 'Text', params: Params = {}) {
  return z
    .string({ error: params.error ?? `${label} must be text` })
    .refine(wellFormed, TEXT_MESSAGES.unicode(label))
    .overwrite((s) => s.replace(/\r\n?/g, '\n'))
    .regex(MULTI_LINE_PATTERN, TEXT_MESSAGES.control(label));
}

/** An id (path, body or tRPC input): 1 to `max` printable ASCII characters. */
export function id(label = 'id', max = 64, params: Params = {}) {
  const message = params.error ?? TEXT_MESSAGES.id(label);
  return z.string({ error: message }).min(1, message).max(max, message).regex(ID_PATTERN, message);
}

/** The id rule outside zod (ids named by a third party, such as a provider's webhook). */
export const isId = (value: unknown, max = 200): value is string => typeof value === 'string' && value.length <= max && ID_PATTERN.test(value);

/**
 * A secret typed by a person (a password): any character, since it is only ever hashed or
 * passed on, never stored or compared as text. Kept as a builder so that every string of an
 * input schema says which rule it follows.
 */
export function secret(params: Params = {}) {
  return z.string({ error: params.error }).meta({ format: 'password' });
}

/** True when a value holds a character the single-line rule refuses (for checks outside zod). */
export function singleLineProblem(value: string, label: string): string | null {
  if (!wellFormed(value)) return TEXT_MESSAGES.unicode(label);
  if (!SINGLE_LINE_PATTERN.test(value.replace(BREAKS, ' '))) return TEXT_MESSAGES.control(label);
  return null;
}

/** The single-line normalisation alone (line breaks and tabs to a space), for checks outside zod. */
export const toSingleLine = (value: string) => value.replace(BREAKS, ' ');

/**
 * For a name nobody typed into our forms (an uploaded file's name): cleaned rather than refused,
 * since refusing the upload for it would help no one. Line breaks become spaces, other control
 * characters go, unpaired surrogates become U+FFFD; the result is trimmed and may be empty.
 */
export function cleanLine(value: string, max = 200): string {
  return toSingleLine(value.slice(0, max))
    .replace(/\p{Cs}/gu, '\uFFFD')
    .replace(/[\u0000-\u001F\u007F]/g, '')
    .trim();
}

/** An optional text field of a form: trimmed, at most `max` characters, '' and null both meaning none (null). */
export const optionalText = (max: number, label: string, lines: typeof singleLine = singleLine) =>
  lines(label, { error: `Invalid ${label}` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
