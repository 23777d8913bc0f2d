// The wizard's step ids, apart from the gating rules so that the route (in the initial bundle)
// does not pull the template catalogue in.
export const STEP_IDS = ['script', 'avatar', 'avatar-customize', 'template', 'preview', 'payment', 'distribute'] as const;
export type StepId = (typeof STEP_IDS)[number];

export const stepIndex = (step: StepId) => STEP_IDS.indexOf(step);
export const isStepId = (v: unknown): v is StepId => typeof v === 'string' && (STEP_IDS as readonly string[]).includes(v);
