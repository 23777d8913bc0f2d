import type { AppContext, AppDeps } from '../context';
import { json } from './respond';
import { translateJobWords } from '../i18n/translate';

// Who is asking, then the handler; a plain value answers as JSON. Declared /api/* operations
// (define-route.ts) and the social HTML pages both go through it.
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
    const ctx = await deps.identify(deps, args.request, args.server);
    const out = await fn(ctx, args);
    // Job-written lines in the caller's language (decision 223).
    return out instanceof Response ? out : json(translateJobWords(out, ctx.locale ?? 'en'));
  };
}
