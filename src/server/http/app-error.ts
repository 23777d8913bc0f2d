import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';

/**
 * What went wrong, by meaning. Services throw AppError; the tRPC and HTTP layers map the code
 * (never the message), and job runners read `retryable`. The message is the user-facing text.
 */
export type AppErrorCode =
  /** The request itself is wrong (a value, a missing choice, an action this state does not allow). */
  | 'INVALID_INPUT'
  /** No one is signed in, or the credentials are wrong or expired. */
  | 'UNAUTHENTICATED'
  /** Signed in, but this way of acting may not do this. */
  | 'FORBIDDEN'
  /** Does not exist, or belongs to someone else. */
  | 'NOT_FOUND'
  /** The thing to create is there already (a unique name, e-mail, contact). */
  | 'ALREADY_EXISTS'
  /** The current state forbids this change (e.g. a setting is already on). */
  | 'CONFLICT'
  /** The same work is already running; asking again later can succeed. */
  | 'IN_PROGRESS'
  /** A plan limit: the message names the limit and the plan that lifts it. */
  | 'LIMIT_EXCEEDED'
  /** An upload or body over its size cap. */
  | 'TOO_LARGE'
  /** Too many attempts; `details.retryAfter` (seconds) when known. */
  | 'RATE_LIMITED'
  /** A provider (AI, messaging, video, storage) is down or answered nonsense; a later try can succeed. */
  | 'UNAVAILABLE'
  /** Our fault or a misconfiguration; trying again will not help. */
  | 'INTERNAL';

type Meaning = { status: number; trpc: TRPC_ERROR_CODE_KEY; retryable: boolean };

/**
 * The one table: HTTP status, tRPC code and whether a retry can succeed, per code. Statuses are
 * the ones the API has always answered (the spec's clients read status + `{ "message" }`), so
 * UNAVAILABLE stays a 500 like the provider failures it replaces.
 */
export const ERROR_MEANINGS: Readonly<Record<AppErrorCode, Meaning>> = {
  INVALID_INPUT: { status: 400, trpc: 'BAD_REQUEST', retryable: false },
  UNAUTHENTICATED: { status: 401, trpc: 'UNAUTHORIZED', retryable: false },
  LIMIT_EXCEEDED: { status: 402, trpc: 'PAYMENT_REQUIRED', retryable: false },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN', retryable: false },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND', retryable: false },
  ALREADY_EXISTS: { status: 409, trpc: 'CONFLICT', retryable: false },
  CONFLICT: { status: 409, trpc: 'CONFLICT', retryable: false },
  IN_PROGRESS: { status: 409, trpc: 'CONFLICT', retryable: true },
  TOO_LARGE: { status: 413, trpc: 'PAYLOAD_TOO_LARGE', retryable: false },
  RATE_LIMITED: { status: 429, trpc: 'TOO_MANY_REQUESTS', retryable: true },
  UNAVAILABLE: { status: 500, trpc: 'INTERNAL_SERVER_ERROR', retryable: true },
  INTERNAL: { status: 500, trpc: 'INTERNAL_SERVER_ERROR', retryable: false },
};

export const httpStatusOf = (code: AppErrorCode) => ERROR_MEANINGS[code].status;
export const trpcCodeOf = (code: AppErrorCode) => ERROR_MEANINGS[code].trpc;

export type AppErrorOptions = {
  /** Overrides the code's default (e.g. a provider's own verdict on a 4xx). */
  retryable?: boolean;
  /** Genuinely structured data for callers (retryAfter seconds, the limit's name, a provider status). */
  details?: Record<string, unknown>;
  cause?: unknown;
};

export class AppError extends Error {
  readonly retryable: boolean;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    opts: AppErrorOptions = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'AppError';
    this.retryable = opts.retryable ?? ERROR_MEANINGS[code].retryable;
    if (opts.details) this.details = opts.details;
  }
}

export const notFound = (what = 'Not found') => new AppError('NOT_FOUND', what);
export const limitExceeded = (message: string, details?: Record<string, unknown>) => new AppError('LIMIT_EXCEEDED', message, { details });
export const invalidInput = (message: string) => new AppError('INVALID_INPUT', message);
/** `retryAfter` (seconds) becomes the Retry-After header on REST answers. */
export const rateLimited = (message: string, retryAfter?: number) =>
  new AppError('RATE_LIMITED', message, retryAfter === undefined ? {} : { details: { retryAfter } });
