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

export type RouteSpec<P extends string, A extends Access, Q, B, S extends ZodType, PB = never> = {
  method: Method;
  /** Elysia's path syntax (`:id`); written as `{id}` in the document. */
  path: P;
  summary: string;
  access: A;
  /** The document's tag; by default the group's (see `tagged`). */
  tag?: string;
  query?: ZodType<Q>;
  body?: ZodType<B>;
  /** Reads the body instead of `body.parse` (a beacon sent as text, a union picked by its keys); `body` still documents it. */
  parseBody?: (raw: unknown) => PB;
  /** Multipart upload: the file field's name. */
  file?: string;
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

/** A declared operation with its types erased: what the mounter and the document read. */
export type Route = Omit<RouteSpec<string, Access, unknown, unknown, ZodType>, 'handler' | 'tag' | 'parseBody'> & {
  tag: string;
  run: (ctx: AppContext, args: RawArgs) => Promise<unknown>;
};

export function defineRoute<P extends string, A extends Access, S extends ZodType = ZodType, Q = RawQuery, B = unknown, PB = never>(
  spec: RouteSpec<P, A, Q, B, S, PB>,
): Route {
  const { handler, parseBody, tag, ...rest } = spec;
  return {
    ...(rest as Omit<Route, 'tag' | 'run'>),
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
export const tagged = (tag: string, routes: Route[]): Route[] => routes.map((r) => ({ ...r, tag: r.tag || tag }));

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
