import { expect, test } from 'bun:test';
import { procedureCount, proceduresWithoutOutput } from '../../test/procedure-outputs';
import { notificationsRouter } from './router';

test('every procedure of the notificationsRouter declares an output schema', () => {
  expect(procedureCount(notificationsRouter)).toBe(2);
  expect(proceduresWithoutOutput(notificationsRouter)).toEqual([]);
});
