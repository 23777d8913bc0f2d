// The wizard's address parameters, typed and bounded. A hand-written parser rather than zod: the
// route's validateSearch is in the landing page's initial bundle, and zod there costs ~12 KB of a
// 150 KB budget that has under 1 KB left (docs/decisions/133-wizard-address-parameters.md).

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
export function parseWizardSearch(search: Record<string, unknown>): WizardParams {
  return { avatar: id(search.avatar), template: id(search.template), script: script(search.script), from: id(search.from), send: id(search.send) };
}

export const hasWizardParams = (p: WizardParams) => Object.values(p).some((v) => v !== undefined);
