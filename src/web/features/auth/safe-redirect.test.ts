import { expect, test } from 'bun:test';
import { HOSTILE_REDIRECTS } from '../../../test/hostile-redirects';
import { safeRedirect } from './use-auth';

const ORIGIN = 'https://app.example.com';

test('after sign-in only paths of this app are followed, never /auth again', () => {
  expect(safeRedirect('/campaigns?tab=2', ORIGIN)).toBe('/campaigns?tab=2');
  expect(safeRedirect('/authors', ORIGIN)).toBe('/authors');
  for (const r of [undefined, '/auth', '/auth?tab=login', ...HOSTILE_REDIRECTS]) expect({ r, to: safeRedirect(r, ORIGIN) }).toEqual({ r, to: '/dashboard' });
});
