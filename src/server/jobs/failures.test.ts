import { describe, expect, test } from 'bun:test';
import { MediaError } from '../../media/errors';
import { AppError } from '../http/app-error';
import { EmailError } from '../providers/email/types';
import { MessagingError } from '../providers/messaging/types';
import { ProviderError } from '../providers/video/types';
import { isFinalFailure, shouldRetry } from './failures';

describe('job failures', () => {
  test('errors that know whether a retry helps are believed', () => {
    expect(isFinalFailure(new AppError('UNAVAILABLE', 'down'))).toBe(false);
    expect(isFinalFailure(new AppError('RATE_LIMITED', 'busy'))).toBe(false);
    expect(isFinalFailure(new AppError('INVALID_INPUT', 'bad'))).toBe(true);
    expect(isFinalFailure(new AppError('INTERNAL', 'never submitted'))).toBe(true);
    expect(isFinalFailure(new AppError('UNAVAILABLE', 'gave up', { retryable: false }))).toBe(true);
    expect(isFinalFailure(new ProviderError('5xx', 503, true))).toBe(false);
    expect(isFinalFailure(new ProviderError('refused', 400, false))).toBe(true);
    expect(isFinalFailure(new MessagingError('network', undefined, true))).toBe(false);
    expect(isFinalFailure(new EmailError('mailbox unknown', false))).toBe(true);
  });

  test('media input problems are final, tool crashes and unknown errors are retried', () => {
    expect(isFinalFailure(new MediaError('INVALID_INPUT', 'corrupt picture'))).toBe(true);
    expect(isFinalFailure(new MediaError('BINARY_NOT_FOUND', 'no ffmpeg'))).toBe(true);
    expect(isFinalFailure(new MediaError('FFMPEG_FAILED', 'crashed'))).toBe(false);
    expect(isFinalFailure(new Error('connection reset'))).toBe(false);
  });

  test('a retry needs attempts left', () => {
    const down = new AppError('UNAVAILABLE', 'down');
    expect(shouldRetry(down, { retryCount: 0, retryLimit: 2 })).toBe(true);
    expect(shouldRetry(down, { retryCount: 2, retryLimit: 2 })).toBe(false);
    expect(shouldRetry(new AppError('NOT_FOUND', 'gone'), { retryCount: 0, retryLimit: 2 })).toBe(false);
  });
});
