import { describe, expect, test } from 'bun:test';
import { buildCues, captionLineChars, parseVtt, shiftCues, toAss, toSrt, toVtt } from './captions.ts';
import type { WordTiming } from './word-timing.ts';

/** Words 0.3 s apart, each 0.25 s long. */
function timed(text: string, start = 0): WordTiming[] {
  return text.split(' ').map((word, i) => ({ text: word, startSec: start + i * 0.3, endSec: start + i * 0.3 + 0.25 }));
}

describe('cues', () => {
  test('break at sentence ends and at the line length', () => {
    const cues = buildCues(timed('Hello there. This is a rather long sentence that will not fit on a single caption line at all.'), { maxChars: 30 });
    expect(cues[0]?.text).toBe('Hello there.');
    for (const cue of cues) expect(cue.text.length).toBeLessThanOrEqual(30);
    expect(cues.map((c) => c.text).join(' ')).toBe('Hello there. This is a rather long sentence that will not fit on a single caption line at all.');
    for (const [i, cue] of cues.entries()) {
      expect(cue.endSec).toBeGreaterThan(cue.startSec);
      if (i > 0) expect(cue.startSec).toBeGreaterThanOrEqual((cues[i - 1] as { endSec: number }).endSec);
    }
  });

  test('a long pause starts a new cue', () => {
    const words = [...timed('one two'), ...timed('three four', 3)];
    expect(buildCues(words).map((c) => c.text)).toEqual(['one two', 'three four']);
  });

  test('shift moves every cue', () => {
    expect(shiftCues([{ startSec: 1, endSec: 2, text: 'x' }], 2.5)).toEqual([{ startSec: 3.5, endSec: 4.5, text: 'x' }]);
  });

  test('portrait frames fit fewer characters per line than landscape', () => {
    expect(captionLineChars(720, 1280)).toBeLessThan(captionLineChars(1280, 720));
  });
});

describe('formats', () => {
  const cues = [
    { startSec: 1.5, endSec: 3.25, text: 'Hello {there}' },
    { startSec: 61.04, endSec: 3725.5, text: 'Bye' },
  ];

  test('ASS has the frame as its canvas and one dialogue line per cue, braces neutralised', () => {
    const ass = toAss(cues, { width: 1280, height: 720 });
    expect(ass).toContain('PlayResX: 1280');
    expect(ass).toContain('PlayResY: 720');
    expect(ass).toContain('Dialogue: 0,0:00:01.50,0:00:03.25,Default,,0,0,0,,Hello (there)');
    expect(ass).toContain('Dialogue: 0,0:01:01.04,1:02:05.50,Default,,0,0,0,,Bye');
    expect(ass.match(/^Dialogue:/gm)).toHaveLength(2);
  });

  test('WebVTT', () => {
    expect(toVtt(cues)).toBe('WEBVTT\n\n1\n00:00:01.500 --> 00:00:03.250\nHello {there}\n\n2\n00:01:01.040 --> 01:02:05.500\nBye\n');
  });

  test('SRT', () => {
    expect(toSrt(cues)).toBe('1\n00:00:01,500 --> 00:00:03,250\nHello {there}\n\n2\n00:01:01,040 --> 01:02:05,500\nBye\n');
  });
});

test('no cue outlasts the media', () => {
  const cues = buildCues(timed('one two three'), { endSec: 0.9 });
  expect(cues.at(-1)?.endSec).toBe(0.9);
});

test('WebVTT read back: the cues toVtt wrote (times, text), notes and tags skipped, at most max', () => {
  const cues = [
    { startSec: 1.5, endSec: 3.25, text: 'Hello Zoë, our <tour> & more' },
    { startSec: 61.04, endSec: 3725.5, text: 'Bye' },
  ];
  // The words' "<" and "&" are escaped in the file (not tags) and come back as they were.
  expect(toVtt(cues)).toContain('Hello Zoë, our &lt;tour&gt; &amp; more');
  expect(parseVtt(toVtt(cues))).toEqual(cues);
  expect(parseVtt('WEBVTT\r\n\r\nNOTE made by hand\r\n\r\n00:02.000 --> 00:04.000 line:90%\r\n<v Ann>Two\r\nlines\r\n')).toEqual([
    { startSec: 2, endSec: 4, text: 'Two lines' },
  ]);
  expect(parseVtt(toVtt(cues), 1)).toHaveLength(1);
  expect(parseVtt('not a caption file')).toEqual([]);
});
