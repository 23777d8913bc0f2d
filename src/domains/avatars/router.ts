import { protectedProcedure, router } from '../../server/trpc';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { ZAvatarId, ZAvatarCards, ZCreateCustomAvatar, ZCustomAvatar, ZCustomAvatarCreated, ZListAvatars } from './schemas';
import { languageOf } from '../settings/language';
import { createCustomAvatar, deleteAvatar, getCustomAvatar, listAvatars } from './service';

// Uploads are multipart and go through POST /api/avatars/upload; the rest is here too.
export const avatarsRouter = router({
  list: protectedProcedure
    .input(ZListAvatars.optional())
    .output(ZAvatarCards)
    .query(async ({ ctx, input }) =>
    listAvatars({
      db: ctx.db,
      scope: ctx.scope,
      query: ZListAvatars.parse(input ?? {}),
      language: languageOf(ctx.user),
      providers: await ctx.workspaceProviders(ctx.scope.workspaceId),
    }),
  ),
  createCustom: protectedProcedure
    .input(ZCreateCustomAvatar)
    .output(ZCustomAvatarCreated)
    .mutation(({ ctx, input }) => createCustomAvatar({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, input })),
  custom: protectedProcedure.input(ZAvatarId).output(ZCustomAvatar).query(({ ctx, input }) => getCustomAvatar({ db: ctx.db, scope: ctx.scope, id: input.id })),
  delete: protectedProcedure
    .input(ZAvatarId)
    .output(ZDeletedOk)
    .mutation(({ ctx, input }) => deleteAvatar({ db: ctx.db, storage: ctx.providers.storage, scope: ctx.scope, id: input.id })),
});
