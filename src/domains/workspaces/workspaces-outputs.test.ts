import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { workspacesRouter } from './router';

test('every procedure of the workspacesRouter declares an output schema', () => {
  expect(procedureCount(workspacesRouter)).toBe(10);
  expect(proceduresWithoutOutput(workspacesRouter)).toEqual([]);
});
