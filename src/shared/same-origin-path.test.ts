import { describe, expect, test } from 'bun:test';
import { HOSTILE_REDIRECTS } from '../test/hostile-redirects';
import { sameOriginPath } from './same-origin-path';

const ORIGIN = 'https://app.example.com';

describe('sameOriginPath', () => {
  test('paths of the app are kept, normalised', () => {
    expect(sameOriginPath('/create-video', ORIGIN)).toBe('/create-video');
    expect(sameOriginPath('/connect-platforms?done=1#top', ORIGIN)).toBe('/connect-platforms?done=1#top');
    expect(sameOriginPath('/a/../social-profiles', ORIGIN)).toBe('/social-profiles');
    expect(sameOriginPath('create-video', ORIGIN)).toBe('/create-video');
    expect(sameOriginPath('?tab=2', ORIGIN)).toBe('/?tab=2');
  });

  test('absolute URLs of the same origin become paths', () => {
    expect(sameOriginPath('https://app.example.com/create-video?x=1', ORIGIN)).toBe('/create-video?x=1');
    expect(sameOriginPath('https://APP.example.com:443/x', ORIGIN)).toBe('/x');
    expect(sameOriginPath('http://localhost:3210/create-video', 'http://localhost:3210')).toBe('/create-video');
  });

  test.each(HOSTILE_REDIRECTS.map((r) => [JSON.stringify(r).slice(0, 60), r]))('refuses %s', (_name, r) => {
    expect(sameOriginPath(r, ORIGIN)).toBeNull();
  });

  test('nothing, non-strings and a bad origin are refused', () => {
    expect(sameOriginPath(undefined, ORIGIN)).toBeNull();
    expect(sameOriginPath('', ORIGIN)).toBeNull();
    expect(sameOriginPath(['/x'], ORIGIN)).toBeNull();
    expect(sameOriginPath('/x', 'not an origin')).toBeNull();
  });
});
