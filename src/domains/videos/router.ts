import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZCreateVideo, ZListVideos, ZUpdateVideo } from './schemas';
import { createVideo, getVideo, listVideos, updateVideo } from './service';

const ZId = z.object({ id: id('video') }).strict();

export const videosRouter = router({
  list: protectedProcedure.input(ZListVideos.optional()).query(({ ctx, input }) => listVideos({ db: ctx.db, scope: ctx.scope, query: input })),
  byId: protectedProcedure.input(ZId).query(({ ctx, input }) => getVideo({ db: ctx.db, scope: ctx.scope, id: input.id })),
  create: protectedProcedure.input(ZCreateVideo).mutation(({ ctx, input }) => createVideo({ db: ctx.db, scope: ctx.scope, input })),
  update: protectedProcedure
    .input(z.object({ id: id('video'), patch: ZUpdateVideo }).strict())
    .mutation(({ ctx, input }) => updateVideo({ db: ctx.db, scope: ctx.scope, id: input.id, input: input.patch })),
});
