import { protectedProcedure, router } from '../../server/trpc';
import { ZAvatarId, ZCreateCustomAvatar, ZListAvatars } from './schemas';
import { languageOf } from '../settings/language';
import { createCustomAvatar, deleteAvatar, getCustomAvatar, listAvatars } from './service';

// Uploads are multipart and go through POST /api/avatars/upload; the rest is here too.
export const avatarsRouter = router({
  list: protectedProcedure
    .input(ZListAvatars.optional())
    .query(({ ctx, input }) => listAvatars({ db: ctx.db, userId: ctx.user.id, query: ZListAvatars.parse(input ?? {}), language: languageOf(ctx.user) })),
  createCustom: protectedProcedure
    .input(ZCreateCustomAvatar)
    .mutation(({ ctx, input }) => createCustomAvatar({ db: ctx.db, queue: ctx.queue, userId: ctx.user.id, input })),
  custom: protectedProcedure.input(ZAvatarId).query(({ ctx, input }) => getCustomAvatar({ db: ctx.db, userId: ctx.user.id, id: input.id })),
  delete: protectedProcedure
    .input(ZAvatarId)
    .mutation(({ ctx, input }) => deleteAvatar({ db: ctx.db, storage: ctx.providers.storage, userId: ctx.user.id, id: input.id })),
});
