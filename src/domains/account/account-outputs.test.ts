import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { usersRouter } from './router';

test('every procedure of the usersRouter declares an output schema', () => {
  expect(procedureCount(usersRouter)).toBe(9);
  expect(proceduresWithoutOutput(usersRouter)).toEqual([]);
});
