import { z, type ZodType } from 'zod';
import type { Page } from '../../shared/paging';
import { ok, type Reply } from './define-route';
import { json } from './respond';

// A REST list keeps the spec's plain array as its body; the next page's cursor travels in headers
// (docs/decisions/180-cursor-pagination.md): `X-Next-Cursor` (absent on the last page) and an
// RFC 8288 `Link: </api/…?…&cursor=…>; rel="next"`, relative to the request, so it never repeats a
// Host header the client sent.

export const PAGE_HEADERS = {
  'X-Next-Cursor': 'The cursor of the next page (pass it as ?cursor=); absent on the last page',
  Link: 'RFC 8288 link to the next page (rel="next"); absent on the last page',
} as const;

/** The documented answer of a paged list: an array of `item`, with the paging headers. */
export const okPage = <S extends ZodType>(item: S, description = 'One page (limit default 50, at most 200), newest first'): Reply<z.ZodArray<S>> =>
  ok(z.array(item), description, undefined, { ...PAGE_HEADERS });

/** The address of the next page: the request's own path and query with its cursor replaced. */
export function nextLink(request: Request, cursor: string): string {
  const url = new URL(request.url);
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}?${url.searchParams.toString()}`;
}

function pageHeaders(request: Request, nextCursor: string | null, headers: Record<string, string>) {
  const h: Record<string, string> = { ...headers };
  if (nextCursor) {
    h['x-next-cursor'] = nextCursor;
    h.link = `<${nextLink(request, nextCursor)}>; rel="next"`;
  }
  return h;
}

/** The page's rows as a plain array, the next cursor in headers. */
export function pagedJson<T>(request: Request, page: Page<T>, headers: Record<string, string> = {}): Response {
  return json(page.items, { headers: pageHeaders(request, page.nextCursor, headers) });
}

/** An object answer that carries its `nextCursor` in the body, with the same headers as pagedJson. */
export function pagedObject<T extends { nextCursor: string | null }>(request: Request, body: T): Response {
  return json(body, { headers: pageHeaders(request, body.nextCursor, {}) });
}
