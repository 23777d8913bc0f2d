import { Elysia } from 'elysia';
import type { AppContext, AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { handle, type RouteArgs } from '../../server/http/routes';
import { translateMessage } from '../../server/i18n/translate';
import { sandboxCode } from '../../server/providers/publishing/sandbox';
import { PUBLISH_PLATFORMS, type PublishPlatform } from '../../server/providers/publishing/types';
import { sameOriginPath } from '../../shared/same-origin-path';
import { languageOf } from '../settings/language';
import { messagePage } from '../social/pages';
import { completeConnect } from './connections';
import { CALLBACK_PATH, CONNECT_PLATFORMS_PAGE } from './constants';
import { PUBLISHING_MESSAGES as M } from './messages';
import { publishingConsentPage, sandboxPostsPage } from './pages';
import { listSandboxPosts, recordSandboxPlay } from './sandbox-posts';

// The OAuth callback and the publishing sandbox's pages (docs/decisions/229): not part of the
// documented API; each wants a signed-in user and acts in their current workspace.

type SignedIn = AppContext & { user: NonNullable<AppContext['user']>; scope: NonNullable<AppContext['scope']> };

function signedInPage(deps: AppDeps, fn: (ctx: SignedIn, args: RouteArgs) => Promise<Response> | Response) {
  return handle(deps, (ctx, args) => {
    if (!ctx.user || !ctx.scope)
      return messagePage(ctx.locale ?? 'en', 'Sign in to continue', 'Sign in to the app in this browser, then open the link again.', 401, {
        href: '/auth',
        label: 'Sign in',
      });
    return fn(ctx as SignedIn, args);
  });
}

const see = (location: string) => new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
const platformOf = (v: unknown): PublishPlatform | null => (PUBLISH_PLATFORMS.includes(v as PublishPlatform) ? (v as PublishPlatform) : null);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export function publishingPages(deps: AppDeps) {
  const origin = (request: Request) => deps.appOrigin ?? new URL(request.url).origin;
  /** The consent page's way back: only to this app's own callback. */
  const backTo = (request: Request, redirectUri: string) => {
    const path = sameOriginPath(redirectUri, origin(request));
    return path?.split('?')[0] === CALLBACK_PATH ? path : null;
  };
  const linkExpired = (ctx: SignedIn) => messagePage(ctx.locale ?? 'en', 'Link expired', M.stateInvalid, 404);
  return (
    new Elysia({ name: 'publishing-pages' })
      .get(
        '/sandbox/publishing/authorize',
        signedInPage(deps, (ctx, { query, request }) => {
          const platform = platformOf(query.platform);
          const redirectUri = str(query.redirect_uri);
          if (!platform || !deps.providers.publishing[platform].sandbox || !query.state || !backTo(request, redirectUri)) return linkExpired(ctx);
          return publishingConsentPage({
            platform,
            state: query.state,
            redirectUri,
            accountName: ctx.user.fullName || ctx.user.username,
            locale: ctx.locale ?? 'en',
          });
        }),
      )
      .post(
        '/sandbox/publishing/authorize',
        signedInPage(deps, (ctx, { body, request }) => {
          const form = (body ?? {}) as Record<string, unknown>;
          const back = backTo(request, str(form.redirect_uri));
          const state = str(form.state);
          if (!back || !state) return linkExpired(ctx);
          const q: Record<string, string> =
            form.action === 'allow' ? { code: sandboxCode(str(form.accountName) || ctx.user.username), state } : { error: 'access_denied', state };
          return see(`${back}?${new URLSearchParams(q)}`);
        }),
      )
      // Where the platform (or the sandbox's consent page) sends the browser back.
      .get(
        CALLBACK_PATH,
        signedInPage(deps, async (ctx, { query, request }) => {
          const fail = (message: string) => see(`${CONNECT_PLATFORMS_PAGE}?${new URLSearchParams({ error: translateMessage(message, ctx.locale ?? 'en') })}`);
          if (query.error || !query.code || !query.state) return fail(M.connectFailed);
          try {
            const { platform } = await completeConnect({ ...deps, scope: ctx.scope, state: query.state, code: query.code, origin: origin(request) });
            return see(`${CONNECT_PLATFORMS_PAGE}?connected=${platform}`);
          } catch (e) {
            if (e instanceof AppError && e.code === 'INVALID_INPUT') return fail(e.message);
            throw e;
          }
        }),
      )
      .get(
        '/sandbox/publishing/posts',
        signedInPage(deps, async (ctx) =>
          sandboxPostsPage(await listSandboxPosts({ db: deps.db, scope: ctx.scope }), languageOf(ctx.user), ctx.locale ?? 'en'),
        ),
      )
      .post(
        '/sandbox/publishing/posts/:id/play',
        handle(deps, async (ctx, { params }) => {
          if (!ctx.scope) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
          return recordSandboxPlay({ db: deps.db, scope: ctx.scope, id: params.id });
        }),
      )
  );
}
