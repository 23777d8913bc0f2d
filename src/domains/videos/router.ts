import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZCreateVideo, ZListVideos, ZUpdateVideo, ZVideo, ZVideoPage } from './schemas';
import { createVideo, getVideo, listVideos, updateVideo } from './service';

const ZId = z.object({ id: id('video') }).strict();

export const videosRouter = router({
  list: protectedProcedure
    .input(ZListVideos.optional())
    .output(ZVideoPage)
    .query(({ ctx, input }) => listVideos({ db: ctx.db, scope: ctx.scope, query: input })),
  byId: protectedProcedure
    .input(ZId)
    .output(ZVideo)
    .query(({ ctx, input }) => getVideo({ db: ctx.db, scope: ctx.scope, id: input.id })),
  create: protectedProcedure
    .input(ZCreateVideo)
    .output(ZVideo)
    .mutation(({ ctx, input }) => createVideo({ db: ctx.db, scope: ctx.scope, input })),
  update: protectedProcedure
    .input(z.object({ id: id('video'), patch: ZUpdateVideo }).strict())
    .output(ZVideo)
    .mutation(({ ctx, input }) => updateVideo({ db: ctx.db, scope: ctx.scope, id: input.id, input: input.patch })),
});
