import { expect, test } from 'bun:test';
import { isActive, NAV_LINKS } from './nav-links';

test('a link is active when the path starts with its path', () => {
  expect(isActive('/campaigns', '/campaigns')).toBe(true);
  expect(isActive('/campaigns', '/campaigns/abc')).toBe(true);
  expect(isActive('/campaigns', '/dashboard')).toBe(false);
});

test('Performance Indicator is also active on /', () => {
  expect(isActive('/dashboard', '/')).toBe(true);
  expect(isActive('/help', '/')).toBe(false);
});

test('the sidebar has the spec links in order', () => {
  expect(NAV_LINKS.map((l) => l.to)).toEqual([
    '/dashboard',
    '/my-videos',
    '/campaigns',
    '/social-profiles',
    '/avatar-library',
    '/profile',
    '/subscription',
    '/settings',
    '/help',
    '/sign-out',
  ]);
});
