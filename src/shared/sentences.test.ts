import { expect, test } from 'bun:test';
import { splitScript } from '../domains/distribution/variables';
import { prompterLines, recordingFits, scriptSentences, sentenceKey } from './sentences';

// One cut for the teleprompter, the personalised split and the render that finds each take again.

const SCRIPT = 'Hi {first_name}!  Thanks for your time today.\nHere is a quick idea for {company}... It saves hours! Talk soon.';

test('a script’s sentences: punctuation or a line break ends one; spaces are collapsed', () => {
  expect(scriptSentences(SCRIPT)).toEqual([
    'Hi {first_name}!',
    'Thanks for your time today.',
    'Here is a quick idea for {company}...',
    'It saves hours!',
    'Talk soon.',
  ]);
  expect(scriptSentences('  ')).toEqual([]);
  expect(sentenceKey('  Thanks   for\nyour time. ')).toBe('Thanks for your time.');
});

test('the teleprompter records the sentences without variables; the voice says the others', () => {
  expect(prompterLines(SCRIPT).map((l) => `${l.recorded ? 'rep' : 'voice'}: ${l.text}`)).toEqual([
    'voice: Hi {first_name}!',
    'rep: Thanks for your time today.',
    'voice: Here is a quick idea for {company}...',
    'rep: It saves hours!',
    'rep: Talk soon.',
  ]);
});

test('the personalised split cuts the same sentences: its parts’ sentences are the script’s, in order', () => {
  const split = splitScript(SCRIPT);
  expect(split).not.toBeNull();
  expect(split!.parts.flatMap((p) => scriptSentences(p.text))).toEqual(scriptSentences(SCRIPT));
});

test('a recording fits a script while every recorded sentence is still in it', () => {
  const recorded = ['Thanks for your time today.', 'It saves hours!', 'Talk soon.'];
  expect(recordingFits(recorded, SCRIPT)).toBe(true);
  // Variables filled, sentences added: still fits (the new ones are the voice's).
  expect(recordingFits(recorded, `${SCRIPT.replace('{company}', 'Acme')} One more thing.`)).toBe(true);
  expect(recordingFits(recorded, SCRIPT.replace('It saves hours!', 'It saves days!'))).toBe(false);
});
