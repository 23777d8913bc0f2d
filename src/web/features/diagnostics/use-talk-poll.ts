import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiReply, api, HttpError } from '../../lib/rest';
import { nextPollDelay, POLL_FIRST_DELAY_MS, pollExhausted, talkPhase } from './poll-schedule';

/** A render's status, as GET /api/avatars/talk/{taskId} declares it. */
export type TalkReply = ApiReply<'GET', '/api/avatars/talk/:taskId'>;

export type PollPhase = 'idle' | 'polling' | 'ready' | 'failed' | 'timeout';
export type PollState = { phase: PollPhase; attempts: number; nextDelayMs: number | null; reply: TalkReply | null; error: string | null };

const IDLE: PollState = { phase: 'idle', attempts: 0, nextDelayMs: null, reply: null, error: null };

/** A client error other than a timeout or a rate limit will not improve by asking again. */
const isFinalError = (e: unknown) => e instanceof HttpError && e.status >= 400 && e.status < 500 && e.status !== 408 && e.status !== 429;

/**
 * Polls GET /api/avatars/talk/{taskId} on the spec's schedule (§9): first after 3 s (or at once when
 * asked by hand), ×1.2 after a not-ready reply, ×1.5 after a failed check, capped at 10 s, 60 checks.
 */
export function useTalkPoll(onCheckError: (error: unknown) => void) {
  const [state, setState] = useState<PollState>(IDLE);
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onError = useRef(onCheckError);
  onError.current = onCheckError;

  const stop = useCallback(() => {
    run.current++;
    clearTimeout(timer.current);
    setState((s) => (s.phase === 'polling' ? { ...s, phase: 'idle', nextDelayMs: null } : s));
  }, []);

  useEffect(
    () => () => {
      run.current++;
      clearTimeout(timer.current);
    },
    [],
  );

  const start = useCallback((taskId: string, opts: { immediate?: boolean } = {}) => {
    const id = ++run.current;
    clearTimeout(timer.current);
    let attempts = 0;

    const schedule = (delay: number) => {
      setState((s) => ({ ...s, phase: 'polling', nextDelayMs: delay }));
      timer.current = setTimeout(() => void check(delay), delay);
    };

    // `delay` is the wait that preceded this check; null for a check made at once (the next wait is then the first one).
    const check = async (delay: number | null) => {
      if (id !== run.current) return;
      attempts++;
      try {
        const reply = await api.get('/api/avatars/talk/:taskId', { params: { taskId } });
        if (id !== run.current) return;
        const phase = talkPhase(reply);
        if (phase === 'ready') return setState({ phase: 'ready', attempts, nextDelayMs: null, reply, error: null });
        if (phase === 'failed') return setState({ phase: 'failed', attempts, nextDelayMs: null, reply, error: reply.error ?? reply.message ?? null });
        setState((s) => ({ ...s, attempts, reply, error: null }));
        if (pollExhausted(attempts)) return setState((s) => ({ ...s, phase: 'timeout', nextDelayMs: null }));
        const next = delay === null ? POLL_FIRST_DELAY_MS : nextPollDelay(delay, 'not-ready');
        schedule(next);
      } catch (e) {
        if (id !== run.current) return;
        onError.current(e);
        const message = e instanceof Error ? e.message : String(e);
        if (isFinalError(e)) return setState((s) => ({ ...s, phase: 'failed', attempts, nextDelayMs: null, error: message }));
        setState((s) => ({ ...s, attempts, error: message }));
        if (pollExhausted(attempts)) return setState((s) => ({ ...s, phase: 'timeout', nextDelayMs: null }));
        const next = delay === null ? POLL_FIRST_DELAY_MS : nextPollDelay(delay, 'error');
        schedule(next);
      }
    };

    setState({ ...IDLE, phase: 'polling' });
    if (opts.immediate) void check(null);
    else schedule(POLL_FIRST_DELAY_MS);
  }, []);

  const reset = useCallback(() => {
    run.current++;
    clearTimeout(timer.current);
    setState(IDLE);
  }, []);

  return { state, start, stop, reset };
}
