import type { AppContext, AppDeps } from '../context';
import { contextFor, clientIp } from '../request-context';
import { json, parseWith, requireUser } from './respond';

// The small vocabulary every domain's rest.ts uses, so that handlers stay thin:
// parse with the shared schema, call the service, map the result.
export type RouteArgs = {
  request: Request;
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  body: unknown;
  server?: { requestIP(r: Request): { address: string } | null } | null;
};

export type Handler = (ctx: AppContext, args: RouteArgs) => Promise<unknown> | unknown;

export function handle(deps: AppDeps, fn: Handler) {
  return async (args: RouteArgs) => {
    const ctx = await contextFor(deps, args.request, clientIp(deps, args.request, args.server));
    const out = await fn(ctx, args);
    return out instanceof Response ? out : json(out);
  };
}

/** Same as handle, for signed-in users only (401 otherwise). */
export function handleAuthed(deps: AppDeps, fn: (ctx: AppContext & { user: NonNullable<AppContext['user']> }, args: RouteArgs) => Promise<unknown> | unknown) {
  return handle(deps, (ctx, args) => {
    requireUser(ctx);
    return fn(ctx as AppContext & { user: NonNullable<AppContext['user']> }, args);
  });
}

export { parseWith, json };
