import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { Elysia } from 'elysia';
import { distributionPages } from '../domains/distribution/rest';
import { exportsPages } from '../domains/exports/rest';
import { socialPages } from '../domains/social/rest';
import { publishingPages } from '../domains/publishing/rest';
import { API_ROUTES } from './api-routes';
import type { AppDeps, ServerLike } from '../server/context';
import { AppError } from '../server/http/app-error';
import { serveFile } from '../domains/files/serve';
import { bodyLimitFor, MAX_BODY } from '../server/http/limits';
import { mountRoutes } from '../server/http/define-route';
import { isForeignOrigin } from '../server/http/origin';
import { securityHeadersFor } from '../server/http/security-headers';
import { checkRequestTarget } from '../server/http/request-target';
import { appErrorResponse, errorResponse } from '../server/http/respond';
import { fromAcceptLanguage } from '../server/i18n/translate';
import { appRouter } from './router';

const TRPC_BODY = Object.freeze({});
export const DIST_DIR = resolve(import.meta.dir, '../../dist');

/** Wires transports to domain services. No business logic lives here. */
export function createApp(deps: AppDeps, opts: { distDir?: string } = {}) {
  const distDir = opts.distDir ?? DIST_DIR;
  const trpc = ({ request, server }: { request: Request; server?: ServerLike }) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: request,
      router: appRouter,
      createContext: async ({ resHeaders }) => ({ ...(await deps.identify(deps, request, server)), resHeaders }),
      onError: ({ error, path }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR' && !(error.cause instanceof AppError))
          deps.log.error('trpc error', { path, error: String(error.cause ?? error) });
      },
    });

  return (
    new Elysia({ serve: { maxRequestBodySize: MAX_BODY } })
      // First: every answer below, early refusals and errors included, carries them.
      .onRequest(({ request, set }) => void Object.assign(set.headers, securityHeadersFor(new URL(request.url).pathname)))
      .onRequest(({ request }) => {
        // A path whose percent-encoding does not decode names nothing here. Elysia would hand such a
        // parameter to handlers as undefined: answer before any route sees it.
        const { pathname } = new URL(request.url);
        if (safeDecode(pathname) === null) {
          const web = (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|trpc|files)(\/|$)/.test(pathname);
          return web ? serveSpa(distDir, pathname) : errorResponse(400, 'Malformed URL');
        }
        const url = new URL(request.url);
        // One-click unsubscribes come from mail clients (no Origin, or "null"); the token authorises them.
        if (isForeignOrigin(request, deps.appOrigin) && !url.pathname.startsWith('/unsubscribe/')) return errorResponse(403, 'Cross-origin request refused');
        const refused = checkRequestTarget(url);
        if (refused) return refused;
        const length = Number(request.headers.get('content-length') ?? 0);
        if (length > 0) {
          const { limit, message } = bodyLimitFor(url.pathname);
          if (length > limit) return errorResponse(413, message);
        }
      })
      .onParse(async ({ request, contentType }) => {
        // JSON bodies are read here so that chunked uploads without a length are capped too.
        const { pathname } = new URL(request.url);
        // tRPC reads its own request body: hand Elysia a placeholder so it leaves the stream alone.
        if (pathname.startsWith('/trpc/')) return TRPC_BODY;
        if (!contentType?.startsWith('application/json')) return;
        const text = await request.text();
        const { limit, message } = bodyLimitFor(pathname);
        if (text.length > limit) throw new AppError('TOO_LARGE', message);
        if (text.trim() === '') return {};
        try {
          return JSON.parse(text);
        } catch {
          throw new AppError('INVALID_INPUT', 'Malformed JSON body');
        }
      })
      .onError(async ({ code, error, request, server }) => {
        // The answer speaks the caller's language (decision 223): who is asking was usually read already (cached per request).
        const locale = await deps
          .identify(deps, request, server)
          .then((ctx) => ctx.locale ?? 'en')
          .catch(() => fromAcceptLanguage(request.headers.get('accept-language')) ?? 'en');
        if (error instanceof AppError) return appErrorResponse(error, locale);
        const cause = (error as { cause?: unknown }).cause;
        if (cause instanceof AppError) return appErrorResponse(cause, locale);
        if (code === 'PARSE') return errorResponse(400, 'Malformed request body', undefined, locale);
        // Elysia decodes path parameters lazily: a `%` that starts no valid escape throws here.
        if (error instanceof URIError) return errorResponse(400, 'Malformed URL', undefined, locale);
        if (code === 'NOT_FOUND') return errorResponse(404, 'Not found', undefined, locale);
        if (code === 'VALIDATION') return errorResponse(400, 'Invalid request', undefined, locale);
        const status = (error as { status?: number }).status;
        if (status === 413) return errorResponse(413, 'Request body too large', undefined, locale);
        deps.log.error('unhandled error', { path: new URL(request.url).pathname, error: String(error) });
        return errorResponse(500, 'Internal server error', undefined, locale);
      })
      .use(mountRoutes(deps, API_ROUTES))
      .use(distributionPages(deps))
      .use(socialPages(deps))
      .use(publishingPages(deps))
      .use(exportsPages(deps))
      .get('/trpc/*', trpc)
      .post('/trpc/*', trpc)
      .get('/files/*', ({ request, params }) => serveFile(deps.db, deps.providers.storage, params['*'], request))
      .all('/api/*', () => errorResponse(404, 'Not found'))
      .get('/*', ({ request }) => serveSpa(distDir, new URL(request.url).pathname))
  );
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** null when the path's percent-encoding is malformed: no file has such a name, the SPA answers (its 404). */
function safeDecode(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

function serveSpa(distDir: string, pathname: string): Response {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return new Response('The web app is not built yet: run `bun run build`.', { status: 503 });
  const decoded = safeDecode(pathname);
  const candidate = decoded === null ? null : resolve(join(distDir, decoded));
  if (candidate?.startsWith(distDir + sep) && statSync(candidate, { throwIfNoEntry: false })?.isFile()) {
    return new Response(Bun.file(candidate), { headers: { 'cache-control': pathname.startsWith('/assets/') ? IMMUTABLE : 'no-cache' } });
  }
  return new Response(Bun.file(index), { headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' } });
}
