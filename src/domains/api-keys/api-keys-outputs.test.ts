import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { apiKeysRouter } from './router';

test('every procedure of the apiKeysRouter declares an output schema', () => {
  expect(procedureCount(apiKeysRouter)).toBe(3);
  expect(proceduresWithoutOutput(apiKeysRouter)).toEqual([]);
});
