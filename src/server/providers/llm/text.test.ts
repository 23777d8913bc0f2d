import { describe, expect, test } from 'bun:test';
import { joinParagraphs } from './text';

describe('joinParagraphs', () => {
  test('joins a paragraph’s sentences with spaces and paragraphs with a blank line, skipping empty ones', () => {
    const text = joinParagraphs([
      { text: 'Hi Sam.', para: 0 },
      { text: 'We met at the fair.', para: 1 },
      { text: 'Shall we talk?', para: 3 },
      { text: 'It takes ten minutes.', para: 1 },
    ]);
    expect(text).toBe('Hi Sam.\n\nWe met at the fair. It takes ten minutes.\n\nShall we talk?');
    expect(joinParagraphs([])).toBe('');
  });
});
