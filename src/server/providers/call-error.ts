/**
 * A call to a third-party service that failed. `status` is its HTTP status when there was one;
 * `retryable` says whether trying again later can succeed (rate limits, 5xx, network). Each
 * concern names its own subclass, so callers can tell a video vendor from a messaging one.
 */
export class ProviderCallError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
  }
}
