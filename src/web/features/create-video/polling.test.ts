import { describe, expect, test } from 'bun:test';
import { classifyStatus, isAvatarPending, nextDelay, POLLING, pollUntilDone, type StatusReply } from './polling';

/** Runs the poller against scripted replies (an Error entry means the request failed); records the waits. */
async function run(replies: (StatusReply | Error)[], maxAttempts?: number) {
  const waits: number[] = [];
  const retries: number[] = [];
  let i = 0;
  const result = await pollUntilDone({
    sleep: async (ms) => void waits.push(Math.round(ms)),
    check: async () => {
      const r = replies[Math.min(i++, replies.length - 1)];
      if (r instanceof Error) throw r;
      return r;
    },
    onRetry: (_e, attempt) => retries.push(attempt),
    maxAttempts,
  });
  return { result, waits, retries };
}

const processing: StatusReply = { status: 'processing', url: null, progress: 10 };

describe('classifyStatus', () => {
  test('ready needs a url', () => {
    expect(classifyStatus({ status: 'completed', url: '/files/v.mp4' })).toEqual({ kind: 'ready', url: '/files/v.mp4' });
    expect(classifyStatus({ status: 'completed', url: null })).toEqual({ kind: 'not-ready' });
    expect(classifyStatus(processing)).toEqual({ kind: 'not-ready' });
  });
  test('status error or failed, or an error field, is a failure', () => {
    expect(classifyStatus({ status: 'failed', error: 'boom' })).toEqual({ kind: 'failed', error: 'boom' });
    expect(classifyStatus({ status: 'ERROR' })).toEqual({ kind: 'failed', error: null });
    expect(classifyStatus({ status: 'processing', error: 'disk full' })).toEqual({ kind: 'failed', error: 'disk full' });
    expect(classifyStatus({ status: 'failed', message: 'stopped' })).toEqual({ kind: 'failed', error: 'stopped' });
  });
});

describe('nextDelay', () => {
  test('×1.2 after not-ready, ×1.5 after an error, capped at 10 s', () => {
    expect(nextDelay(3000, 'not-ready')).toBeCloseTo(3600);
    expect(nextDelay(3000, 'error')).toBeCloseTo(4500);
    expect(nextDelay(9000, 'not-ready')).toBe(10_000);
    expect(nextDelay(10_000, 'error')).toBe(10_000);
  });
});

describe('pollUntilDone', () => {
  test('first wait is 3 s, then grows by 1.2 while not ready', async () => {
    const { result, waits } = await run([processing, processing, processing, { status: 'completed', url: '/files/a.mp4' }]);
    expect(result).toEqual({ kind: 'ready', url: '/files/a.mp4', attempts: 4 });
    expect(waits).toEqual([3000, 3600, 4320, 5184]);
  });

  test('an error multiplies the wait by 1.5 and is retried', async () => {
    const { result, waits, retries } = await run([new Error('502'), processing, new Error('net'), { status: 'completed', url: '/files/b.mp4' }]);
    expect(result.kind).toBe('ready');
    expect(waits).toEqual([3000, 4500, 5400, 8100]);
    expect(retries).toEqual([1, 3]);
  });

  test('the wait never exceeds 10 s', async () => {
    const { waits } = await run([processing], 20);
    expect(Math.max(...waits)).toBe(POLLING.maxDelayMs);
    expect(waits.filter((w) => w === 10_000).length).toBeGreaterThan(10);
  });

  test('60 attempts at most, then a timeout', async () => {
    const { result, waits } = await run([processing]);
    expect(result).toEqual({ kind: 'timeout', attempts: 60 });
    expect(waits).toHaveLength(60);
  });

  test('a failed status ends at once', async () => {
    const { result, waits } = await run([processing, { status: 'failed', error: 'The render stopped' }]);
    expect(result).toEqual({ kind: 'failed', error: 'The render stopped', attempts: 2 });
    expect(waits).toHaveLength(2);
  });

  test('no retry notice after the last attempt; errors only → timeout', async () => {
    const { result, retries } = await run([new Error('down')], 3);
    expect(result).toEqual({ kind: 'timeout', attempts: 3 });
    expect(retries).toEqual([1, 2]);
  });

  test('cancelling stops before the next request', async () => {
    let cancelled = false;
    let calls = 0;
    const result = await pollUntilDone({
      sleep: async () => {},
      check: async () => {
        calls++;
        cancelled = true;
        return processing;
      },
      isCancelled: () => cancelled,
    });
    expect(result.kind).toBe('cancelled');
    expect(calls).toBe(1);
  });
});

test('custom avatars are polled while processing, created or validating', () => {
  expect(['processing', 'created', 'validating'].every(isAvatarPending)).toBe(true);
  expect(isAvatarPending('done')).toBe(false);
  expect(isAvatarPending('failed')).toBe(false);
  expect(isAvatarPending(undefined)).toBe(false);
});
