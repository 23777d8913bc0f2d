// The generation polling of spec part 2 §4 and §9, shared by the wizard's preview, the clip
// preview and /test-creatify: first wait 3 s; ×1.2 after a not-ready reply, ×1.5 after a failed
// request; never more than 10 s; at most 60 attempts.
export const POLLING = {
  firstDelayMs: 3000,
  notReadyFactor: 1.2,
  errorFactor: 1.5,
  maxDelayMs: 10_000,
  maxAttempts: 60,
} as const;

export type PollOutcome = 'not-ready' | 'error';

/** The wait before the next attempt, given the wait before this one and how it went. */
export function nextPollDelay(previousMs: number, outcome: PollOutcome): number {
  const factor = outcome === 'error' ? POLLING.errorFactor : POLLING.notReadyFactor;
  return Math.min(POLLING.maxDelayMs, Math.round(previousMs * factor));
}

/** True when `attempts` checks have been made and no more may follow (the timeout state). */
export const pollExhausted = (attempts: number) => attempts >= POLLING.maxAttempts;
