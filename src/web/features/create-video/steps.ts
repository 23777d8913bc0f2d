// The wizard's steps and its rules (spec part 2 §2.1), as pure functions.
import { templateVariablesOf, type TemplateVariableKind } from '@/shared/templates';

export { STEP_IDS, isStepId, stepIndex, type StepId } from './step-ids';
import { STEP_IDS, stepIndex, type StepId } from './step-ids';

export type GateState = { avatarId: string | null; savedVideoId: string | null };
export type Move = { step: StepId; error?: 'noAvatar' | 'noVideo' };

/**
 * Where a move to `target` lands: customize without an avatar goes back to the avatar step;
 * distribute without a saved video goes back to preview, with the spec's error.
 */
export function resolveMove(target: StepId, s: GateState): Move {
  if (target === 'avatar-customize' && !s.avatarId) return { step: 'avatar', error: 'noAvatar' };
  if (target === 'distribute' && !s.savedVideoId) return { step: 'preview', error: 'noVideo' };
  return { step: target };
}

export const nextStepOf = (step: StepId): StepId => STEP_IDS[Math.min(STEP_IDS.length - 1, stepIndex(step) + 1)];
export const previousStepOf = (step: StepId): StepId => STEP_IDS[Math.max(0, stepIndex(step) - 1)];

// ---------------------------------------------------------------------------
// Template variables

export type VariableField = { name: string; kind: TemplateVariableKind; label: string; defaultValue: string; source: 'template' | 'script' };
type TemplateLike = { variables: Record<string, { kind: TemplateVariableKind; label: string; defaultValue: string }> };

/**
 * The fields the template step asks for: the chosen template's variables, then the script's own
 * `{placeholders}` that the template does not define (their preview values). Names are matched
 * without regard to case, as the server fills them.
 */
export function variableFields(template: TemplateLike | null, script: string, knownDefaults: Record<string, string> = {}): VariableField[] {
  const fields: VariableField[] = Object.entries(template?.variables ?? {}).map(([name, v]) => ({ name, kind: v.kind, label: v.label, defaultValue: v.defaultValue, source: 'template' }));
  const seen = new Set(fields.map((f) => f.name.toLowerCase()));
  for (const name of templateVariablesOf(script)) {
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    fields.push({ name, kind: 'text', label: name, defaultValue: knownDefaults[name.toLowerCase()] ?? '', source: 'script' });
  }
  return fields;
}

export type Choices = { avatarId: string | null; voiceId: string | null };

/** Names still empty: text fields need a value; avatar and voice fields are met by the earlier choices. */
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

/** Text values to send with a render (avatar and voice travel as avatarId and voiceId). */
export function textValues(fields: readonly VariableField[], values: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) if (f.kind === 'text') out[f.name] = (values[f.name] ?? f.defaultValue).trim();
  return out;
}
