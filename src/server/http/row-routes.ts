import type { ZodType, z } from 'zod';
import type { Page } from '../../shared/paging';
import type { AppContext } from '../context';
import { binary, type Body, created, defineRoute, type MaybePromise, type Method, ok, type IOOf, type Reply, type Route } from './define-route';
import { okPage, PAGE_HEADERS, pagedJson, pagedObject } from './paged';

// The operation shapes most domains declare, each written once (decision 195): a signed-in user's
// list, creation, read, update, deletion or upload of the workspace's rows, answered by a service
// given `RowDeps` plus what the request carries. Each call is still one operation (decision 150):
// it stands for exactly the `defineRoute` it replaces, so the document is unchanged. Anything more
// (other dependencies, other replies, headers) keeps `defineRoute`.

/** The signed-in caller's scope (the context's type: src/server/http imports no domain). */
type Scope = NonNullable<AppContext['scope']>;

/** What a service acting on the workspace's rows is given: another workspace's id is its 404. */
export type RowDeps = { db: AppContext['db']; hooks: AppContext['hooks']; storage: AppContext['providers']['storage']; scope: Scope };
/** What a service answering for one of the workspace's rows by the path's `:id` is given. */
export type ByIdOptions = RowDeps & { id: string };

const rowDeps = (ctx: AppContext & { scope: Scope }): RowDeps => ({ db: ctx.db, hooks: ctx.hooks, storage: ctx.providers.storage, scope: ctx.scope });

type ByIdPath = `${string}/:id${'' | `/${string}`}`;
/**
 * A helper declares under its path's pattern (so the handler reads `:id`) and answers under the caller's own
 * path, which fits the pattern: the route table keys it by that path (decision 228).
 */
type OnPath<M extends Method, P extends string, S extends ZodType, BI = never> = Route<M, P, IOOf<P, S, never, BI, never>>;
type ImagePath = `${string}/:id/${string}.png`;
type Answer<S extends ZodType> = MaybePromise<Body<z.input<S>>>;

/** GET or DELETE of one row by `:id`: no query, no body, `ok(schema)`. */
export const byIdRoute = <M extends Method, P extends ByIdPath, S extends ZodType>(
  method: M,
  path: P,
  summary: string,
  schema: S,
  run: (o: ByIdOptions) => Answer<S>,
): OnPath<M, P, S> =>
  defineRoute({
    method,
    path: path as ByIdPath,
    summary,
    access: 'user',
    responses: [ok(schema)],
    handler: (ctx, { params }: { params: Record<'id', string> }) => run({ ...rowDeps(ctx), id: params.id }),
  }) as OnPath<M, P, S>;

/** PATCH of one row by `:id` with a body (`input`), answered `ok(schema)`. */
export const updateRoute = <P extends ByIdPath, B, BI, S extends ZodType>(
  path: P,
  summary: string,
  body: ZodType<B, BI>,
  schema: S,
  run: (o: ByIdOptions & { input: B }) => Answer<S>,
): OnPath<'PATCH', P, S, BI> =>
  defineRoute({
    method: 'PATCH',
    path: path as ByIdPath,
    summary,
    access: 'user',
    body,
    responses: [ok(schema)],
    handler: (ctx, { params, body: input }: { params: Record<'id', string>; body: B }) => run({ ...rowDeps(ctx), id: params.id, input }),
  }) as OnPath<'PATCH', P, S, BI>;

/** POST of a new row from a body (`input`), answered `created(schema)`. */
export const createRoute = <P extends string, B, BI, S extends ZodType>(
  path: P,
  summary: string,
  body: ZodType<B, BI>,
  schema: S,
  run: (o: RowDeps & { input: B }) => Answer<S>,
) =>
  defineRoute({
    method: 'POST',
    path,
    summary,
    access: 'user',
    body,
    responses: [created(schema)],
    handler: (ctx, { body: input }) => run({ ...rowDeps(ctx), input }),
  });

/** POST of a multipart upload: the named field's value as `file`, unchecked (the service checks it by content). */
export const uploadRoute = <P extends string, F extends string, S extends ZodType>(
  path: P,
  summary: string,
  field: F,
  responses: readonly [Reply<S>, ...Reply[]],
  run: (o: RowDeps & { file: unknown }) => Answer<S>,
) => defineRoute({ method: 'POST', path, summary, access: 'user', file: field, responses, handler: (ctx, { file }) => run({ ...rowDeps(ctx), file }) });

/** GET of one page of rows, newest first: the body is the plain array of `item`, the next page's cursor in headers (decision 180). */
export const pagedRoute = <P extends string, Q, QI, S extends ZodType>(
  path: P,
  summary: string,
  query: ZodType<Q, QI>,
  item: S,
  run: (o: RowDeps & { query: Q }) => Promise<Page<Body<z.input<S>>>>,
) =>
  defineRoute({
    method: 'GET',
    path,
    summary: `${summary}, one page at a time (next page: X-Next-Cursor / Link)`,
    access: 'user',
    query,
    responses: [okPage(item)],
    handler: async (ctx, { query: q, request }) => pagedJson(request, await run({ ...rowDeps(ctx), query: q })),
  });

/** GET of one page as an object that carries its `nextCursor` (the spec's shape for these lists), with the same headers. */
export const pagedObjectRoute = <P extends string, Q, QI, S extends ZodType>(
  path: P,
  summary: string,
  query: ZodType<Q, QI>,
  schema: S,
  run: (o: RowDeps & { query: Q }) => Promise<Body<z.input<S>> & { nextCursor: string | null }>,
) =>
  defineRoute({
    method: 'GET',
    path,
    summary: `${summary}, one page at a time (limit default 50, at most 200; nextCursor)`,
    access: 'user',
    query,
    responses: [ok(schema, 'One page', undefined, { ...PAGE_HEADERS })],
    handler: async (ctx, { query: q, request }) => pagedObject(request, await run({ ...rowDeps(ctx), query: q })),
  });

/** Catalogue art (stock avatars, templates): public and cached, since <img> tags carry no session. */
export const publicImageRoute = <P extends ImagePath>(
  path: P,
  summary: string,
  serve: (o: { db: AppContext['db']; storage: AppContext['providers']['storage']; id: string; request: Request }) => Promise<Response>,
): OnPath<'GET', P, ZodType> =>
  defineRoute({
    method: 'GET',
    path: path as ImagePath,
    summary,
    access: 'public',
    responses: [binary('image/png')],
    handler: (ctx, { params, request }: { params: Record<'id', string>; request: Request }) =>
      serve({ db: ctx.db, storage: ctx.providers.storage, id: params.id, request }),
  }) as OnPath<'GET', P, ZodType>;
