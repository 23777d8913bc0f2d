import { describe, expect, test } from 'bun:test';
import { AppError, type AppErrorCode, ERROR_MEANINGS, httpStatusOf, rateLimited, trpcCodeOf } from './app-error';
import { appErrorResponse } from './respond';

// The contract the spec's clients read: each code's HTTP status and tRPC code, pinned here.
const EXPECTED: Record<AppErrorCode, [status: number, trpc: string, retryable: boolean]> = {
  INVALID_INPUT: [400, 'BAD_REQUEST', false],
  UNAUTHENTICATED: [401, 'UNAUTHORIZED', false],
  LIMIT_EXCEEDED: [402, 'PAYMENT_REQUIRED', false],
  FORBIDDEN: [403, 'FORBIDDEN', false],
  NOT_FOUND: [404, 'NOT_FOUND', false],
  ALREADY_EXISTS: [409, 'CONFLICT', false],
  CONFLICT: [409, 'CONFLICT', false],
  IN_PROGRESS: [409, 'CONFLICT', true],
  TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', false],
  RATE_LIMITED: [429, 'TOO_MANY_REQUESTS', true],
  UNAVAILABLE: [500, 'INTERNAL_SERVER_ERROR', true],
  INTERNAL: [500, 'INTERNAL_SERVER_ERROR', false],
};

describe('AppError codes', () => {
  test('every code maps to its HTTP status, tRPC code and default retryability', () => {
    expect(Object.keys(ERROR_MEANINGS).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [code, [status, trpc, retryable]] of Object.entries(EXPECTED) as [AppErrorCode, (typeof EXPECTED)[AppErrorCode]][]) {
      const got: unknown = { code, status: httpStatusOf(code), trpc: trpcCodeOf(code), retryable: new AppError(code, 'x').retryable };
      expect(got).toEqual({ code, status, trpc, retryable });
    }
  });

  test('retryable can be overridden either way; details and cause are kept', () => {
    const cause = new Error('socket hang up');
    const unavailable = new AppError('UNAVAILABLE', 'The AI service is down', { retryable: false, details: { providerStatus: 503 }, cause });
    expect(unavailable).toMatchObject({ code: 'UNAVAILABLE', retryable: false, message: 'The AI service is down', details: { providerStatus: 503 } });
    expect(unavailable.cause).toBe(cause);
    expect(new AppError('INVALID_INPUT', 'x', { retryable: true }).retryable).toBe(true);
    expect(new AppError('INTERNAL', 'x').details).toBeUndefined();
  });

  test('the REST answer is the status and the message, with Retry-After for a rate limit', async () => {
    const res = appErrorResponse(rateLimited('Too many requests, slow down', 42));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('42');
    expect(await res.json()).toEqual({ message: 'Too many requests, slow down' });
    const plain = appErrorResponse(new AppError('UNAVAILABLE', 'The voice provider could not list its voices'));
    expect(plain.status).toBe(500);
    expect(plain.headers.get('retry-after')).toBeNull();
    expect(await plain.json()).toEqual({ message: 'The voice provider could not list its voices' });
  });
});
