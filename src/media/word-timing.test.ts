import { expect, test } from 'bun:test';
import { alignWords } from './word-timing.ts';

test('words eSpeak merged or skipped are interpolated; lone punctuation joins the previous word', () => {
  // eSpeak reports "I am" as one event at "I" (positions are 1-based code points).
  const text = 'Héllo, I am Emma — bye';
  const words = alignWords(
    text,
    [
      { pos: 1, ms: 0 },
      { pos: 8, ms: 600 },
      { pos: 13, ms: 900 },
      { pos: 20, ms: 1600 },
    ],
    [500, 1500, 2000],
    2.1,
  );
  expect(words.map((w) => w.text)).toEqual(['Héllo,', 'I', 'am', 'Emma —', 'bye']);
  expect(words[0]).toEqual({ text: 'Héllo,', startSec: 0, endSec: 0.5 });
  expect(words[2]?.startSec).toBeCloseTo(0.7, 3);
  expect(words[3]).toEqual({ text: 'Emma —', startSec: 0.9, endSec: 1.5 });
  expect(words[4]).toEqual({ text: 'bye', startSec: 1.6, endSec: 2 });
});

test('starts stay strictly increasing when events collide', () => {
  const words = alignWords(
    'a b c',
    [
      { pos: 1, ms: 100 },
      { pos: 3, ms: 100 },
      { pos: 5, ms: 100 },
    ],
    [],
    1,
  );
  expect(words.map((w) => w.startSec)).toEqual([0.1, 0.11, 0.12]);
});
