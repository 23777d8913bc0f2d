import { describe, expect, test } from 'bun:test';
import { canReuseClip, clipTone, isClipPending } from './clip-status';

describe('clip statuses', () => {
  test('done and completed succeed and may be reused', () => {
    for (const s of ['done', 'completed', 'DONE']) {
      expect(clipTone(s)).toBe('success');
      expect(canReuseClip(s)).toBe(true);
    }
  });
  test('created, started and processing spin and may not be reused', () => {
    for (const s of ['created', 'started', 'processing']) {
      expect(clipTone(s)).toBe('pending');
      expect(isClipPending(s)).toBe(true);
      expect(canReuseClip(s)).toBe(false);
    }
  });
  test('error and rejected fail and may not be reused', () => {
    for (const s of ['error', 'rejected']) {
      expect(clipTone(s)).toBe('failure');
      expect(canReuseClip(s)).toBe(false);
    }
  });
  test('anything else is unknown', () => {
    expect(clipTone('weird')).toBe('unknown');
    expect(canReuseClip('weird')).toBe(false);
  });
});
