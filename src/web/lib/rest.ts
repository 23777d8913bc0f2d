import type { ApiRoutes } from '@/app/router';

// The small client for the documented /api/* surface (spec part 1 §7): the session cookie
// travels with every call, a JSON body is sent only when there is a payload, and any
// non-success status becomes an Error whose message is `${status}: ${bodyText}`.

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'HttpError';
  }
}

/** The screen's language: the server answers its messages in it when nobody is signed in (decision 223). */
export const uiLanguage = () => (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en';

async function send(method: Method, path: string, payload?: unknown): Promise<unknown> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json', 'accept-language': uiLanguage() } };
  if (payload instanceof FormData) {
    init.body = payload;
  } else if (payload !== undefined) {
    init.headers = { accept: 'application/json', 'accept-language': uiLanguage(), 'content-type': 'application/json' };
    init.body = JSON.stringify(payload);
  }
  const res = await fetch(path, init);
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new HttpError(res.status, text || res.statusText);
  }
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

// Every call names a declared operation by its method and its path as declared (`/api/users/:id`); what it
// sends and what it answers are read from that declaration's schemas through the route table's type
// (ApiRoutes, src/app/api-routes.ts), so no call site states a type the server does not (decision 228).

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Key = keyof ApiRoutes;
/** The declared paths of a method. */
export type ApiPath<M extends Method> = Key extends infer K ? (K extends `${M} ${infer P}` ? P : never) : never;
/** One declared operation's caller side: its path's params, its query, its body and its answer. */
export type ApiOperation<M extends Method, P extends ApiPath<M>> = ApiRoutes[`${M} ${P}` & Key];
/** What an operation answers on success (its first declared reply's schema). */
export type ApiReply<M extends Method, P extends ApiPath<M>> = ApiOperation<M, P>['response'];
/** What an operation takes as its body: the body schema's input, FormData for an upload. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = ApiOperation<M, P>['body'];

type Op = { params: string; query: unknown; body: unknown; response: unknown };
type Params<O extends Op> = [O['params']] extends [never] ? { params?: undefined } : { params: Record<O['params'], string> };
type Query<O extends Op> = [O['query']] extends [never]
  ? { query?: undefined }
  : Partial<O['query']> extends O['query']
    ? { query?: O['query'] }
    : { query: O['query'] };
/** A path's `:names` (each encoded into the path) and the query (appended, unset values left out). */
export type CallOptions<O extends Op> = Params<O> & Query<O>;
type OptionsRequired<O extends Op> = [O['params']] extends [never]
  ? [O['query']] extends [never]
    ? false
    : Partial<O['query']> extends O['query']
      ? false
      : true
  : true;
type OptionsArg<O extends Op> = OptionsRequired<O> extends true ? [options: CallOptions<O>] : [options?: CallOptions<O>];
type BodyArgs<O extends Op> = [O['body']] extends [never]
  ? OptionsRequired<O> extends true
    ? [body: undefined, options: CallOptions<O>]
    : [body?: undefined, options?: CallOptions<O>]
  : [body: O['body'], ...OptionsArg<O>];

/** The address of a declared path: its `:names` filled in (encoded), then the query. */
export function urlOf(path: string, options: { params?: Record<string, string>; query?: unknown } = {}): string {
  const filled = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = options.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries((options.query ?? {}) as Record<string, unknown>)) if (v !== undefined && v !== null) search.append(k, String(v));
  const q = search.toString();
  return q ? `${filled}?${q}` : filled;
}

type RawOptions = { params?: Record<string, string>; query?: unknown } | undefined;
const call = (method: Method, path: string, payload: unknown, options: unknown) => send(method, urlOf(path, options as RawOptions), payload);

export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, ...[options]: OptionsArg<ApiOperation<'GET', P>>) =>
    call('GET', path, undefined, options) as Promise<ApiReply<'GET', P>>,
  post: <P extends ApiPath<'POST'>>(path: P, ...[body, options]: BodyArgs<ApiOperation<'POST', P>>) =>
    call('POST', path, body, options) as Promise<ApiReply<'POST', P>>,
  patch: <P extends ApiPath<'PATCH'>>(path: P, ...[body, options]: BodyArgs<ApiOperation<'PATCH', P>>) =>
    call('PATCH', path, body, options) as Promise<ApiReply<'PATCH', P>>,
  delete: <P extends ApiPath<'DELETE'>>(path: P, ...[options]: OptionsArg<ApiOperation<'DELETE', P>>) =>
    call('DELETE', path, undefined, options) as Promise<ApiReply<'DELETE', P>>,
};

/** The server's `message`, for a toast description; falls back to the error text. */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const m = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  const body = m ? m[1] : error.message;
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed?.message === 'string') return parsed.message;
  } catch {
    // not JSON: the text itself is the message
  }
  return body;
}

/** The server refused because of the plan (402: a limit of the plan, named in its message). */
export const isPlanLimit = (error: unknown) => error instanceof HttpError && error.status === 402;
