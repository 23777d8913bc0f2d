import { expect, test } from 'bun:test';
import { HOSTILE_REDIRECTS } from '@/test/hostile-redirects';
import { backTarget } from './connect-platforms-page';

test('Cancel goes back to an address of this app, else to /social-profiles', () => {
  const origin = 'https://app.example.com';
  expect(backTarget(undefined, origin)).toBe('/social-profiles');
  expect(backTarget('/create-video', origin)).toBe('/create-video');
  expect(backTarget('https://app.example.com/create-video?x=1', origin)).toBe('/create-video?x=1');
  expect(backTarget('https://evil.example.net/', origin)).toBe('/social-profiles');
  expect(backTarget('//evil.example.net/', origin)).toBe('/social-profiles');
  expect(backTarget('javascript:alert(1)', origin)).toBe('/social-profiles');
  for (const r of HOSTILE_REDIRECTS) expect({ r, to: backTarget(r, origin) }).toEqual({ r, to: '/social-profiles' });
});
