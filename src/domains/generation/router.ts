import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { ZTaskId, ZTalk, ZVideoId } from './schemas';
import { getTalkStatus, getVideoStatus, listBackgrounds, listClips, listProcessedVideos, startTalk } from './service';

// Multipart background uploads go through POST /api/backgrounds/upload.
export const generationRouter = router({
  talk: protectedProcedure.input(ZTalk).mutation(({ ctx, input }) => startTalk(ctx, ctx.user.id, input)),
  talkStatus: protectedProcedure.input(ZTaskId).query(({ ctx, input }) => getTalkStatus(ctx, ctx.user.id, input.taskId)),
  videoStatus: protectedProcedure.input(ZVideoId).query(({ ctx, input }) => getVideoStatus(ctx, ctx.user.id, input.id)),
  clips: protectedProcedure.query(({ ctx }) => listClips(ctx.db, ctx.user.id)),
  processedVideos: protectedProcedure.query(({ ctx }) => listProcessedVideos(ctx.db, ctx.user.id)),
  backgrounds: protectedProcedure.query(({ ctx }) => listBackgrounds(ctx.db, ctx.user.id, languageOf(ctx.user))),
});
