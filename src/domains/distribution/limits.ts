// Sends per sending account and UTC day (PRODUCT.md §3) are the catalogue's `dailyLimit`s: social
// channels count per connected account, e-mail per workspace. Over the limit a delivery is
// deferred to the next day, never dropped.
export { DAILY_LIMITS } from '../../shared/channel-catalogue';

/** Queue names. */
export const DELIVER_JOB = 'deliver';
export const PERSONALISE_JOB = 'personalise-video';
export const SWEEP_JOB = 'distribution-sweep';

/** A claimed delivery belongs to its worker this long, renewed while the provider call runs. */
export const LEASE_SECONDS = 10;
export const LEASE_RENEW_MS = 3_000;
/** Attempts of one delivery (first included) before it is marked failed. */
export const MAX_ATTEMPTS = 5;
/** Seconds before the next attempt after a retryable failure: 30 s, 1, 2, 4 min … capped at 1 h. */
export const retryDelaySeconds = (attempt: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempt - 1));
/** Recipients rendered by one personalisation job: the shared tail is rendered once per batch. */
export const PERSONALISE_BATCH = 20;
/** Deliveries fetched per queue poll; a batch is sent one by one (see the decision record). */
export const DELIVER_BATCH = 50;
/** Unfinished deliveries untouched this long are checked against their queue job by the sweeper. */
export const SWEEP_STALE_SECONDS = 120;
export const SWEEP_EVERY_SECONDS = 60;

/** The UTC day a quota is counted in. */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);
/** Next UTC midnight, plus up to 10 minutes so deferred deliveries do not all wake at once. */
export function nextUtcDay(d: Date, jitterMs = Math.floor(Math.random() * 600_000)): Date {
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
  return new Date(next.getTime() + jitterMs);
}
