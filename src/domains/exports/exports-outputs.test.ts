import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { exportsRouter } from './router';

test('every procedure of the exportsRouter declares an output schema', () => {
  expect(procedureCount(exportsRouter)).toBe(2);
  expect(proceduresWithoutOutput(exportsRouter)).toEqual([]);
});
