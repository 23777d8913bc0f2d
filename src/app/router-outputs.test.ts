import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../test/procedure-outputs';
import { appRouter } from './router';

// The whole app router, every domain's and any added later: each procedure's answer is declared by
// one output schema, checked at runtime and typing the web's calls (docs/architecture.md).
test('every tRPC procedure of the app declares its output schema', () => {
  expect(procedureCount(appRouter)).toBeGreaterThan(130);
  expect(proceduresWithoutOutput(appRouter)).toEqual([]);
});
