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

export async function apiRequest<T>(method: string, path: string, payload?: unknown): Promise<T> {
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
  return (text ? JSON.parse(text) : null) as T;
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, payload?: unknown) => apiRequest<T>('POST', path, payload),
  patch: <T>(path: string, payload?: unknown) => apiRequest<T>('PATCH', path, payload),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
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
