import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { billingRouter } from './router';

test('every procedure of the billingRouter declares an output schema', () => {
  expect(procedureCount(billingRouter)).toBe(6);
  expect(proceduresWithoutOutput(billingRouter)).toEqual([]);
});
