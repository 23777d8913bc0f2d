import { describe, expect, test } from 'bun:test';
import { AVATAR_SOURCE_MAX_BYTES, AVATAR_SOURCE_TYPES } from '@/domains/avatars/constants';
import { CAMERA_CONSTRAINTS, cameraFailure } from './use-camera';
import { CLIP_BITS_PER_SECOND, CLIP_MAX_SECONDS, CLIP_MIN_SECONDS, canStop, clipMimeType } from './use-clip-recorder';

describe('camera', () => {
  test('asks for a 720p user-facing camera and no microphone', () => {
    expect(CAMERA_CONSTRAINTS).toEqual({ video: { width: { ideal: 1280 }, height: { ideal: 720 }, facingMode: 'user' }, audio: false });
  });

  test('getUserMedia failures, by the DOMException names of the spec', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraFailure(named('NotFoundError'))).toEqual({ reason: 'missing', name: 'NotFoundError' });
    expect(cameraFailure(named('OverconstrainedError')).reason).toBe('missing');
    expect(cameraFailure(named('NotAllowedError'))).toEqual({ reason: 'denied', name: 'NotAllowedError' });
    expect(cameraFailure(named('SecurityError')).reason).toBe('denied');
    expect(cameraFailure(named('NotReadableError')).reason).toBe('busy');
    expect(cameraFailure(named('TypeError'))).toEqual({ reason: 'other', name: 'TypeError' });
    expect(cameraFailure({ name: 'NotAllowedError' }).reason).toBe('denied');
    expect(cameraFailure('weird')).toEqual({ reason: 'other', name: 'Error' });
  });
});

describe('clip recorder', () => {
  test('records WebM, VP8 first; nothing when the browser records no WebM', () => {
    expect(clipMimeType(() => true)).toBe('video/webm;codecs=vp8');
    expect(clipMimeType((t) => t === 'video/webm')).toBe('video/webm');
    expect(clipMimeType(() => false)).toBeUndefined();
    // What it records is what the server accepts.
    expect(AVATAR_SOURCE_TYPES).toContain('video/webm');
  });

  test('10–60 s; the longest clip fits under the upload cap', () => {
    expect([CLIP_MIN_SECONDS, CLIP_MAX_SECONDS]).toEqual([10, 60]);
    expect(canStop(9_999)).toBe(false);
    expect(canStop(10_000)).toBe(true);
    expect((CLIP_MAX_SECONDS * CLIP_BITS_PER_SECOND) / 8).toBeLessThan(AVATAR_SOURCE_MAX_BYTES * 0.8);
  });
});
