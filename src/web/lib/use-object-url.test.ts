import { describe, expect, test } from 'bun:test';
import { holdObjectUrl } from './use-object-url';

/** A stand-in for URL's object-URL functions that records what it made and released. */
function fakeUrls() {
  const made: Blob[] = [];
  const revoked: string[] = [];
  return {
    made,
    revoked,
    createObjectURL: (b: Blob) => `blob:${made.push(b)}`,
    revokeObjectURL: (u: string) => void revoked.push(u),
  };
}

describe('holdObjectUrl', () => {
  test("a file's URL is handed over, and released by the clean-up", () => {
    const urls = fakeUrls();
    const seen: (string | null)[] = [];
    const release = holdObjectUrl(new Blob(['x']), (u) => seen.push(u), urls);
    expect(seen).toEqual(['blob:1']);
    expect(urls.revoked).toEqual([]);
    release?.();
    expect(urls.revoked).toEqual(['blob:1']);
  });

  test('no file: null, nothing made, nothing to release', () => {
    const urls = fakeUrls();
    const seen: (string | null)[] = [];
    expect(holdObjectUrl(null, (u) => seen.push(u), urls)).toBeUndefined();
    expect(seen).toEqual([null]);
    expect(urls.made).toEqual([]);
  });
});
