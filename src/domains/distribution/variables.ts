// Message and script variables (PRODUCT.md §3): {first_name}, {last_name}, {company}, {position}
// and {name}, each with an optional fallback after a bar: {first_name|there}. Unknown names are
// left as written. Double braces ({{first_name}}) are accepted too.

export const VARIABLES = ['first_name', 'last_name', 'name', 'company', 'position'] as const;
export type VariableName = (typeof VARIABLES)[number];
export type RecipientVars = Partial<Record<VariableName, string | null>>;

/** Used when the recipient has no value and the variable names no fallback of its own. */
const DEFAULT_FALLBACK: Record<VariableName, string> = { first_name: 'there', last_name: '', name: 'there', company: '', position: '' };

const PATTERN = /\{\{?\s*([A-Za-z_]+)\s*(?:\|([^{}]*))?\}\}?/g;

const known = (name: string): name is VariableName => (VARIABLES as readonly string[]).includes(name);

export function hasVariables(text: string): boolean {
  for (const m of text.matchAll(PATTERN)) if (known(m[1]!.toLowerCase())) return true;
  return false;
}

/**
 * Fills the variables for one recipient. A missing value takes the fallback; an empty result
 * leaves no stray space before punctuation ("Hi {first_name|}," → "Hi,").
 */
export function fillVariables(text: string, vars: RecipientVars): string {
  const out = text.replace(PATTERN, (whole, raw: string, fallback: string | undefined) => {
    const name = raw.toLowerCase();
    if (!known(name)) return whole;
    // Only the recipient's own values: `known` already limits names, this keeps it so for any vars.
    const value = Object.hasOwn(vars, name) ? vars[name]?.trim() : undefined;
    if (value) return value;
    return fallback !== undefined ? fallback.trim() : DEFAULT_FALLBACK[name];
  });
  return out.replace(/[ \t]+([,.!?;:])/g, '$1').replace(/[ \t]{2,}/g, ' ');
}

/** What the variables take from a contact: the first name falls back to the first word of the name. */
export function varsOf(c: { name?: string | null; firstName?: string | null; lastName?: string | null; email?: string | null; company?: string | null; position?: string | null }): RecipientVars {
  const local = c.email?.split('@')[0]?.toLowerCase();
  // A name that is only the e-mail's local part (a CSV row without a name) is not a first name.
  const usable = c.name && c.name.toLowerCase() !== local ? c.name.replace(/\s*\(sandbox\)$/, '').trim() : null;
  const first = c.firstName?.trim() || usable?.split(/\s+/)[0] || null;
  const last = c.lastName?.trim() || (usable && !c.firstName ? usable.split(/\s+/).slice(1).join(' ') : null) || null;
  return { first_name: first, last_name: last, name: usable || [c.firstName, c.lastName].filter(Boolean).join(' ') || null, company: c.company ?? null, position: c.position ?? null };
}

/**
 * Splits a per-recipient script into the personalised opening and the shared rest: the head is
 * the shortest run of opening sentences holding every variable; the tail (possibly empty) is
 * the same for every recipient and rendered once.
 */
export function splitScript(script: string): { head: string; tail: string } | null {
  const text = script.trim();
  // Sentences end with . ! ? (or an ellipsis) followed by a space; newlines also end one.
  const sentences = text.match(/[^.!?\n]+(?:[.!?…]+["')\]]*|\n+|$)\s*/g) ?? [text];
  let last = -1;
  sentences.forEach((s, i) => {
    if (hasVariables(s)) last = i;
  });
  if (last < 0) return null;
  return { head: sentences.slice(0, last + 1).join('').trim(), tail: sentences.slice(last + 1).join('').trim() };
}
