// The wizard's steps and its rules (spec part 2 §2.1), as pure functions.
import { templateVariablesOf, type TemplateVariableKind } from '@/shared/templates';
import { DEFAULT_PREVIEW_VALUES, defaultFallbacks, fillText, isStandardVariable } from '@/shared/variables';

export { STEP_IDS, isStepId, stepIndex, type StepId } from './step-ids';
import { STEP_IDS, stepIndex, type StepId } from './step-ids';

export type GateState = { script: string; avatarId: string | null; savedVideoId: string | null };
export type Move = { step: StepId; error?: 'noScript' | 'noAvatar' | 'noVideo' };

/**
 * Where a move to `target` lands: past the script step without a script stays there; customize
 * without an avatar goes back to the avatar step; distribute without a saved video goes back to
 * preview, with the spec's error. A saved video is sent as it is, whatever the wizard holds.
 * The same rule answers Next, the stepper and an address typed, reloaded or reached with Back and
 * Forward (docs/decisions/133).
 */
export function resolveMove(target: StepId, s: GateState): Move {
  if (target === 'distribute' && s.savedVideoId) return { step: target };
  if (target !== 'script' && !s.script.trim()) return { step: 'script', error: 'noScript' };
  if (target === 'avatar-customize' && !s.avatarId) return { step: 'avatar', error: 'noAvatar' };
  if (target === 'distribute' && !s.savedVideoId) return { step: 'preview', error: 'noVideo' };
  return { step: target };
}

export const nextStepOf = (step: StepId): StepId => STEP_IDS[Math.min(STEP_IDS.length - 1, stepIndex(step) + 1)];
export const previousStepOf = (step: StepId): StepId => STEP_IDS[Math.max(0, stepIndex(step) - 1)];

// ---------------------------------------------------------------------------
// Template variables

/**
 * `recipient`: a contact's value (`{first_name}`, `{company}`, a custom column): a placeholder in
 * the video, filled per recipient; the wizard asks for a preview value and a fallback.
 * `content`: the sender's own words a template asks for (`{call_to_action}`), filled in.
 */
export type VariableRole = 'recipient' | 'content';
export type VariableField = {
  name: string;
  kind: TemplateVariableKind;
  label: string;
  /** The preview value (recipient) or the value (content) it starts with. */
  defaultValue: string;
  /** Recipient variables: what a recipient without a value gets, to start with. */
  defaultFallback: string;
  role: VariableRole;
  source: 'template' | 'script';
};
type TemplateLike = { variables: Record<string, { kind: TemplateVariableKind; label: string; defaultValue: string }> };

const roleOf = (name: string, kind: TemplateVariableKind, source: 'template' | 'script'): VariableRole =>
  kind === 'text' && (source === 'script' || isStandardVariable(name.toLowerCase())) ? 'recipient' : 'content';

/**
 * The fields the template step asks for: the chosen template's variables, then the script's own
 * `{placeholders}` that the template does not define (recipient variables: a contact list's
 * columns). Names are matched without regard to case, as the server fills them.
 */
export function variableFields(
  template: TemplateLike | null,
  script: string,
  knownDefaults: Record<string, string> = {},
  /** The video's language (its voice's, else the screen's): the default fallbacks are said in it. */
  language?: string | null,
): VariableField[] {
  const fields: VariableField[] = Object.entries(template?.variables ?? {}).map(([name, v]) => {
    const role = roleOf(name, v.kind, 'template');
    const lower = name.toLowerCase();
    // A template's default for a recipient variable is what someone without a value hears: the fallback.
    return role === 'recipient'
      ? { name, kind: v.kind, label: v.label, defaultValue: DEFAULT_PREVIEW_VALUES[lower] ?? '', defaultFallback: v.defaultValue, role, source: 'template' }
      : { name, kind: v.kind, label: v.label, defaultValue: v.defaultValue, defaultFallback: '', role, source: 'template' };
  });
  const seen = new Set(fields.map((f) => f.name.toLowerCase()));
  for (const name of templateVariablesOf(script)) {
    const lower = name.toLowerCase();
    if (seen.has(lower)) continue;
    seen.add(lower);
    const content = knownDefaults[lower] !== undefined && !isStandardVariable(lower);
    fields.push(
      content
        ? { name, kind: 'text', label: name, defaultValue: knownDefaults[lower]!, defaultFallback: '', role: 'content', source: 'script' }
        : {
            name,
            kind: 'text',
            label: name,
            defaultValue: DEFAULT_PREVIEW_VALUES[lower] ?? '',
            defaultFallback: defaultFallbacks(language)[lower] ?? '',
            role: 'recipient',
            source: 'script',
          },
    );
  }
  return fields;
}

export type Choices = { avatarId: string | null; voiceId: string | null };

/** Names still empty: text fields need a value (the preview's, for recipient ones); avatar and voice fields are met by the earlier choices. */
export function missingVariables(fields: readonly VariableField[], values: Record<string, string | undefined>, choices: Choices): string[] {
  return fields
    .filter((f) => {
      if (f.kind === 'avatar') return !choices.avatarId;
      if (f.kind === 'voice') return !choices.voiceId;
      return !(values[f.name] ?? '').trim();
    })
    .map((f) => f.name);
}

/** The values a field list starts with: what the user typed before, else the default. */
export function initialValues(fields: readonly VariableField[], current: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.kind === 'text') out[f.name] = current[f.name] ?? f.defaultValue;
  return out;
}

/** The fallbacks of the recipient fields: what the user typed before, else the default. */
export function initialFallbacks(fields: readonly VariableField[], current: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.role === 'recipient') out[f.name] = current[f.name] ?? f.defaultFallback;
  return out;
}

/** Text values to send with a render (avatar and voice travel as avatarId and voiceId). */
export function textValues(fields: readonly VariableField[], values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.kind === 'text') out[f.name] = (values[f.name] ?? f.defaultValue).trim();
  return out;
}

/** Fallbacks to send with a render: a blank one is none (every recipient then needs a value). */
export function fallbackValues(fields: readonly VariableField[], fallbacks: Record<string, string | undefined>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const f of fields) if (f.role === 'recipient') out[f.name] = (fallbacks[f.name] ?? f.defaultFallback).trim() || null;
  return out;
}

/** The script as the preview speaks it: the wizard's values (and fallbacks for blank ones), never a brace. */
export function previewText(script: string, fields: readonly VariableField[], values: Record<string, string>, fallbacks: Record<string, string>): string {
  return fillText(script, textValues(fields, values), fallbackValues(fields, fallbacks));
}
