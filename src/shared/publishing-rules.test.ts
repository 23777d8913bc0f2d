import { describe, expect, test } from 'bun:test';
import { publishingAdvice, publishingRefusal } from './publishing-rules';

const MB = 1024 * 1024;
const vertical = { durationSec: 30, bytes: 20 * MB, width: 1080, height: 1920 };

describe('platform rules (decision 229)', () => {
  test('Instagram Reels: 3 s to 15 min, at most 300 MB', () => {
    expect(publishingRefusal('instagram', vertical)).toBeNull();
    expect(publishingRefusal('instagram', { ...vertical, durationSec: 2 })).toBe('Instagram needs a video of at least 3 seconds: this one lasts 2 seconds');
    expect(publishingRefusal('instagram', { ...vertical, durationSec: 15 * 60 })).toBeNull();
    expect(publishingRefusal('instagram', { ...vertical, durationSec: 15 * 60 + 1 })).toBe('Instagram accepts videos up to 15 min: this one lasts 15 min 1 s');
    expect(publishingRefusal('instagram', { ...vertical, bytes: 301 * MB })).toBe('Instagram accepts files up to 300 MB: this one is 301 MB');
  });

  test('YouTube: 15 minutes until the account is verified, then 12 hours', () => {
    expect(publishingRefusal('youtube', { ...vertical, durationSec: 16 * 60 })).toBe(
      'Videos over 15 minutes need a verified YouTube account: verify the channel, then publish again',
    );
    expect(publishingRefusal('youtube', { ...vertical, durationSec: 16 * 60 }, { verified: true })).toBeNull();
    expect(publishingRefusal('youtube', { ...vertical, durationSec: 12 * 3600 + 1 }, { verified: true })).toBe(
      'YouTube accepts videos up to 12 h: this one lasts 12 h 1 s',
    );
  });

  test('Facebook Page videos: 240 minutes, 10 GB', () => {
    expect(publishingRefusal('facebook', { ...vertical, durationSec: 240 * 60 })).toBeNull();
    expect(publishingRefusal('facebook', { ...vertical, durationSec: 240 * 60 + 60 })).toBe('Facebook accepts videos up to 4 h: this one lasts 4 h 1 min');
    expect(publishingRefusal('facebook', { ...vertical, bytes: 11 * 1024 * MB })).toBe('Facebook accepts files up to 10 GB: this one is 11 GB');
  });

  test('a landscape Reel is advised against, not refused', () => {
    const landscape = { ...vertical, width: 1920, height: 1080 };
    expect(publishingRefusal('instagram', landscape)).toBeNull();
    expect(publishingAdvice('instagram', landscape)).toContain('9:16');
    expect(publishingAdvice('youtube', landscape)).toBeNull();
  });
});
