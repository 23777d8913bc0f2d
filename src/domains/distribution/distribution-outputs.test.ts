import { expect, test } from 'bun:test';
import { ZodType } from 'zod';
import { distributionRouter } from './router';

// tRPC validates each answer against its procedure's output schema: none may go without one.
test('every distribution procedure has an output schema', () => {
  const procedures = Object.entries(distributionRouter._def.procedures as Record<string, { _def: { output?: unknown } }>);
  expect(procedures.length).toBeGreaterThan(0);
  const without = procedures.filter(([, p]) => !(p._def.output instanceof ZodType)).map(([name]) => name);
  expect(without).toEqual([]);
});
