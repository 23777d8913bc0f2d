// The status words of talk renders and clips; the polling schedule itself is src/web/lib/poll-schedule.ts.
import { POLLING } from '../../lib/poll-schedule';

export { nextPollDelay, pollExhausted, type PollOutcome } from '../../lib/poll-schedule';
export const POLL_FIRST_DELAY_MS: number = POLLING.firstDelayMs;
export const POLL_MAX_DELAY_MS = POLLING.maxDelayMs;
export const POLL_MAX_ATTEMPTS = POLLING.maxAttempts;

/** The talk/clip status words (spec part 2 §4): done/completed succeed, error/rejected/failed fail, the rest waits. */
export type TalkPhase = 'ready' | 'failed' | 'pending';
export function talkPhase(reply: { status?: string | null; result_url?: string | null; error?: unknown }): TalkPhase {
  const s = (reply.status ?? '').toLowerCase();
  if (reply.error || s === 'error' || s === 'rejected' || s === 'failed') return 'failed';
  if ((s === 'done' || s === 'completed') && reply.result_url) return 'ready';
  return 'pending';
}
