import { describe, expect, test } from 'bun:test';
import { AVATAR_PAGE_SIZE, avatarListQuery, checkAvatarFile, isCustomAvatar, isPermissionError, isPreparing } from './avatar-rules';

describe('avatar rules', () => {
  test('custom avatars are recognised by id prefix, category or type', () => {
    expect(isCustomAvatar({ id: 'custom-avatar-abc' })).toBe(true);
    expect(isCustomAvatar({ id: 'custom_abc' })).toBe(true);
    expect(isCustomAvatar({ id: 'x', category: 'custom' })).toBe(true);
    expect(isCustomAvatar({ id: 'x', type: 'custom' })).toBe(true);
    expect(isCustomAvatar({ id: 'stock-1', category: 'office', type: 'stock' })).toBe(false);
  });
  test('processing, created and validating are polled; done and failed are not', () => {
    for (const s of ['processing', 'created', 'validating']) expect(isPreparing(s)).toBe(true);
    for (const s of ['done', 'failed', undefined, null]) expect(isPreparing(s)).toBe(false);
  });
  test('files: png/jpeg/webp/mp4/quicktime, and webm from the camera, up to 10MB', () => {
    expect(checkAvatarFile({ type: 'image/png', size: 100 })).toBeNull();
    expect(checkAvatarFile({ type: 'video/webm', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'video/webm', size: 10 * 1024 * 1024 + 1 })).toBe('size');
    expect(checkAvatarFile({ type: 'video/quicktime', size: 10 * 1024 * 1024 })).toBeNull();
    expect(checkAvatarFile({ type: 'image/gif', size: 100 })).toBe('type');
    expect(checkAvatarFile({ type: 'video/mp4', size: 10 * 1024 * 1024 + 1 })).toBe('size');
  });
  test('list query: pages of 20, tab as category, gender and search only when set', () => {
    expect(AVATAR_PAGE_SIZE).toBe(20);
    expect(avatarListQuery({ tab: 'all', gender: 'all', search: '  ', page: 1 })).toBe('page=1&limit=20');
    expect(avatarListQuery({ tab: 'custom', gender: 'female', search: ' Ann ', page: 3 })).toBe('page=3&limit=20&category=custom&gender=female&search=Ann');
  });
  test('permission errors', () => {
    expect(isPermissionError(403, '')).toBe(true);
    expect(isPermissionError(400, 'Insufficient permissions for custom avatars')).toBe(true);
    expect(isPermissionError(400, 'Bad file')).toBe(false);
  });
});
