import type { AppContext } from '../../server/context';
import { protectedProcedure, router } from '../../server/trpc';
import { connectLinkedInDirect, connectWhatsAppDirect, createAuthLink, solveCheckpoint } from './connect';
import { listInbox } from './inbox';
import { disconnectProfile, refreshAccounts } from './accounts';
import { listProfiles, setProfileShared, socialDepsOf, type SocialDeps } from './profiles';
import { listSocialContacts } from './social-contacts';
import {
  ZAuthUrl,
  ZCheckpoint,
  ZHostedAuth,
  ZInboxQuery,
  ZLinkedInDirect,
  ZProfileId,
  ZSendLinkedIn,
  ZSendWhatsApp,
  ZSetShared,
  ZSocialContactsQuery,
  ZWhatsAppDirect,
} from './schemas';
import { translateMessage } from '../../server/i18n/translate';
import { sendLinkedInTest, sendWhatsAppTest, whatsappTest } from './send';

const sd = (ctx: AppContext): SocialDeps => socialDepsOf(ctx);

// tRPC has no request URL: hosted providers need APP_URL for their callbacks (the sandbox does not).
export const socialRouter = router({
  provider: protectedProcedure.query(({ ctx }) => ({ name: ctx.providers.messaging.name, sandbox: ctx.providers.messaging.sandbox })),
  profiles: protectedProcedure.query(({ ctx }) => listProfiles({ db: ctx.db, scope: ctx.scope })),
  setShared: protectedProcedure
    .input(ZSetShared)
    .mutation(({ ctx, input }) => setProfileShared({ db: ctx.db, scope: ctx.scope, id: input.id, shared: input.shared })),
  disconnect: protectedProcedure.input(ZProfileId).mutation(({ ctx, input }) => disconnectProfile({ ...sd(ctx), scope: ctx.scope, id: input.id })),
  contacts: protectedProcedure
    .input(ZSocialContactsQuery.optional())
    .query(({ ctx, input }) => listSocialContacts({ db: ctx.db, scope: ctx.scope, query: input ?? {} })),
  refreshAccounts: protectedProcedure.mutation(({ ctx }) => refreshAccounts({ ...sd(ctx), scope: ctx.scope })),
  authUrl: protectedProcedure.input(ZAuthUrl).mutation(async ({ ctx, input }) => {
    const r = await createAuthLink({ ...sd(ctx), scope: ctx.scope, platform: input.platformId, redirectUri: input.redirectUri, origin: ctx.appOrigin });
    return { authUrl: r.authUrl, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
  }),
  hostedAuth: protectedProcedure.input(ZHostedAuth).mutation(async ({ ctx, input }) => {
    const r = await createAuthLink({
      ...sd(ctx),
      scope: ctx.scope,
      platform: input.platformId ?? null,
      redirectUri: input.redirectUri,
      origin: ctx.appOrigin,
    });
    return { url: r.url, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
  }),
  linkedinDirect: protectedProcedure.input(ZLinkedInDirect).mutation(({ ctx, input }) => connectLinkedInDirect({ ...sd(ctx), scope: ctx.scope, input })),
  whatsappDirect: protectedProcedure.input(ZWhatsAppDirect).mutation(({ ctx, input }) => connectWhatsAppDirect({ ...sd(ctx), scope: ctx.scope, input })),
  solveCheckpoint: protectedProcedure.input(ZCheckpoint).mutation(({ ctx, input }) => solveCheckpoint({ ...sd(ctx), scope: ctx.scope, input })),
  sendWhatsApp: protectedProcedure.input(ZSendWhatsApp).mutation(({ ctx, input }) => sendWhatsAppTest({ ...sd(ctx), scope: ctx.scope, input })),
  sendLinkedIn: protectedProcedure.input(ZSendLinkedIn).mutation(({ ctx, input }) => sendLinkedInTest({ ...sd(ctx), scope: ctx.scope, input })),
  whatsappTest: protectedProcedure.query(async ({ ctx }) => {
    const r = await whatsappTest({ ...sd(ctx), scope: ctx.scope });
    return { ...r, message: translateMessage(r.message, ctx.locale ?? 'en') };
  }),
  inbox: protectedProcedure
    .input(ZInboxQuery.optional())
    .query(({ ctx, input }) => listInbox({ db: ctx.db, scope: ctx.scope, channel: input?.channel, limit: input?.limit })),
});
