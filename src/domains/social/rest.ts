import { Elysia } from 'elysia';
import type { AppContext, AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { type Body, defineRoute, error, ok, planLimit, type Reply, tagged } from '../../server/http/define-route';
import { byIdRoute } from '../../server/http/row-routes';
import { handle, type RouteArgs } from '../../server/http/routes';
import { MESSAGING_PLATFORMS, type MessagingPlatform } from '../../server/providers/messaging/types';
import {
  allowSandboxConsent,
  cancelConsent,
  connectLinkedInDirect,
  connectWhatsAppDirect,
  createAuthLink,
  handleProviderWebhook,
  requestById,
  requestByToken,
  requestOf,
  solveCheckpoint,
  CONNECT_LINK_EXPIRED,
} from './connect';
import { getInboxMessage, listInbox } from './inbox';
import { consentPage, donePage, inboxHtml, inboxPage, messagePage } from './pages';
import { disconnectProfile, readAccounts } from './accounts';
import { listProfiles, type SocialDeps, socialDepsOf } from './profiles';
import { listSocialContacts } from './social-contacts';
import {
  ZAuthUrl,
  ZAuthUrlReply,
  ZCheckpoint,
  ZDirectReply,
  ZHostedAuth,
  ZHostedAuthReply,
  ZInbox,
  ZInboxMessage,
  ZInboxQuery,
  ZLinkedInDirect,
  ZSendLinkedIn,
  ZSendReply,
  ZSendWhatsApp,
  ZSocialContact,
  ZSocialContactsQuery,
  ZSocialProfile,
  ZUnipileAccount,
  ZWebhookReply,
  ZWhatsAppDirect,
  ZWhatsAppTestReply,
} from './schemas';
import { ZDeletedSuccess } from '../../shared/reply-schemas';
import { type ZodType, z } from 'zod';
import type { Scope } from '../../server/scope';
import { sameOriginPath } from '../../shared/same-origin-path';
import { translateMessage } from '../../server/i18n/translate';
import { sendLinkedInTest, sendWhatsAppTest, whatsappTest } from './send';
import { languageOf } from '../settings/language';

/** The app's public origin: APP_URL, else the address the request came to. */
const originOf = (deps: Pick<AppDeps, 'appOrigin'>, request: Request) => deps.appOrigin ?? new URL(request.url).origin;

const DEFAULT_BACK = '/social-profiles';

/** Where a finished flow goes: the request's redirect when it is (still) a path of this app. */
const backTo = (deps: AppDeps, request: Request, redirectUri: string | null | undefined) =>
  sameOriginPath(redirectUri, originOf(deps, request)) ?? DEFAULT_BACK;

type SignedInContext = AppContext & { user: NonNullable<AppContext['user']>; scope: NonNullable<AppContext['scope']> };

/** Pages of the connect flow want a signed-in user (acting in their current workspace); without one they say so instead of a JSON 401. */
function pageFor(deps: AppDeps, fn: (ctx: SignedInContext, args: RouteArgs) => Promise<Response> | Response) {
  return handle(deps, (ctx, args) => {
    if (!ctx.user || !ctx.scope)
      return messagePage(ctx.locale ?? 'en', 'Sign in to continue', 'Sign in to the app in this browser, then open the link again.', 401, {
        href: '/auth',
        label: 'Sign in',
      });
    return fn(ctx as SignedInContext, args);
  });
}

const signedIn = { access: 'user' } as const;
const profiles = { ...signedIn, method: 'GET', summary: 'Connected social profiles', responses: [ok(z.array(ZSocialProfile))] } as const;
const directReply = (what: string) => [ok(ZDirectReply, `Connected, or pending with a ${what} to answer`), planLimit] as const;

/** A signed-in POST acting through the workspace's messaging accounts: the body is the service's `input`. */
const accountAction = <P extends string, B, BI, S extends ZodType>(
  path: P,
  summary: string,
  body: ZodType<B, BI>,
  responses: readonly [Reply<S>, ...Reply[]],
  run: (deps: SocialDeps & { scope: Scope; input: B }) => Promise<Body<z.input<S>>>,
) =>
  defineRoute({
    ...signedIn,
    method: 'POST',
    path,
    summary,
    body,
    responses,
    handler: (ctx, { body: input }) => run({ ...socialDepsOf(ctx), scope: ctx.scope, input }),
  });

export const socialRoutes = tagged('social', [
  defineRoute({ ...profiles, path: '/api/social-profiles', handler: (ctx) => listProfiles({ db: ctx.db, scope: ctx.scope }) }),
  defineRoute({
    ...signedIn,
    method: 'DELETE',
    path: '/api/social-profiles/:id',
    summary: 'Disconnect a profile',
    responses: [ok(ZDeletedSuccess)],
    handler: (ctx, { params }) => disconnectProfile({ ...socialDepsOf(ctx), scope: ctx.scope, id: params.id }),
  }),
  defineRoute({ ...profiles, path: '/api/social-connections', handler: (ctx) => listProfiles({ db: ctx.db, scope: ctx.scope }) }),
  defineRoute({
    ...signedIn,
    method: 'GET',
    path: '/api/social-contacts',
    summary: 'Contacts of the connected accounts',
    query: ZSocialContactsQuery,
    responses: [ok(z.array(ZSocialContact))],
    handler: (ctx, { query }) => listSocialContacts({ db: ctx.db, scope: ctx.scope, query }),
  }),
  defineRoute({
    ...signedIn,
    method: 'POST',
    path: '/api/social-connections/auth-url',
    summary: 'Authorization link for a platform',
    body: ZAuthUrl,
    responses: [ok(ZAuthUrlReply), planLimit],
    handler: async (ctx, { body, request }) => {
      const { redirectUri, platformId: platform } = body;
      const r = await createAuthLink({ ...socialDepsOf(ctx), scope: ctx.scope, platform, redirectUri, origin: originOf(ctx, request) });
      return { authUrl: r.authUrl, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
    },
  }),
  defineRoute({
    ...signedIn,
    method: 'POST',
    path: '/api/social-connections/hosted-auth',
    summary: 'Hosted authentication page',
    body: ZHostedAuth,
    responses: [ok(ZHostedAuthReply)],
    handler: async (ctx, { body, request }) => {
      const { redirectUri, platformId } = body;
      const r = await createAuthLink({ ...socialDepsOf(ctx), scope: ctx.scope, platform: platformId ?? null, redirectUri, origin: originOf(ctx, request) });
      return { url: r.url, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
    },
  }),
  accountAction(
    '/api/social-connections/linkedin/direct',
    'Connect LinkedIn with credentials (never stored)',
    ZLinkedInDirect,
    directReply('checkpoint'),
    connectLinkedInDirect,
  ),
  accountAction(
    '/api/social-connections/whatsapp/direct',
    'Connect WhatsApp by phone number',
    ZWhatsAppDirect,
    directReply('checkpoint (QR code)'),
    connectWhatsAppDirect,
  ),
  accountAction('/api/social-connections/checkpoint', 'Answer a connection checkpoint (2FA code)', ZCheckpoint, [ok(ZDirectReply)], solveCheckpoint),
  defineRoute({
    ...signedIn,
    method: 'GET',
    path: '/api/unipile/accounts',
    summary: 'Messaging accounts with the status their provider gives them now (read only)',
    responses: [ok(z.array(ZUnipileAccount))],
    handler: (ctx) => readAccounts({ ...socialDepsOf(ctx), scope: ctx.scope }),
  }),
  accountAction('/api/unipile/send-whatsapp', 'Send a WhatsApp message', ZSendWhatsApp, [ok(ZSendReply)], sendWhatsAppTest),
  accountAction('/api/unipile/send-linkedin', 'Send a LinkedIn message', ZSendLinkedIn, [ok(ZSendReply)], sendLinkedInTest),
  defineRoute({
    ...signedIn,
    method: 'GET',
    path: '/api/unipile/whatsapp-test',
    summary: 'WhatsApp contacts of the connected account',
    responses: [ok(ZWhatsAppTestReply)],
    // The result line in the caller's language (decision 223).
    handler: async (ctx) => {
      const r = await whatsappTest({ ...socialDepsOf(ctx), scope: ctx.scope });
      return { ...r, message: translateMessage(r.message, ctx.locale ?? 'en') };
    },
  }),
  // No session: the provider calls it. The secret in the URL (handed out by us) authenticates it.
  defineRoute({
    method: 'POST',
    path: '/api/webhooks/unipile',
    summary: 'Account status webhook (secret in the query)',
    access: 'public',
    responses: [ok(ZWebhookReply), error(401, 'Invalid webhook secret')],
    handler: (ctx, { query, body }) => handleProviderWebhook({ ...socialDepsOf(ctx), secret: query.secret, body }),
  }),
  defineRoute({
    ...signedIn,
    method: 'GET',
    path: '/api/sandbox/inbox',
    summary: 'Messages kept by the sandbox providers',
    query: ZInboxQuery,
    responses: [ok(ZInbox)],
    handler: (ctx, { query }) => listInbox({ db: ctx.db, scope: ctx.scope, channel: query.channel, limit: query.limit }),
  }),
  byIdRoute('GET', '/api/sandbox/inbox/:id', 'One sandbox message', ZInboxMessage, getInboxMessage),
]);

/** The sandbox's and the connect flow's pages (not part of the documented API). */
export function socialPages(deps: AppDeps) {
  const s = socialDepsOf(deps);
  const messaging = deps.providers.messaging;
  return (
    new Elysia({ name: 'social-pages' })
      .get(
        '/sandbox/inbox',
        pageFor(deps, async (ctx) => inboxPage((await listInbox({ db: s.db, scope: ctx.scope, limit: 200 })).messages, languageOf(ctx.user), ctx.locale)),
      )
      .get(
        '/sandbox/inbox/:id/html',
        pageFor(deps, async (ctx, { params }) => {
          const m = await getInboxMessage({ db: s.db, scope: ctx.scope, id: params.id });
          return m.html ? inboxHtml(m.html) : messagePage(ctx.locale ?? 'en', 'No HTML part', 'This message has a text part only.', 404);
        }),
      )
      .get(
        '/sandbox/connect/:token',
        pageFor(deps, async (ctx, { params }) => {
          const request = messaging.sandbox ? requestOf(await requestByToken(s, params.token), ctx.scope) : null;
          if (!request) return messagePage(ctx.locale ?? 'en', 'Link expired', CONNECT_LINK_EXPIRED, 404);
          return consentPage({
            token: params.token,
            platform: request.platform,
            accountName: ctx.user.fullName || ctx.user.username,
            appUser: ctx.user.username,
            locale: ctx.locale ?? 'en',
          });
        }),
      )
      .post(
        '/sandbox/connect/:token',
        pageFor(deps, async (ctx, { params, body, request }) => {
          const form = (body ?? {}) as Record<string, unknown>;
          const locale = ctx.locale ?? 'en';
          try {
            if (form.action === 'allow') {
              const platform = MESSAGING_PLATFORMS.includes(form.platform as MessagingPlatform) ? (form.platform as MessagingPlatform) : 'linkedin';
              const accountName = typeof form.accountName === 'string' ? form.accountName : '';
              const r = await allowSandboxConsent({ ...s, scope: ctx.scope, token: params.token, platform, accountName });
              return donePage({
                ok: true,
                message: 'The sandbox account is connected. This window closes by itself.',
                redirect: backTo(deps, request, r.redirectUri),
                locale,
              });
            }
            const r = await cancelConsent({ ...s, scope: ctx.scope, token: params.token });
            return donePage({ ok: false, message: 'The connection was cancelled.', redirect: backTo(deps, request, r.redirectUri), locale });
          } catch (e) {
            if (e instanceof AppError && e.code === 'NOT_FOUND') return messagePage(locale, 'Link expired', CONNECT_LINK_EXPIRED, 404);
            // The plan's last slot went to another connection since the link was made.
            if (e instanceof AppError && e.code === 'LIMIT_EXCEEDED') return messagePage(locale, 'Not connected', e.message, 402);
            throw e;
          }
        }),
      )
      // Where a hosted provider sends the browser back (success or failure), in the user's language.
      .get(
        '/social/connected',
        pageFor(deps, async (ctx, { query, request: http }) => {
          const request = query.request ? await requestById(s, query.request) : null;
          const mine = requestOf(request, ctx.scope);
          const failed = query.error !== undefined;
          return donePage({
            ok: !failed,
            message: failed ? 'The account could not be connected.' : 'The account is connected. This window closes by itself.',
            redirect: backTo(deps, http, mine?.redirectUri),
            locale: ctx.locale ?? 'en',
          });
        }),
      )
  );
}
