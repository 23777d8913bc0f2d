import { z } from 'zod';
import { singleLine } from '../../shared/zod-text';
import { protectedProcedure, publicProcedure, router } from '../../server/trpc';
import { changePassword } from '../auth/service';
import { ZChangePassword } from '../auth/schemas';
import { ZSettingsPatch } from '../settings/schemas';
import { updateSettings } from '../settings/service';
import { deleteAccount, deleteAllVideos, resetAccount } from './account';
import { ZUpdateProfile } from './schemas';
import { toPublicUser, updateProfile } from './service';

const ZConfirm = z.object({ confirm: singleLine('Confirmation').max(100) }).strict();

export const usersRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),
  updateProfile: protectedProcedure.input(ZUpdateProfile).mutation(({ ctx, input }) => updateProfile({ db: ctx.db, userId: ctx.user.id, input })),
  updateSettings: protectedProcedure.input(ZSettingsPatch).mutation(({ ctx, input }) => updateSettings({ db: ctx.db, userId: ctx.user.id, patch: input })),
  changePassword: protectedProcedure
    .input(ZChangePassword)
    .mutation(({ ctx, input }) => changePassword({ db: ctx.db, auth: ctx.auth, userId: ctx.user.id, sessionId: ctx.session?.id ?? null, input })),
  resetAccount: protectedProcedure.input(ZConfirm).mutation(({ ctx, input }) => resetAccount({ db: ctx.db, userId: ctx.user.id, confirm: input.confirm })),
  deleteAllVideos: protectedProcedure
    .input(ZConfirm)
    .mutation(({ ctx, input }) => deleteAllVideos({ db: ctx.db, storage: ctx.providers.storage, userId: ctx.user.id, confirm: input.confirm })),
  deleteAccount: protectedProcedure.input(ZConfirm).mutation(async ({ ctx, input }) => {
    const out = await deleteAccount({ db: ctx.db, auth: ctx.auth, storage: ctx.providers.storage, userId: ctx.user.id, confirm: input.confirm });
    ctx.resHeaders?.append('set-cookie', ctx.auth.createBlankSessionCookie().serialize());
    return out;
  }),
});
