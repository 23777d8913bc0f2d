import type { ZodType, z } from 'zod';
import type { AppContext } from '../context';
import { type Body, defineRoute, type MaybePromise, type Method, ok, type Route } from './define-route';

/** The signed-in caller's scope (the context's type: src/server/http imports no domain). */
type Scope = NonNullable<AppContext['scope']>;

/** What a service answering for one of the workspace's rows is given: another workspace's id is its 404. */
export type ByIdOptions = { db: AppContext['db']; scope: Scope; id: string };

/**
 * The commonest operation: a signed-in user's GET or DELETE of one of their rows by the path's `:id`,
 * with no query and no body, answered by a service `({ db, scope, id })`. The same declaration as the
 * `defineRoute` it stands for, written once (the document is unchanged).
 */
export const byIdRoute = <S extends ZodType>(
  method: Method,
  path: `${string}/:id${'' | `/${string}`}`,
  summary: string,
  schema: S,
  run: (o: ByIdOptions) => MaybePromise<Body<z.input<S>>>,
): Route =>
  defineRoute({
    method,
    path,
    summary,
    access: 'user',
    responses: [ok(schema)],
    handler: (ctx, { params }: { params: Record<'id', string> }) => run({ db: ctx.db, scope: ctx.scope, id: params.id }),
  });
