import { describe, expect, test } from 'bun:test';
import { nextPollDelay, POLL_FIRST_DELAY_MS, POLL_MAX_ATTEMPTS, POLL_MAX_DELAY_MS, pollExhausted, talkPhase } from './poll-schedule';

describe('polling schedule (spec part 2 §9)', () => {
  test('starts at 3 s and grows by 1.2 after a not-ready reply', () => {
    expect(POLL_FIRST_DELAY_MS).toBe(3000);
    expect(nextPollDelay(3000, 'not-ready')).toBe(3600);
    expect(nextPollDelay(3600, 'not-ready')).toBe(4320);
  });
  test('grows by 1.5 after an error', () => {
    expect(nextPollDelay(3000, 'error')).toBe(4500);
    expect(nextPollDelay(4500, 'error')).toBe(6750);
  });
  test('is capped at 10 s', () => {
    expect(POLL_MAX_DELAY_MS).toBe(10_000);
    expect(nextPollDelay(9000, 'not-ready')).toBe(10_000);
    expect(nextPollDelay(9000, 'error')).toBe(10_000);
    let d = POLL_FIRST_DELAY_MS;
    const seen: number[] = [];
    for (let i = 0; i < 20; i++) {
      d = nextPollDelay(d, 'not-ready');
      seen.push(d);
    }
    expect(Math.max(...seen)).toBe(10_000);
    expect(seen.slice(-5)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
  });
  test('stops after 60 attempts', () => {
    expect(POLL_MAX_ATTEMPTS).toBe(60);
    expect(pollExhausted(59)).toBe(false);
    expect(pollExhausted(60)).toBe(true);
  });
});

describe('talkPhase', () => {
  test('done or completed with a url is ready', () => {
    expect(talkPhase({ status: 'done', result_url: '/files/a.mp4' })).toBe('ready');
    expect(talkPhase({ status: 'completed', result_url: '/files/a.mp4' })).toBe('ready');
    expect(talkPhase({ status: 'done', result_url: null })).toBe('pending');
  });
  test('error, rejected, failed or an error field is a failure', () => {
    for (const status of ['error', 'rejected', 'failed']) expect(talkPhase({ status })).toBe('failed');
    expect(talkPhase({ status: 'processing', error: 'boom' })).toBe('failed');
  });
  test('created, started and processing wait', () => {
    for (const status of ['created', 'started', 'processing', 'queued']) expect(talkPhase({ status })).toBe('pending');
  });
});
