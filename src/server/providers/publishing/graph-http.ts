import { createHmac } from 'node:crypto';
import { PublishError } from './types';

// Calls to Meta's Graph API and what its errors mean to us (docs/decisions/230-publishing-adapters.md).
// Errors come as { error: { message, type, code, error_subcode, error_user_msg, error_data, is_transient } }
// (developers.facebook.com/docs/graph-api/guides/error-handling):
// - 190 (access token invalid or expired, subcodes 458–467), 102 (session), 463/467 (expired/invalid
//   token), 10 and 200–299 (a permission the grant lacks) → reauth: the user connects again;
// - 4, 17, 32, 613 and the business-use-case limits 80001–80014 (developers.facebook.com/docs/graph-api/overview/rate-limiting) → quota;
// - 1, 2, is_transient, HTTP 5xx, a network failure → transient;
// - anything else (100 invalid parameter, 352 unsupported video, 6000+ / 136xxxx upload errors, IG 9004/9007/2207xxx)
//   → rejected, with the platform's own words (error_user_msg when it has one).

export type GraphErrorBody = {
  message?: string;
  type?: string;
  code?: number;
  error_subcode?: number;
  error_user_msg?: string;
  error_data?: unknown;
  is_transient?: boolean;
};

const REAUTH = new Set([102, 190, 463, 467, 10]);
const QUOTA = new Set([4, 17, 32, 613]);

export function graphErrorKind(status: number, e: GraphErrorBody): PublishError['kind'] {
  const code = e.code ?? 0;
  if (REAUTH.has(code) || (code >= 200 && code < 300)) return 'reauth';
  if (QUOTA.has(code) || (code >= 80001 && code <= 80014)) return 'quota';
  if (status >= 500 || e.is_transient || code === 1 || code === 2) return 'transient';
  if (status === 401) return 'reauth';
  if (status === 429) return 'quota';
  return 'rejected';
}

/** A Graph failure as a PublishError; `graph` keeps the platform's error body (offsets of a 1363037, …). */
export class GraphCallError extends PublishError {
  constructor(
    message: string,
    kind: PublishError['kind'],
    status: number | undefined,
    readonly graph: GraphErrorBody,
  ) {
    super(message, kind, status);
  }
}

export function toGraphError(status: number, body: unknown, what: string): GraphCallError {
  const e: GraphErrorBody = ((body as { error?: GraphErrorBody } | null)?.error ?? {}) as GraphErrorBody;
  const words = e.error_user_msg || e.message || `HTTP ${status}`;
  const code = e.code ? ` (code ${e.code}${e.error_subcode ? `/${e.error_subcode}` : ''})` : '';
  return new GraphCallError(`${what}: ${words}${code}`, graphErrorKind(status, e), status, e);
}

/** appsecret_proof: HMAC-SHA256 of the access token with the app secret (Graph API "Securing requests"). */
export const appsecretProof = (token: string, appSecret: string) => createHmac('sha256', appSecret).update(token).digest('hex');

export type GraphClient = {
  graphUrl: string;
  appSecret: string;
  /** GET {base}/{path}?params&access_token&appsecret_proof → JSON. */
  get<T>(path: string, token: string, params?: Record<string, string>, what?: string): Promise<T>;
  /** POST a form (urlencoded, or multipart when a Blob is among the fields) to an absolute URL. */
  post<T>(url: string, token: string, fields: Record<string, string | Blob>, what?: string): Promise<T>;
  /** Any request, with network failures as transient errors and Graph error bodies mapped. */
  call<T>(url: string, init: RequestInit, what: string): Promise<T>;
};

export function createGraphClient(graphUrl: string, appSecret: string): GraphClient {
  const call = async <T>(url: string, init: RequestInit, what: string): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(url, init);
    } catch (err) {
      throw new GraphCallError(`${what}: ${(err as Error).message}`, 'transient', undefined, {});
    }
    const body = await res.json().catch(() => null);
    if (!res.ok || (body && typeof body === 'object' && 'error' in body)) throw toGraphError(res.status, body, what);
    return body as T;
  };
  const auth = (token: string) => ({ access_token: token, appsecret_proof: appsecretProof(token, appSecret) });
  return {
    graphUrl,
    appSecret,
    call,
    get: (path, token, params = {}, what = `Graph ${path}`) => call(`${graphUrl}/${path}?${new URLSearchParams({ ...params, ...auth(token) })}`, {}, what),
    post(url, token, fields, what = `Graph ${url}`) {
      const all = { ...fields, ...auth(token) };
      const multipart = Object.values(all).some((v) => typeof v !== 'string');
      let body: FormData | URLSearchParams;
      if (multipart) {
        const form = new FormData();
        for (const [k, v] of Object.entries(all)) form.append(k, v);
        body = form;
      } else body = new URLSearchParams(all as Record<string, string>);
      return call(url, { method: 'POST', body }, what);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
