import { MediaError } from '../../media/errors';
import { AppError } from '../http/app-error';
import { ProviderCallError } from '../providers/call-error';
import { EmailError } from '../providers/email/types';

/**
 * Whether a job attempt's failure is final: a retry cannot change it (bad input, a refused
 * request, a missing tool), so the job records the failure now instead of trying again.
 * Errors that carry `retryable` (AppError, ProviderCallError and its subclasses, EmailError) answer for themselves; an unknown
 * error (a crash, a lost connection) is worth another attempt.
 */
export function isFinalFailure(e: unknown): boolean {
  if (e instanceof AppError || e instanceof ProviderCallError || e instanceof EmailError) return !e.retryable;
  if (e instanceof MediaError) return e.code === 'INVALID_INPUT' || e.code === 'BINARY_NOT_FOUND';
  return false;
}

/** Retry when the failure can change and attempts remain; otherwise record it. */
export const shouldRetry = (e: unknown, job: { retryCount: number; retryLimit: number }) => !isFinalFailure(e) && job.retryCount < job.retryLimit;
