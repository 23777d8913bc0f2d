/** `fetch` as the cloud adapters call it: tests pass the one of a local fake speaking the vendor's API. */
export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

/**
 * How an adapter reaches its vendor, besides the credentials: the base address (each adapter has
 * its default, or needs one given), a fetch to use instead of the global one, and a deadline per call.
 */
export type VendorConnection = {
  baseUrl?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};
