import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { supportRouter } from './router';

test('every procedure of the supportRouter declares an output schema', () => {
  expect(procedureCount(supportRouter)).toBe(2);
  expect(proceduresWithoutOutput(supportRouter)).toEqual([]);
});
