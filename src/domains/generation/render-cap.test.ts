import { expect, test } from 'bun:test';
import { capped } from './service';

test('RENDER_MAX_RESOLUTION lowers a plan’s resolution to it, never raises one, and unset changes nothing', () => {
  expect(capped('1080p', '720p')).toBe('720p');
  expect(capped('2160p', '1080p')).toBe('1080p');
  expect(capped('720p', '1080p')).toBe('720p');
  expect(capped('1080p', undefined)).toBe('1080p');
});
