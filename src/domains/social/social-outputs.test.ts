import { expect, test } from 'bun:test';
import { ZodType } from 'zod';
import { socialRouter } from './router';

// tRPC validates each answer against its procedure's output schema: none may go without one.
test('every social procedure has an output schema', () => {
  const procedures = Object.entries(socialRouter._def.procedures as Record<string, { _def: { output?: unknown } }>);
  expect(procedures.length).toBeGreaterThan(0);
  const without = procedures.filter(([, p]) => !(p._def.output instanceof ZodType)).map(([name]) => name);
  expect(without).toEqual([]);
});
