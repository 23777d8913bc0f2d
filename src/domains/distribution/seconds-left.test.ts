import { expect, test } from 'bun:test';
import { secondsLeft } from './reads';

// The send's "time left" (progress screen): measured from the renders made so far, per recipient.
const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));

test('time left: the pace between finished renders, times the recipients left', () => {
  // 38 recipients, 3 made at 60 s, 70 s and 80 s: 10 s each, 35 left → 350 s (asked right at the last one).
  expect(secondsLeft({ total: 38, done: 3, failed: 0 }, { first: at(60), last: at(80) }, at(0), at(80))).toBe(350);
  // 5 s later, 5 s less.
  expect(secondsLeft({ total: 38, done: 3, failed: 0 }, { first: at(60), last: at(80) }, at(0), at(85))).toBe(345);
  // One made: the time it took since the send started.
  expect(secondsLeft({ total: 4, done: 1, failed: 0 }, { first: at(30), last: at(30) }, at(0), at(30))).toBe(90);
  // Nothing made yet, or nothing left: no estimate.
  expect(secondsLeft({ total: 4, done: 0, failed: 0 }, null, at(0), at(30))).toBeNull();
  expect(secondsLeft({ total: 4, done: 3, failed: 1 }, { first: at(10), last: at(40) }, at(0), at(40))).toBeNull();
});
