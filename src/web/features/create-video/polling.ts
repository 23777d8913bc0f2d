// The generation polling of spec part 2 §4 and §9: first wait 3 s; ×1.2 after a not-ready reply,
// ×1.5 after a failed request; never more than 10 s; at most 60 attempts. Pure: the clock and
// the request are injected, so the schedule is tested without timers or a DOM.

export { POLLING } from '../../lib/poll-schedule';
import { nextPollDelay, POLLING } from '../../lib/poll-schedule';

/** Custom avatars are polled every 5 s while in one of these states (spec §4, §9). */
export const AVATAR_POLL_MS = 5000;
export const AVATAR_PENDING_STATUSES = ['processing', 'created', 'validating'] as const;
export const isAvatarPending = (status: string | null | undefined) => !!status && (AVATAR_PENDING_STATUSES as readonly string[]).includes(status);

/** What GET /api/videos/{id}/status answers (the fields the wizard reads). */
export type StatusReply = {
  status?: string | null;
  url?: string | null;
  progress?: number | null;
  message?: string | null;
  error?: string | null;
  thumbnail?: string | null;
};

export type Verdict = { kind: 'ready'; url: string } | { kind: 'failed'; error: string | null } | { kind: 'not-ready' };

const FAILED = ['error', 'failed'];

/** Ready with a url is success; status error/failed, or an error field, is failure; anything else waits. */
export function classifyStatus(reply: StatusReply): Verdict {
  const status = (reply.status ?? '').toLowerCase();
  if (FAILED.includes(status) || reply.error) return { kind: 'failed', error: reply.error ?? reply.message ?? null };
  if (reply.url) return { kind: 'ready', url: reply.url };
  return { kind: 'not-ready' };
}

/** The wait before the next attempt, given the wait before this one and how it went. */
export const nextDelay = nextPollDelay;

export type PollResult =
  | { kind: 'ready'; url: string; attempts: number }
  | { kind: 'failed'; error: string | null; attempts: number }
  | { kind: 'timeout'; attempts: number }
  | { kind: 'cancelled'; attempts: number };

export type PollHooks = {
  check: () => Promise<StatusReply>;
  sleep: (ms: number) => Promise<void>;
  /** Every successful reply (progress, message). */
  onReply?: (reply: StatusReply, attempt: number) => void;
  /** A request failed and another attempt follows (the "Status Check Delayed" toast). */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
  isCancelled?: () => boolean;
  maxAttempts?: number;
};

/** Waits, asks, and waits longer, until the video is ready, failed, or the attempts run out. */
export async function pollUntilDone(hooks: PollHooks): Promise<PollResult> {
  const max = hooks.maxAttempts ?? POLLING.maxAttempts;
  let delay: number = POLLING.firstDelayMs;
  for (let attempt = 1; attempt <= max; attempt++) {
    await hooks.sleep(delay);
    if (hooks.isCancelled?.()) return { kind: 'cancelled', attempts: attempt - 1 };
    let reply: StatusReply;
    try {
      reply = await hooks.check();
    } catch (error) {
      if (hooks.isCancelled?.()) return { kind: 'cancelled', attempts: attempt };
      delay = nextDelay(delay, 'error');
      if (attempt < max) hooks.onRetry?.(error, attempt, delay);
      continue;
    }
    if (hooks.isCancelled?.()) return { kind: 'cancelled', attempts: attempt };
    hooks.onReply?.(reply, attempt);
    const verdict = classifyStatus(reply);
    if (verdict.kind === 'ready') return { kind: 'ready', url: verdict.url, attempts: attempt };
    if (verdict.kind === 'failed') return { kind: 'failed', error: verdict.error, attempts: attempt };
    delay = nextDelay(delay, 'not-ready');
  }
  return { kind: 'timeout', attempts: max };
}
