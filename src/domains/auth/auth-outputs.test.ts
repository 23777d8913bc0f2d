import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { twoFactorRouter } from './router';

test('every procedure of the twoFactorRouter declares an output schema', () => {
  expect(procedureCount(twoFactorRouter)).toBe(4);
  expect(proceduresWithoutOutput(twoFactorRouter)).toEqual([]);
});
