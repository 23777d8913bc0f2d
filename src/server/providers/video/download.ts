// HTTP plumbing shared by the cloud video adapters (heygen.ts, creatify.ts,
// d-id.ts): one JSON request helper with the common error mapping, and
// `downloadResult`, which copies a finished video off the vendor's short-lived
// signed URL so the caller can put it into our own storage right away.
//
// Error mapping (all as ProviderError):
//   - HTTP 4xx            → retryable=false, message taken from the vendor's body
//   - HTTP 408/429        → retryable=true (timeout / rate limit are transient)
//   - HTTP 5xx            → retryable=true
//   - network / timeout   → retryable=true, status undefined
// Request headers (which carry API keys) never appear in an error message, and
// signed download URLs are reported without their query string.
import { readCapped } from '../../http/read-capped';
import type { FetchLike, VendorConnection } from '../connection';
import { ProviderError, type VideoJobStatus } from './types';

export type { FetchLike } from '../connection';

export const DEFAULT_TIMEOUT_MS = 30_000;

export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429;
}

type ProviderRequest = {
  vendor: string; // human name used as message prefix, e.g. 'HeyGen'
  fetch: FetchLike;
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  timeoutMs?: number;
  // Pulls the vendor's human-readable message out of an error body.
  errorMessage: (body: unknown) => string | undefined;
};

/**
 * A vendor's API as one function: its base address (the connection's wins over the default), auth
 * headers, error-message reader and timeout are fixed once; each call names only method, path and body.
 */
export function vendorApi(
  connection: VendorConnection,
  vendor: { name: string; defaultBaseUrl: string; headers: Record<string, string>; errorMessage: ProviderRequest['errorMessage'] },
) {
  const baseUrl = (connection.baseUrl ?? vendor.defaultBaseUrl).replace(/\/+$/, '');
  const doFetch = connection.fetch ?? globalThis.fetch;
  return (method: 'GET' | 'POST', path: string, body?: unknown) =>
    providerRequest({
      vendor: vendor.name,
      fetch: doFetch,
      method,
      url: `${baseUrl}${path}`,
      headers: vendor.headers,
      body,
      timeoutMs: connection.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      errorMessage: vendor.errorMessage,
    });
}

/** Sends one JSON request to a vendor API and returns the parsed JSON body. */
export async function providerRequest(req: ProviderRequest): Promise<unknown> {
  const timeoutMs = req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
  if (req.body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await req.fetch(req.url, {
      method: req.method,
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw networkError(req.vendor, err, timeoutMs);
  }
  let text: string;
  try {
    text = await res.text();
  } catch (err) {
    throw networkError(req.vendor, err, timeoutMs);
  }
  const json = parseJson(text);
  if (!res.ok) {
    const vendorMessage = (json !== undefined ? req.errorMessage(json) : undefined) ?? snippet(text) ?? res.statusText;
    throw new ProviderError(`${req.vendor}: ${vendorMessage || `HTTP ${res.status}`}`, res.status, isRetryableStatus(res.status));
  }
  if (json === undefined) {
    throw new ProviderError(`${req.vendor}: response was not JSON (HTTP ${res.status})`, res.status, true);
  }
  return json;
}

function networkError(vendor: string, err: unknown, timeoutMs: number): ProviderError {
  const name = (err as { name?: string } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new ProviderError(`${vendor}: request timed out after ${timeoutMs} ms`, undefined, true);
  }
  const detail = err instanceof Error ? err.message : String(err);
  return new ProviderError(`${vendor}: network error: ${detail}`, undefined, true);
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function snippet(text: string): string | undefined {
  const t = text.trim();
  return t ? t.slice(0, 300) : undefined;
}

/** First non-empty string among the candidates. */
export function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v;
  return undefined;
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The records of a vendor's list that carry an id, each read into one of ours (the rest skipped). */
export function listed<T>(list: unknown, idOf: (item: Record<string, unknown>) => unknown, read: (item: Record<string, unknown>, id: string) => T): T[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isRecord).flatMap((item) => {
    const id = firstString(idOf(item));
    return id ? [read(item, id)] : [];
  });
}

/**
 * A job the vendor calls done: completed with its video (a duration only when it is a positive
 * number), or `undefined` while the vendor has not given the video's address yet (poll again).
 */
export function completedJob(found: { videoUrl: unknown; thumbnailUrl: unknown; duration: unknown }): VideoJobStatus | undefined {
  const videoUrl = firstString(found.videoUrl);
  if (!videoUrl) return undefined;
  const duration = Number(found.duration);
  return {
    state: 'completed',
    videoUrl,
    thumbnailUrl: firstString(found.thumbnailUrl),
    durationSec: Number.isFinite(duration) && duration > 0 ? duration : undefined,
  };
}

// ---------------------------------------------------------------------------
// Download of finished results

export type DownloadOptions = {
  /** Hard cap on the body size; larger results are refused (and streaming is cut off). */
  maxBytes: number;
  fetch?: FetchLike;
  timeoutMs?: number;
};

const MP4_SNIFF_TYPES = new Set(['application/octet-stream', 'binary/octet-stream']);

/**
 * Downloads a finished cloud video into memory. Vendors hand out signed URLs
 * that expire (minutes to days), so call this as soon as `status()` reports
 * `completed` and write the bytes to our own storage.
 *
 * Accepts `video/*`; a generic octet-stream (common for S3 objects) is accepted
 * only when the bytes are an ISO-BMFF (MP4/MOV) file.
 */
export async function downloadResult(url: string, opts: DownloadOptions): Promise<Uint8Array> {
  const doFetch = opts.fetch ?? globalThis.fetch;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const where = redactUrl(url);
  if (!(opts.maxBytes > 0)) throw new ProviderError('download: maxBytes must be a positive number');

  let res: Response;
  try {
    res = await doFetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch (err) {
    throw networkError(`download ${where}`, err, timeoutMs);
  }

  if (!res.ok) {
    await res.body?.cancel().catch(() => {});
    if (res.status === 403 || res.status === 410 || res.status === 404) {
      throw new ProviderError(
        `download ${where}: result link expired or no longer valid (HTTP ${res.status}); ` +
          'ask the provider for a fresh URL via status() and copy the video immediately',
        res.status,
        false,
      );
    }
    throw new ProviderError(`download ${where}: HTTP ${res.status}`, res.status, isRetryableStatus(res.status));
  }

  const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const isVideo = contentType.startsWith('video/');
  if (!isVideo && !MP4_SNIFF_TYPES.has(contentType)) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError(`download ${where}: expected a video but got content-type "${contentType || 'none'}"`, res.status, false);
  }

  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > opts.maxBytes) {
    await res.body?.cancel().catch(() => {});
    throw new ProviderError(`download ${where}: video is ${declared} bytes, over the ${opts.maxBytes}-byte limit`, res.status, false);
  }

  const bytes = await readVideo(res, opts.maxBytes, where, timeoutMs);
  if (bytes.byteLength === 0) throw new ProviderError(`download ${where}: empty body`, res.status, true);
  if (!isVideo && !looksLikeIsoBmff(bytes)) {
    throw new ProviderError(`download ${where}: content-type "${contentType}" and the bytes are not an MP4/MOV file`, res.status, false);
  }
  return bytes;
}

/** The body, capped; a stream that breaks off is a network error (retryable). */
async function readVideo(res: Response, maxBytes: number, where: string, timeoutMs: number): Promise<Uint8Array> {
  try {
    return await readCapped(res, maxBytes, () => new ProviderError(`download ${where}: video exceeds the ${maxBytes}-byte limit`, res.status, false));
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    throw networkError(`download ${where}`, err, timeoutMs);
  }
}

/** MP4/MOV files start with a box whose type (bytes 4..8) is `ftyp`. */
export function looksLikeIsoBmff(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && bytes[4] === 0x66 && bytes[5] === 0x74 && bytes[6] === 0x79 && bytes[7] === 0x70;
}

/** Signed URLs carry credentials in their query string: keep it out of messages. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '<invalid url>';
  }
}
