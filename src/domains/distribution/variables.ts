// A contact's values for the recipient variables (src/shared/variables.ts holds the rules of
// resolution), and the split of a per-recipient script into a personal opening and a shared rest.

import { sentencePieces } from '../../shared/sentences';
import { fieldKey, hasVariables } from '../../shared/variables';

export { hasVariables };
export type RecipientVars = Record<string, string | null>;

type ContactLike = {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  company?: string | null;
  position?: string | null;
  fields?: Record<string, string> | null;
};

/**
 * What the variables take from a contact: the standard columns (the first name falls back to the
 * first word of the name), then the custom columns of the import under their normalised names.
 */
export function varsOf(c: ContactLike): RecipientVars {
  const local = c.email?.split('@')[0]?.toLowerCase();
  // A name that is only the e-mail's local part (a CSV row without a name) is not a first name.
  const usable = c.name && c.name.toLowerCase() !== local ? c.name.replace(/\s*\(sandbox\)$/, '').trim() : null;
  const first = c.firstName?.trim() || usable?.split(/\s+/)[0] || null;
  const last = c.lastName?.trim() || (usable && !c.firstName ? usable.split(/\s+/).slice(1).join(' ') : null) || null;
  const out: RecipientVars = {};
  // Custom columns first: a standard column always wins over a custom one of the same name.
  for (const [k, v] of Object.entries(c.fields ?? {})) {
    const key = fieldKey(k);
    if (key && typeof v === 'string' && v.trim()) out[key] = v.trim();
  }
  Object.assign(out, {
    first_name: first,
    last_name: last,
    name: usable || [c.firstName, c.lastName].filter(Boolean).join(' ') || null,
    company: c.company?.trim() || null,
    position: c.position?.trim() || null,
  });
  return out;
}

/**
 * Splits a per-recipient script into the personalised opening and the shared rest: the head is
 * the shortest run of opening sentences holding every variable; the tail (possibly empty) is
 * the same for every recipient and rendered once.
 */
export function splitScript(script: string): { head: string; tail: string } | null {
  const text = script.trim();
  // The sentences the teleprompter records and the render finds again (src/shared/sentences.ts).
  const sentences = sentencePieces(text);
  let last = -1;
  sentences.forEach((s, i) => {
    if (hasVariables(s)) last = i;
  });
  if (last < 0) return null;
  return {
    head: sentences
      .slice(0, last + 1)
      .join('')
      .trim(),
    tail: sentences
      .slice(last + 1)
      .join('')
      .trim(),
  };
}
