import { expect, test } from 'bun:test';
import { filterFaq } from './faq';

const items = [
  { id: 'a', q: 'Is there a free trial?', a: 'Yes: 15 days.' },
  { id: 'b', q: 'How long can a video be?', a: 'Up to 2 minutes on Basic.' },
];

test('filters on question or answer, case-insensitively', () => {
  expect(filterFaq(items, 'TRIAL').map((i) => i.id)).toEqual(['a']);
  expect(filterFaq(items, 'basic').map((i) => i.id)).toEqual(['b']);
  expect(filterFaq(items, '  ')).toHaveLength(2);
  expect(filterFaq(items, 'nothing')).toHaveLength(0);
});
