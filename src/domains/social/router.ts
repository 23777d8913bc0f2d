import { z } from 'zod';
import { ZDeletedSuccess } from '../../shared/reply-schemas';
import type { AppContext } from '../../server/context';
import { protectedProcedure, router } from '../../server/trpc';
import { connectLinkedInDirect, connectWhatsAppDirect, createAuthLink, solveCheckpoint } from './connect';
import { listInbox } from './inbox';
import { disconnectProfile, refreshAccounts } from './accounts';
import { listProfiles, setProfileShared, socialDepsOf, type SocialDeps } from './profiles';
import { listSocialContacts } from './social-contacts';
import {
  ZAuthUrl,
  ZAuthUrlReply,
  ZDirectReply,
  ZHostedAuthReply,
  ZInbox,
  ZMessagingProvider,
  ZSendReply,
  ZSocialContact,
  ZSocialProfile,
  ZUnipileAccount,
  ZWhatsAppTestReply,
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
  provider: protectedProcedure
    .output(ZMessagingProvider)
    .query(({ ctx }) => ({ name: ctx.providers.messaging.name, sandbox: ctx.providers.messaging.sandbox })),
  profiles: protectedProcedure.output(z.array(ZSocialProfile)).query(({ ctx }) => listProfiles({ db: ctx.db, scope: ctx.scope })),
  setShared: protectedProcedure
    .input(ZSetShared)
    .output(ZSocialProfile)
    .mutation(({ ctx, input }) => setProfileShared({ db: ctx.db, scope: ctx.scope, id: input.id, shared: input.shared })),
  disconnect: protectedProcedure
    .input(ZProfileId)
    .output(ZDeletedSuccess)
    .mutation(({ ctx, input }) => disconnectProfile({ ...sd(ctx), scope: ctx.scope, id: input.id })),
  contacts: protectedProcedure
    .input(ZSocialContactsQuery.optional())
    .output(z.array(ZSocialContact))
    .query(({ ctx, input }) => listSocialContacts({ db: ctx.db, scope: ctx.scope, query: input ?? {} })),
  refreshAccounts: protectedProcedure.output(z.array(ZUnipileAccount)).mutation(({ ctx }) => refreshAccounts({ ...sd(ctx), scope: ctx.scope })),
  authUrl: protectedProcedure
    .input(ZAuthUrl)
    .output(ZAuthUrlReply)
    .mutation(async ({ ctx, input }) => {
      const r = await createAuthLink({ ...sd(ctx), scope: ctx.scope, platform: input.platformId, redirectUri: input.redirectUri, origin: ctx.appOrigin });
      return { authUrl: r.authUrl, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
    }),
  hostedAuth: protectedProcedure
    .input(ZHostedAuth)
    .output(ZHostedAuthReply)
    .mutation(async ({ ctx, input }) => {
      const r = await createAuthLink({
        ...sd(ctx),
        scope: ctx.scope,
        platform: input.platformId ?? null,
        redirectUri: input.redirectUri,
        origin: ctx.appOrigin,
      });
      return { url: r.url, requestId: r.requestId, expiresAt: r.expiresAt, sandbox: r.sandbox };
    }),
  linkedinDirect: protectedProcedure
    .input(ZLinkedInDirect)
    .output(ZDirectReply)
    .mutation(({ ctx, input }) => connectLinkedInDirect({ ...sd(ctx), scope: ctx.scope, input })),
  whatsappDirect: protectedProcedure
    .input(ZWhatsAppDirect)
    .output(ZDirectReply)
    .mutation(({ ctx, input }) => connectWhatsAppDirect({ ...sd(ctx), scope: ctx.scope, input })),
  solveCheckpoint: protectedProcedure
    .input(ZCheckpoint)
    .output(ZDirectReply)
    .mutation(({ ctx, input }) => solveCheckpoint({ ...sd(ctx), scope: ctx.scope, input })),
  sendWhatsApp: protectedProcedure
    .input(ZSendWhatsApp)
    .output(ZSendReply)
    .mutation(({ ctx, input }) => sendWhatsAppTest({ ...sd(ctx), scope: ctx.scope, input })),
  sendLinkedIn: protectedProcedure
    .input(ZSendLinkedIn)
    .output(ZSendReply)
    .mutation(({ ctx, input }) => sendLinkedInTest({ ...sd(ctx), scope: ctx.scope, input })),
  whatsappTest: protectedProcedure.output(ZWhatsAppTestReply).query(async ({ ctx }) => {
    const r = await whatsappTest({ ...sd(ctx), scope: ctx.scope });
    return { ...r, message: translateMessage(r.message, ctx.locale ?? 'en') };
  }),
  inbox: protectedProcedure
    .input(ZInboxQuery.optional())
    .output(ZInbox)
    .query(({ ctx, input }) => listInbox({ db: ctx.db, scope: ctx.scope, channel: input?.channel, limit: input?.limit })),
});
