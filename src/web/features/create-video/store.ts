import { useSyncExternalStore } from 'react';
import { isStepId, STEP_IDS, stepIndex, type StepId } from './step-ids';

// The wizard's state lives outside the step components, so that moving between steps keeps
// everything; it is mirrored to sessionStorage (per tab and user, versioned) so that a reload keeps
// it too. The step shown is the address's (`?step=`, docs/decisions/133-wizard-address-parameters.md).

export type AvatarStyle = 'normal' | 'circle' | 'closeUp';
export type ChosenAvatar = { id: string; name: string; thumbnail: string; type: 'stock' | 'custom' | 'provider'; gender: string };
export type Look = { avatarStyle: AvatarStyle; offsetX: number; offsetY: number; matting: boolean; circleBackgroundColor: string };
export type Background = { id: string; url: string; name: string };
/** The rep's own recording of the script (POST /api/voice-recordings): the video's voice when set. */
export type VoiceRecording = { id: string; sentences: string[]; durationSec: number };
export type RenderState = {
  videoId: string;
  taskId: string | null;
  status: 'processing' | 'ready' | 'failed' | 'timeout';
  url: string | null;
  thumbnail: string | null;
  progress: number;
  message: string | null;
  error: string | null;
  startedAt: number;
  finishedAt: number | null;
};

export type WizardState = {
  step: StepId;
  /** The furthest step reached: the stepper opens steps up to it. */
  reached: number;
  script: string;
  avatar: ChosenAvatar | null;
  voiceId: string | null;
  /** With a recording, the voice (voiceId) says only the sentences with variables (decision 221). */
  voiceRecording: VoiceRecording | null;
  look: Look;
  templateId: string | null;
  /** Preview values of recipient variables, values of the template's own. */
  variables: Record<string, string>;
  /** What a recipient without a value gets, per recipient variable (blank: none). */
  fallbacks: Record<string, string>;
  background: Background | null;
  render: RenderState | null;
  /** Set once the finished video is saved to My Videos: the send step needs it. */
  savedVideoId: string | null;
};

/** Voice customization defaults (spec part 2 §3). */
export const DEFAULT_LOOK: Look = { avatarStyle: 'normal', offsetX: 0, offsetY: 0, matting: false, circleBackgroundColor: '#ffffff' };

export const initialState = (): WizardState => ({
  step: 'script',
  reached: 0,
  script: '',
  avatar: null,
  voiceId: null,
  voiceRecording: null,
  look: { ...DEFAULT_LOOK },
  templateId: null,
  variables: {},
  fallbacks: {},
  background: null,
  render: null,
  savedVideoId: null,
});

const STORAGE_PREFIX = 'create-video:';
/**
 * The saved draft's format. Bump it when a field changes meaning or shape: a draft saved in another
 * format is dropped, not misread (a tab open across a deploy starts afresh). A draft without a
 * version is of format 1, the first one (docs/decisions/232-wizard-step-in-url.md).
 */
export const SAVED_WIZARD_VERSION = 1;

// What each saved field must be, else it takes its initial value: a field of another shape must not reach the steps.
const FIELD_KINDS: { [K in keyof WizardState]: 'string' | 'number' | 'object' | 'string?' | 'object?' } = {
  step: 'string',
  reached: 'number',
  script: 'string',
  avatar: 'object?',
  voiceId: 'string?',
  voiceRecording: 'object?',
  look: 'object',
  templateId: 'string?',
  variables: 'object',
  fallbacks: 'object',
  background: 'object?',
  render: 'object?',
  savedVideoId: 'string?',
};
const fits = (v: unknown, kind: string) =>
  (kind.endsWith('?') && v === null) || (typeof v === kind.replace('?', '') && v !== null && !Array.isArray(v) && (kind !== 'number' || Number.isFinite(v)));

/** A saved draft (sessionStorage's text), field by field; anything unreadable, of another format or shape is the fresh wizard's. */
export function readSavedWizard(raw: string | null): WizardState {
  const fresh = initialState();
  let saved: unknown;
  try {
    saved = raw ? JSON.parse(raw) : null;
  } catch {
    return fresh;
  }
  if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return fresh;
  const s = saved as Record<string, unknown>;
  if ((s.version ?? 1) !== SAVED_WIZARD_VERSION) return fresh;
  const out: Record<string, unknown> = { ...fresh };
  for (const [key, kind] of Object.entries(FIELD_KINDS)) if (fits(s[key], kind)) out[key] = s[key];
  const state = out as WizardState;
  if (!isStepId(state.step)) state.step = fresh.step;
  state.reached = Math.min(Math.max(0, Math.trunc(state.reached)), STEP_IDS.length - 1);
  state.look = { ...DEFAULT_LOOK, ...state.look };
  return state;
}

let owner: string | null = null;
let state: WizardState = initialState();
const listeners = new Set<() => void>();

function persist() {
  if (!owner) return;
  try {
    sessionStorage.setItem(STORAGE_PREFIX + owner, JSON.stringify({ version: SAVED_WIZARD_VERSION, ...state }));
  } catch {
    // storage full or unavailable: the wizard still works for this page's life
  }
}

function restore(userId: string): WizardState {
  try {
    return readSavedWizard(sessionStorage.getItem(STORAGE_PREFIX + userId));
  } catch {
    return initialState();
  }
}

/** Loads the signed-in user's saved wizard (once per user). */
export function openWizard(userId: string) {
  if (owner === userId) return;
  owner = userId;
  state = restore(userId);
  // Saved back at once: a draft dropped (another format, a field of another shape) does not linger.
  persist();
  emit();
}

function emit() {
  for (const l of listeners) l();
}

export function getWizard(): WizardState {
  return state;
}

export function updateWizard(patch: Partial<WizardState> | ((s: WizardState) => Partial<WizardState>)) {
  const p = typeof patch === 'function' ? patch(state) : patch;
  state = { ...state, ...p };
  if (p.step) state.reached = Math.max(state.reached, stepIndex(p.step));
  persist();
  emit();
}

export function updateRender(patch: Partial<RenderState>) {
  if (!state.render) return;
  updateWizard({ render: { ...state.render, ...patch } });
}

export function resetWizard() {
  state = initialState();
  persist();
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function useWizard<T>(select: (s: WizardState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => select(state),
  );
}
