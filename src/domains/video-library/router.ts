import { z } from 'zod';
import { protectedProcedure, router } from '../../server/trpc';
import { id } from '../../shared/zod-text';
import { videoDraft } from './copy';
import { removeVideo } from './removal';
import { ZVideoDraft, ZVideoRemoved } from './schemas';

const ZId = z.object({ id: id('video') }).strict();

/** Merged into `videos` (src/app/router.ts): operations that reach into other domains' rows. */
export const videoLibraryRouter = router({
  delete: protectedProcedure
    .input(ZId)
    .output(ZVideoRemoved)
    .mutation(({ ctx, input }) => removeVideo({ db: ctx.db, storage: ctx.providers.storage, scope: ctx.scope, id: input.id })),
  /** Duplicate and edit: the wizard's choices from this video. */
  draft: protectedProcedure.input(ZId).output(ZVideoDraft).query(({ ctx, input }) => videoDraft({ db: ctx.db, scope: ctx.scope, id: input.id })),
});
