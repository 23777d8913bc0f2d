import { z } from 'zod';
import { ZPage } from '../../shared/paging';
import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { id } from '../../shared/zod-text';
import { ZTaskId, ZTalk, ZTemplateGenerate, ZVideoId } from './schemas';
import { generateFromTemplate, listBackgrounds, startTalk } from './service';
import { getTalkStatus, getVideoStatus, listClips, listProcessedVideos } from './status';

// Multipart background uploads go through POST /api/backgrounds/upload.
export const generationRouter = router({
  talk: protectedProcedure.input(ZTalk).mutation(({ ctx, input }) => startTalk(ctx, ctx.user.id, input)),
  talkStatus: protectedProcedure.input(ZTaskId).query(({ ctx, input }) => getTalkStatus(ctx, ctx.user.id, input.taskId)),
  videoStatus: protectedProcedure.input(ZVideoId).query(({ ctx, input }) => getVideoStatus(ctx, ctx.user.id, input.id)),
  clips: protectedProcedure.input(ZPage.optional()).query(({ ctx, input }) => listClips(ctx.db, ctx.user.id, input)),
  processedVideos: protectedProcedure.input(ZPage.optional()).query(({ ctx, input }) => listProcessedVideos(ctx.db, ctx.user.id, input)),
  backgrounds: protectedProcedure.query(({ ctx }) => listBackgrounds(ctx.db, ctx.user.id, languageOf(ctx.user))),
});

/** templates.generate: merged into the templates namespace by src/server/router.ts (generation reads templates, not the reverse). */
export const templateGenerateRouter = router({
  generate: protectedProcedure
    .input(z.object({ id: id('template', 100), input: ZTemplateGenerate }).strict())
    .mutation(({ ctx, input }) => generateFromTemplate(ctx, ctx.user.id, input.id, input.input, languageOf(ctx.user))),
});
