// The generation polling scheme of spec part 2 §9, used by /test-creatify (and any clip preview):
// first wait 3 s; ×1.2 after a not-ready reply, ×1.5 after a failed check; never above 10 s; 60 checks at most.
export const POLL_FIRST_DELAY_MS = 3000;
export const POLL_NOT_READY_FACTOR = 1.2;
export const POLL_ERROR_FACTOR = 1.5;
export const POLL_MAX_DELAY_MS = 10_000;
export const POLL_MAX_ATTEMPTS = 60;

export type PollOutcome = 'not-ready' | 'error';

/** The wait before the next check, given the last wait and how the last check went. */
export function nextPollDelay(previousMs: number, outcome: PollOutcome): number {
  const factor = outcome === 'error' ? POLL_ERROR_FACTOR : POLL_NOT_READY_FACTOR;
  return Math.min(POLL_MAX_DELAY_MS, Math.round(previousMs * factor));
}

/** True when `attempts` checks have been made and no more may follow (the timeout state). */
export const pollExhausted = (attempts: number) => attempts >= POLL_MAX_ATTEMPTS;

/** The talk/clip status words (spec part 2 §4): done/completed succeed, error/rejected/failed fail, the rest waits. */
export type TalkPhase = 'ready' | 'failed' | 'pending';
export function talkPhase(reply: { status?: string | null; result_url?: string | null; error?: unknown }): TalkPhase {
  const s = (reply.status ?? '').toLowerCase();
  if (reply.error || s === 'error' || s === 'rejected' || s === 'failed') return 'failed';
  if ((s === 'done' || s === 'completed') && reply.result_url) return 'ready';
  return 'pending';
}
