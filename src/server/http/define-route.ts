import { Elysia } from 'elysia';
import type { User } from 'lucia';
import type { ZodType, z } from 'zod';
import type { AppContext, AppDeps } from '../context';
import { handle, type RouteArgs as RawArgs } from './routes';
import { json, parseWith, requireBrowserSession, requireUser } from './respond';

/** The signed-in caller's scope (the context's type: src/server/http imports no domain). */
type Scope = NonNullable<AppContext['scope']>;

// Each documented /api/* operation is declared once, here-shaped, in its domain's rest.ts: the same
// declaration mounts the handler (mountRoutes) and writes the operation into /api/openapi.json
// (openapi.ts). The schemas it names are the ones the request is parsed with, so the document
// cannot describe a body the handler does not read. See docs/decisions/150-rest-declared-once.md.

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
/**
 * 'public': anyone. 'user': signed in, by the session cookie or an API key (401 otherwise).
 * 'browser': signed in by the session cookie only (an API key answers 403): account management.
 */
export type Access = 'public' | 'user' | 'browser';

/** One documented answer: a JSON body (schema), a binary one (media), or none (204). */
export type Reply<S extends ZodType = ZodType> = {
  status: number;
  description: string;
  schema?: S;
  media?: string;
  /** Headers every such answer carries. */
  headers?: Record<string, string>;
  /** Headers some such answers carry (a list's next-page cursor, absent on its last page). */
  optionalHeaders?: Record<string, string>;
};

type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer R}` ? N | ParamNames<R> : P extends `${string}:${infer N}` ? N : never;
type Ctx<A extends Access> = A extends 'user' | 'browser' ? AppContext & { user: User; scope: Scope } : AppContext;
type RawQuery = Record<string, string | undefined>;
export type MaybePromise<T> = T | Promise<T>;
/** The schema's input, with read-only arrays allowed (catalogues are frozen constants). */
export type Body<T> = T extends readonly (infer U)[] ? readonly Body<U>[] : T extends Date ? T : T extends object ? { [K in keyof T]: Body<T[K]> } : T;

export type Args<P extends string, Q, B> = {
  request: Request;
  params: Record<ParamNames<P>, string>;
  /** Parsed with the declared `query` schema; the raw query when none is declared. */
  query: Q;
  /** Parsed with the declared `body` schema (or `parseBody`); the raw body when none is declared. */
  body: B;
  /** The declared multipart field's value (`file`), unchecked: the service checks it by content. */
  file: unknown;
};

/** The body a handler gets: what parseBody returns when there is one (PB), else the schema's output (B). */
type BodyOf<B, PB> = [PB] extends [never] ? B : PB;

export type RouteSpec<
  P extends string,
  A extends Access,
  Q,
  B,
  S extends ZodType,
  PB = never,
  M extends Method = Method,
  QI = unknown,
  BI = unknown,
  F extends string = string,
> = {
  method: M;
  /** Elysia's path syntax (`:id`); written as `{id}` in the document. */
  path: P;
  summary: string;
  access: A;
  /** The document's tag; by default the group's (see `tagged`). */
  tag?: string;
  query?: ZodType<Q, QI>;
  body?: ZodType<B, BI>;
  /** Reads the body instead of `body.parse` (a beacon sent as text, a union picked by its keys); `body` still documents it. */
  parseBody?: (raw: unknown) => PB;
  /** Multipart upload: the file field's name. */
  file?: F;
  /** Hand the multipart envelope on unread (an ArrayBuffer), for parsing off the request thread. */
  rawBody?: true;
  /**
   * The success answer first (its status is the handler's default status; a first answer with no
   * body is sent empty), then the errors particular to this operation. The common ones (400, 401,
   * 403, 404, 413) are added by the document from the operation's shape.
   */
  responses: readonly [Reply<S>, ...Reply[]];
  /** Returns the first answer's body (checked against its schema by the compiler), or a Response. */
  handler: (ctx: Ctx<A>, args: Args<P, Q, BodyOf<B, PB>>) => MaybePromise<Body<z.input<S>> | Response>;
};

/**
 * What a caller of an operation sends and gets, as the caller writes it: the path's `:names`, the query's and
 * the body's input (a multipart upload's is FormData; `never`: none declared) and the success answer's body
 * (`unknown` for an empty or binary one). The web's REST client reads it from the route table's type
 * (src/app/api-routes.ts, decision 228).
 */
export type RouteIO = { params: string; query: unknown; body: unknown; response: unknown };

declare const io: unique symbol;

/**
 * A declared operation: what the mounter and the document read (its handler's types erased), with its
 * method, path and RouteIO kept as types (RouteIO only as a type: nothing carries it at run time).
 */
export type Route<M extends Method = Method, P extends string = string, IO extends RouteIO = RouteIO> = Omit<
  RouteSpec<string, Access, unknown, unknown, ZodType>,
  'handler' | 'tag' | 'parseBody' | 'method' | 'path'
> & {
  method: M;
  path: P;
  tag: string;
  run: (ctx: AppContext, args: RawArgs) => Promise<unknown>;
  readonly [io]?: IO;
};

/** The RouteIO of a declaration's schemas: the answer as the handler is checked to write it (z.input, sent as is). */
export type IOOf<P extends string, S extends ZodType, QI, BI, F extends string> = {
  params: ParamNames<P>;
  query: QI;
  body: [F] extends [never] ? BI : FormData;
  response: z.input<S>;
};

/** The caller's side of every operation in `R` (a union of routes), by `"METHOD /path/:name"`. */
export type RouteTable<R extends Route> = { [K in R as `${K['method']} ${K['path']}`]: Exclude<K[typeof io], undefined> };

// NoInfer: the list a route is written in (tagged) is no source for its path's type (it would widen it to string).
export function defineRoute<
  M extends Method,
  P extends string,
  A extends Access,
  S extends ZodType = ZodType,
  Q = RawQuery,
  B = unknown,
  PB = never,
  QI = never,
  BI = never,
  F extends string = never,
>(spec: RouteSpec<P, A, Q, B, S, PB, M, QI, BI, F>): Route<M, NoInfer<P>, NoInfer<IOOf<P, S, QI, BI, F>>> {
  const { handler, parseBody, tag, ...rest } = spec;
  return {
    ...(rest as Omit<Route<M, P, IOOf<P, S, QI, BI, F>>, 'tag' | 'run'>),
    tag: tag ?? '',
    async run(ctx, a) {
      if (spec.access !== 'public') requireUser(ctx);
      if (spec.access === 'browser') requireBrowserSession(ctx);
      const query = spec.query ? parseWith(spec.query, a.query) : a.query;
      // An empty body is no fields (a POST without a payload).
      const body = parseBody ? parseBody(a.body) : spec.body ? parseWith(spec.body, a.body === '' ? {} : a.body) : a.body;
      const file = spec.file && !spec.rawBody ? (a.body as Record<string, unknown> | null | undefined)?.[spec.file] : undefined;
      const out = await handler(ctx as Ctx<A>, {
        request: a.request,
        params: a.params as Record<ParamNames<P>, string>,
        query: query as Q,
        body: body as BodyOf<B, PB>,
        file,
      });
      if (out instanceof Response) return out;
      const first = spec.responses[0];
      if (!first.schema && !first.media) return new Response(null, { status: first.status });
      return json(out, { status: first.status });
    },
  };
}

/** Gives a module's operations their document tag (those that name none). */
export const tagged = <const R extends readonly Route[]>(tag: string, routes: R): R =>
  routes.map((r) => ({ ...r, tag: r.tag || tag })) as readonly Route[] as R;

/** Mounts declared operations: context, access check, parsing, then the handler. */
export function mountRoutes(deps: AppDeps, routes: readonly Route[]) {
  const app = new Elysia({ name: 'api-routes' });
  for (const r of routes)
    app.route(
      r.method,
      r.path,
      handle(deps, (ctx, args) => r.run(ctx, args)),
      r.rawBody ? { parse: 'arrayBuffer' } : {},
    );
  return app;
}

// The answers operations declare most.
export const ok = <S extends ZodType>(schema: S, description = 'OK', headers?: Record<string, string>, optionalHeaders?: Record<string, string>): Reply<S> => ({
  status: 200,
  description,
  schema,
  ...(headers ? { headers } : {}),
  ...(optionalHeaders ? { optionalHeaders } : {}),
});
export const created = <S extends ZodType>(schema: S, description = 'Created'): Reply<S> => ({ status: 201, description, schema });
export const noContent = (description: string): Reply => ({ status: 204, description });
export const binary = (media: string): Reply => ({ status: 200, description: 'The file', media });
export const error = (status: number, description: string): Reply => ({ status, description });
/** Work a plan limits (videos this month, length, storage, social profiles, trial). */
export const planLimit: Reply = { status: 402, description: 'A plan limit: the message names it and the plan that lifts it' };
export const tooMany: Reply = { status: 429, description: 'Too many attempts: wait for Retry-After seconds', headers: { 'Retry-After': 'Seconds to wait' } };
