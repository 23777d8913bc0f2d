import { z } from 'zod';
import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../../server/trpc';
import { singleLine } from '../../shared/zod-text';
import { changePassword } from '../auth/service';
import { ZSettingsPatch } from '../settings/schemas';
import { updateSettings } from '../users/settings';
import { deleteAccount, deleteAllVideos, resetAccount } from './danger-zone';
import { ZProfileUpdated, ZPublicUser, ZUpdateProfile } from '../users/schemas';
import { toPublicUser } from '../users/service';
import { confirmEmail, resendEmailVerification } from '../auth/email-verification';
import { ZChangePassword, ZConfirmEmail, ZConfirmEmailReply } from '../auth/schemas';
import { ZOk } from '../../shared/reply-schemas';
import { ZAccountDeleted, ZMe, ZPasswordChanged, ZVideosDeleted } from './schemas';
import { updateOwnProfile } from './profile';

const ZConfirm = z.object({ confirm: singleLine('Confirmation').max(100) }).strict();

// The profile, password and danger-zone actions need the browser session (never an API key).
export const usersRouter = router({
  me: publicProcedure.output(ZMe).query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
  updateProfile: sessionProcedure.input(ZUpdateProfile).output(ZProfileUpdated).mutation(({ ctx, input }) =>
    updateOwnProfile({
      db: ctx.db,
      queue: ctx.queue,
      limiter: ctx.limits.emailVerification,
      userId: ctx.user.id,
      currentEmail: ctx.user.email,
      input,
      baseUrl: ctx.linkOrigin,
    }),
  ),
  // The address check (docs/decisions/205): opening the e-mailed link, and asking for a new one.
  confirmEmail: publicProcedure.input(ZConfirmEmail).output(ZConfirmEmailReply).mutation(({ ctx, input }) => confirmEmail({ db: ctx.db, input })),
  resendVerification: sessionProcedure.output(ZOk).mutation(({ ctx }) =>
    resendEmailVerification({
      db: ctx.db,
      queue: ctx.queue,
      limiter: ctx.limits.emailVerification,
      userId: ctx.user.id,
      baseUrl: ctx.linkOrigin,
    }),
  ),
  updateSettings: protectedProcedure.input(ZSettingsPatch).output(ZPublicUser).mutation(({ ctx, input }) => updateSettings({ db: ctx.db, userId: ctx.user.id, patch: input })),
  changePassword: sessionProcedure
    .input(ZChangePassword)
    .output(ZPasswordChanged)
    .mutation(({ ctx, input }) => changePassword({ db: ctx.db, auth: ctx.auth, userId: ctx.user.id, sessionId: ctx.session?.id ?? null, input })),
  resetAccount: sessionProcedure.input(ZConfirm).output(ZPublicUser).mutation(({ ctx, input }) => resetAccount({ db: ctx.db, userId: ctx.user.id, confirm: input.confirm })),
  deleteAllVideos: sessionProcedure
    .input(ZConfirm)
    .output(ZVideosDeleted)
    .mutation(({ ctx, input }) => deleteAllVideos({ db: ctx.db, storage: ctx.providers.storage, scope: ctx.scope, confirm: input.confirm })),
  deleteAccount: sessionProcedure.input(ZConfirm).output(ZAccountDeleted).mutation(async ({ ctx, input }) => {
    const out = await deleteAccount({ db: ctx.db, auth: ctx.auth, storage: ctx.providers.storage, userId: ctx.user.id, confirm: input.confirm });
    ctx.resHeaders?.append('set-cookie', ctx.auth.createBlankSessionCookie().serialize());
    return out;
  }),
});
