// The wizard's address parameters, typed and bounded. A hand-written parser rather than zod: the
// route's validateSearch is in the landing page's initial bundle, and zod there costs ~12 KB of a
// 150 KB budget that has under 1 KB left (docs/decisions/133-wizard-address-parameters.md).

import type { StepId } from './step-ids';

/** The same bound as the script field itself (SCRIPT_MAX_LENGTH in src/domains/scripts/schemas.ts; not imported: bundle). */
export const SEARCH_SCRIPT_MAX = 5000;

export type WizardParams = {
  /** A stock or custom avatar to preselect (the avatar library's Create Video, My Clips → Reuse). */
  avatar?: string;
  /** A template to preselect (the dashboard's popular templates). */
  template?: string;
  /** A script to start from (My Clips → Reuse). */
  script?: string;
  /** Duplicate and edit: a video whose choices the wizard reopens with. */
  from?: string;
  /** Send: a saved video to open the Send To Contact step with. */
  send?: string;
};

/**
 * The current step's name in the address (`?step=visualize`), after the labels people see; the
 * other parameters are applied once and dropped, this one stays (docs/decisions/133).
 */
export const STEP_SLUGS = {
  script: 'script',
  avatar: 'avatar',
  'avatar-customize': 'customize',
  template: 'background',
  preview: 'visualize',
  payment: 'payment',
  distribute: 'send',
} as const satisfies Record<StepId, string>;
export type StepSlug = (typeof STEP_SLUGS)[StepId];
const SLUG_STEPS = Object.fromEntries(Object.entries(STEP_SLUGS).map(([id, slug]) => [slug, id])) as Record<StepSlug, StepId>;
export const stepOfSlug = (slug: StepSlug | undefined): StepId | undefined => (slug ? SLUG_STEPS[slug] : undefined);

/** Absent: none (the wizard resumes its saved step); anything unknown: the first step. */
const step = (v: unknown): StepSlug | undefined =>
  v === undefined ? undefined : typeof v === 'string' && Object.hasOwn(SLUG_STEPS, v) ? (v as StepSlug) : 'script';

export type WizardSearch = WizardParams & { step?: StepSlug };

const ID_RE = /^[A-Za-z0-9_-]{1,100}$/;
const id = (v: unknown) => (typeof v === 'string' && ID_RE.test(v) ? v : undefined);
// No control characters but tabs and line breaks (the server refuses them: decision 085).
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A script from the address: text up to the script's own limit, without control characters; else nothing. */
function script(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  const s = String(v);
  if (!s.trim() || s.length > SEARCH_SCRIPT_MAX || CONTROL_RE.test(s)) return undefined;
  return s;
}

/** Every key is returned, undefined when refused: the router keeps raw keys its validator leaves out. */
export function parseWizardSearch(search: Record<string, unknown>): WizardSearch {
  return {
    step: step(search.step),
    avatar: id(search.avatar),
    template: id(search.template),
    script: script(search.script),
    from: id(search.from),
    send: id(search.send),
  };
}

/** Whether the address asks for something to apply once (the step is not one of them). */
export const hasWizardParams = (p: WizardParams) => [p.avatar, p.template, p.script, p.from, p.send].some((v) => v !== undefined);
