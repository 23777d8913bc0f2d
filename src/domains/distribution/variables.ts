// A contact's values for the recipient variables (src/shared/variables.ts holds the rules of
// resolution), and the cut of a per-recipient script into personal and shared parts.

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

/** A run of sentences of the script: the same for everyone (shared) or holding a variable (personal). */
export type ScriptPart = { text: string; personal: boolean };

/** The script cut for a personalised send: its parts in order, and their texts joined by kind. */
export type ScriptSplit = {
  parts: ScriptPart[];
  /** Every personal part's text (their variables: what each recipient needs a value for). */
  head: string;
  /** Every shared part's text. */
  tail: string;
};

const words = (text: string) =>
  text
    .replace(/\{[^}]*\}/g, ' x ')
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** A sentence's clauses, cut after , ; : followed by a space outside a placeholder ("{name|Hi, you}" stays whole). */
function clauses(sentence: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence[i] as string;
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === ',' || c === ';' || c === ':') && /\s/.test(sentence[i + 1] ?? '')) {
      out.push(sentence.slice(from, i + 1));
      from = i + 1;
    }
  }
  out.push(sentence.slice(from));
  return out.filter((x) => x.trim());
}

/**
 * A sentence with a variable, cut at its clauses: the clauses without one that are long enough to
 * be worth a join (4 words or more, or 2 closing the sentence after the name) are shared, the
 * others go with the variable next to them ("Hi {first_name}, thanks for watching this." is a
 * personal greeting and a shared clause; "Thanks, {first_name}, talk soon!" a personal "Thanks,
 * {first_name}," and a shared "talk soon!"; "Thanks, {first_name}!" stays whole).
 */
function sentenceParts(sentence: string): ScriptPart[] {
  const out: ScriptPart[] = [];
  let carry = '';
  const list = clauses(sentence);
  for (const [i, clause] of list.entries()) {
    const personal = hasVariables(clause);
    const last = out[out.length - 1];
    // A sentence's closing words after the name ("…, talk soon!") are worth a join too: the pause is the comma's.
    const closing = i === list.length - 1 && !!last?.personal && words(clause) >= 2;
    if (personal) {
      if (last?.personal) last.text += carry + clause;
      else out.push({ text: carry + clause, personal: true });
      carry = '';
    } else if (words(clause) >= 4 || closing) {
      if (carry && last) last.text += carry;
      out.push({ text: clause, personal: false });
      carry = '';
    } else if (last?.personal) last.text += clause;
    else carry += clause;
  }
  const last = out[out.length - 1];
  if (carry && last) last.text += carry;
  // A personal part must say something besides its variables (a fallback may drop them): else it takes the next clause.
  for (let i = 0; i < out.length; i++) {
    const p = out[i] as ScriptPart;
    const next = out[i + 1];
    if (p.personal && next && words(p.text.replace(/\{[^}]*\}/g, '')) === 0) {
      p.text += next.text;
      out.splice(i + 1, 1);
    }
  }
  return out;
}

/**
 * Cuts a per-recipient script at sentence and clause boundaries into runs with variables (personal:
 * rendered per recipient, once per distinct text) and without (shared: rendered once), so a
 * recipient's cost follows the seconds that differ for them wherever they are
 * (docs/decisions/227-personal-segments.md). Null without a variable.
 */
export function splitScript(script: string): ScriptSplit | null {
  const text = script.trim();
  // The sentences the teleprompter records and the render finds again (src/shared/sentences.ts).
  const parts: ScriptPart[] = [];
  for (const sentence of sentencePieces(text)) {
    for (const piece of hasVariables(sentence) ? sentenceParts(sentence) : [{ text: sentence, personal: false }]) {
      const last = parts[parts.length - 1];
      if (last && last.personal === piece.personal) last.text += piece.text;
      else parts.push({ ...piece });
    }
  }
  for (const p of parts) p.text = p.text.trim();
  // A few shared words between two personal parts ("Thanks!") cost two joins' pauses for nothing: said per recipient.
  const kept: ScriptPart[] = [];
  for (const [i, p] of parts.entries()) {
    if (!p.text) continue;
    const between = !p.personal && parts[i - 1]?.personal && parts[i + 1]?.personal;
    const last = kept[kept.length - 1];
    if (last && between && words(p.text) < 6) last.text += ` ${p.text}`;
    else if (last && last.personal && p.personal) last.text += ` ${p.text}`;
    else kept.push({ ...p });
  }
  if (!kept.some((p) => p.personal)) return null;
  const joined = (personal: boolean) =>
    kept
      .filter((p) => p.personal === personal)
      .map((p) => p.text)
      .join(' ');
  return { parts: kept, head: joined(true), tail: joined(false) };
}
