import { Elysia } from 'elysia';
import type { AppContext, AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { handle, handleAuthed, parseWith, type RouteArgs } from '../../server/http/routes';
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
  solveCheckpoint,
  CONNECT_LINK_EXPIRED,
} from './connect';
import { getInboxMessage, listInbox } from './inbox';
import { consentPage, donePage, inboxHtml, inboxPage, messagePage } from './pages';
import { disconnectProfile, listProfiles, listSocialContacts, readAccounts, socialDepsOf } from './profiles';
import {
  ZAuthUrl,
  ZCheckpoint,
  ZHostedAuth,
  ZInboxQuery,
  ZLinkedInDirect,
  ZSendLinkedIn,
  ZSendWhatsApp,
  ZSocialContactsQuery,
  ZWhatsAppDirect,
} from './schemas';
import { sameOriginPath } from '../../shared/same-origin-path';
import { sendLinkedInTest, sendWhatsAppTest, whatsappTest } from './send';
import { languageOf } from '../settings/language';

/** The app's public origin: APP_URL, else the address the request came to. */
const originOf = (deps: AppDeps, request: Request) => deps.appOrigin ?? new URL(request.url).origin;

const DEFAULT_BACK = '/social-profiles';

/** Where a finished flow goes: the request's redirect when it is (still) a path of this app. */
const backTo = (deps: AppDeps, request: Request, redirectUri: string | null | undefined) =>
  sameOriginPath(redirectUri, originOf(deps, request)) ?? DEFAULT_BACK;

/** Pages of the connect flow want a signed-in user; without one they say so instead of a JSON 401. */
function pageFor(deps: AppDeps, fn: (ctx: AppContext & { user: NonNullable<AppContext['user']> }, args: RouteArgs) => Promise<Response> | Response) {
  return handle(deps, (ctx, args) => {
    if (!ctx.user)
      return messagePage('Sign in to continue', 'Sign in to the app in this browser, then open the link again.', 401, { href: '/auth', label: 'Sign in' });
    return fn(ctx as AppContext & { user: NonNullable<AppContext['user']> }, args);
  });
}

export function socialRest(deps: AppDeps) {
  const s = socialDepsOf(deps);
  const messaging = deps.providers.messaging;
  return (
    new Elysia({ name: 'social-rest' })
      .get(
        '/api/social-profiles',
        handleAuthed(deps, (ctx) => listProfiles({ db: s.db, userId: ctx.user.id })),
      )
      .delete(
        '/api/social-profiles/:id',
        handleAuthed(deps, (ctx, { params }) => disconnectProfile({ ...s, userId: ctx.user.id, id: params.id })),
      )
      .get(
        '/api/social-contacts',
        handleAuthed(deps, (ctx, { query }) => listSocialContacts({ db: s.db, userId: ctx.user.id, query: parseWith(ZSocialContactsQuery, query) })),
      )
      .get(
        '/api/unipile/accounts',
        handleAuthed(deps, (ctx) => readAccounts({ ...s, userId: ctx.user.id })),
      )
      .get(
        '/api/social-connections',
        handleAuthed(deps, (ctx) => listProfiles({ db: s.db, userId: ctx.user.id })),
      )
      .post(
        '/api/social-connections/auth-url',
        handleAuthed(deps, async (ctx, { body, request }) => {
          const input = parseWith(ZAuthUrl, body);
          const r = await createAuthLink({
            ...s,
            userId: ctx.user.id,
            platform: input.platformId,
            redirectUri: input.redirectUri,
            origin: originOf(deps, request),
          });
          return { authUrl: r.authUrl, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
        }),
      )
      .post(
        '/api/social-connections/hosted-auth',
        handleAuthed(deps, async (ctx, { body, request }) => {
          const input = parseWith(ZHostedAuth, body);
          const r = await createAuthLink({
            ...s,
            userId: ctx.user.id,
            platform: input.platformId ?? null,
            redirectUri: input.redirectUri,
            origin: originOf(deps, request),
          });
          return { url: r.url, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
        }),
      )
      .post(
        '/api/social-connections/linkedin/direct',
        handleAuthed(deps, (ctx, { body }) => connectLinkedInDirect({ ...s, userId: ctx.user.id, input: parseWith(ZLinkedInDirect, body) })),
      )
      .post(
        '/api/social-connections/whatsapp/direct',
        handleAuthed(deps, (ctx, { body }) => connectWhatsAppDirect({ ...s, userId: ctx.user.id, input: parseWith(ZWhatsAppDirect, body) })),
      )
      .post(
        '/api/social-connections/checkpoint',
        handleAuthed(deps, (ctx, { body }) => solveCheckpoint({ ...s, userId: ctx.user.id, input: parseWith(ZCheckpoint, body) })),
      )
      .post(
        '/api/unipile/send-whatsapp',
        handleAuthed(deps, (ctx, { body }) => sendWhatsAppTest({ ...s, userId: ctx.user.id, input: parseWith(ZSendWhatsApp, body) })),
      )
      .post(
        '/api/unipile/send-linkedin',
        handleAuthed(deps, (ctx, { body }) => sendLinkedInTest({ ...s, userId: ctx.user.id, input: parseWith(ZSendLinkedIn, body) })),
      )
      .get(
        '/api/unipile/whatsapp-test',
        handleAuthed(deps, (ctx) => whatsappTest({ ...s, userId: ctx.user.id })),
      )
      // No session: the provider calls it. The secret in the URL (handed out by us) authenticates it.
      .post(
        '/api/webhooks/unipile',
        handle(deps, (_ctx, { query, body }) => handleProviderWebhook({ ...s, secret: query.secret, body })),
      )
      .get(
        '/api/sandbox/inbox',
        handleAuthed(deps, (ctx, { query }) => {
          const q = parseWith(ZInboxQuery, query);
          return listInbox({ db: s.db, userId: ctx.user.id, channel: q.channel, limit: q.limit });
        }),
      )
      .get(
        '/api/sandbox/inbox/:id',
        handleAuthed(deps, (ctx, { params }) => getInboxMessage({ db: s.db, userId: ctx.user.id, id: params.id })),
      )

      // Pages.
      .get(
        '/sandbox/inbox',
        pageFor(deps, async (ctx) => inboxPage((await listInbox({ db: s.db, userId: ctx.user.id, limit: 200 })).messages, languageOf(ctx.user))),
      )
      .get(
        '/sandbox/inbox/:id/html',
        pageFor(deps, async (ctx, { params }) => {
          const m = await getInboxMessage({ db: s.db, userId: ctx.user.id, id: params.id });
          return m.html ? inboxHtml(m.html) : messagePage('No HTML part', 'This message has a text part only.', 404);
        }),
      )
      .get(
        '/sandbox/connect/:token',
        pageFor(deps, async (ctx, { params }) => {
          const request = messaging.sandbox ? await requestByToken(s, params.token) : null;
          if (!request || request.userId !== ctx.user.id) return messagePage('Link expired', CONNECT_LINK_EXPIRED, 404);
          return consentPage({
            token: params.token,
            platform: request.platform,
            accountName: ctx.user.fullName || ctx.user.username,
            appUser: ctx.user.username,
          });
        }),
      )
      .post(
        '/sandbox/connect/:token',
        pageFor(deps, async (ctx, { params, body, request }) => {
          const form = (body ?? {}) as Record<string, unknown>;
          try {
            if (form.action === 'allow') {
              const platform = MESSAGING_PLATFORMS.includes(form.platform as MessagingPlatform) ? (form.platform as MessagingPlatform) : 'linkedin';
              const accountName = typeof form.accountName === 'string' ? form.accountName : '';
              const r = await allowSandboxConsent({ ...s, userId: ctx.user.id, token: params.token, platform, accountName });
              return donePage({
                ok: true,
                message: 'The sandbox account is connected. This window closes by itself.',
                redirect: backTo(deps, request, r.redirectUri),
              });
            }
            const r = await cancelConsent({ ...s, userId: ctx.user.id, token: params.token });
            return donePage({ ok: false, message: 'The connection was cancelled.', redirect: backTo(deps, request, r.redirectUri) });
          } catch (e) {
            if (e instanceof AppError && e.code === 'NOT_FOUND') return messagePage('Link expired', CONNECT_LINK_EXPIRED, 404);
            throw e;
          }
        }),
      )
      // Where a hosted provider sends the browser back (success or failure).
      .get(
        '/social/connected',
        pageFor(deps, async (ctx, { query, request: http }) => {
          const request = query.request ? await requestById(s, query.request) : null;
          const mine = request && request.userId === ctx.user.id ? request : null;
          const failed = query.error !== undefined;
          return donePage({
            ok: !failed,
            message: failed ? 'The account could not be connected.' : 'The account is connected. This window closes by itself.',
            redirect: backTo(deps, http, mine?.redirectUri),
          });
        }),
      )
  );
}
