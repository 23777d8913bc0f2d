import { protectedProcedure, router } from '../../server/trpc';
import { ZAvatarId, ZCreateCustomAvatar, ZListAvatars } from './schemas';
import { languageOf } from '../settings/language';
import { createCustomAvatar, deleteAvatar, getCustomAvatar, listAvatars } from './service';

// Uploads are multipart and go through POST /api/avatars/upload; the rest is here too.
export const avatarsRouter = router({
  list: protectedProcedure.input(ZListAvatars.optional()).query(async ({ ctx, input }) =>
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
    .mutation(({ ctx, input }) => createCustomAvatar({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, input })),
  custom: protectedProcedure.input(ZAvatarId).query(({ ctx, input }) => getCustomAvatar({ db: ctx.db, scope: ctx.scope, id: input.id })),
  delete: protectedProcedure
    .input(ZAvatarId)
    .mutation(({ ctx, input }) => deleteAvatar({ db: ctx.db, storage: ctx.providers.storage, scope: ctx.scope, id: input.id })),
});
