/** Queue names. */
export const WEBHOOK_JOB = 'webhook-deliver';
export const WEBHOOK_SWEEP_JOB = 'webhook-sweep';

/** Endpoints per workspace. */
export const MAX_ENDPOINTS = 10;
/** One attempt: connection, request and answer within this time. */
export const TIMEOUT_MS = 10_000;
/** A claimed delivery belongs to its worker this long (longer than one attempt can take). */
export const LEASE_SECONDS = 30;
/** Characters of the endpoint's answer kept, for the deliveries list. */
export const EXCERPT_CHARS = 200;
/** Bytes of the answer read at most (the rest is dropped unread). */
export const READ_BYTES = 4096;
/** Deliveries shown per endpoint. */
export const RECENT_DELIVERIES = 20;

/**
 * Attempts of one delivery, the first included. Retries wait 15 s × 3^(n−1), capped at 10 h,
 * ±10 % jitter: 15 s, 45 s, 2¼ min, 6¾ min, 20 min, 1 h, 3 h, 9 h, 10 h, 10 h, the last attempt
 * about 34 hours after the first (at least a day, as the issue asks).
 */
export const MAX_ATTEMPTS = 11;
export function retryDelaySeconds(attempt: number, jitter = Math.random()): number {
  const base = Math.min(36_000, 15 * 3 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.9 + 0.2 * jitter));
}
