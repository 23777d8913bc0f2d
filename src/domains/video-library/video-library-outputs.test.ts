import { expect, test } from 'bun:test';
import { videoLibraryRouter } from './router';

// tRPC checks an answer against its procedure's output schema: each procedure declares one (the answers' shapes are the contract).
type Procedures = { _def: { procedures: Record<string, { _def: { output?: unknown } }> } };
const withoutOutput = (r: unknown) => Object.entries((r as Procedures)._def.procedures).flatMap(([name, p]) => (p._def.output ? [] : [name]));

test('every procedure of videoLibraryRouter declares an output schema', () => {
  expect(Object.keys((videoLibraryRouter as unknown as Procedures)._def.procedures).length).toBeGreaterThan(0);
  expect(withoutOutput(videoLibraryRouter)).toEqual([]);
});
