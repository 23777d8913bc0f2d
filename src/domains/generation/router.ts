import { z } from 'zod';
import { ZPage } from '../../shared/paging';
import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { id } from '../../shared/zod-text';
import { ZTaskId, ZTalk, ZTemplateGenerate, ZVideoId } from './schemas';
import { startReframe, ZReframeInput, ZReframeReply } from './reframe';
import { generateFromTemplate, listBackgrounds, startTalk } from './service';
import { renderJobState } from './job-state';
import { getTalkStatus, getVideoStatus, listClips, listProcessedVideos } from './status';

// Multipart background uploads go through POST /api/backgrounds/upload.
export const generationRouter = router({
  talk: protectedProcedure.input(ZTalk).mutation(({ ctx, input }) => startTalk({ ...ctx, scope: ctx.scope, input })),
  talkStatus: protectedProcedure.input(ZTaskId).query(({ ctx, input }) => getTalkStatus({ ...ctx, scope: ctx.scope, taskId: input.taskId })),
  videoStatus: protectedProcedure.input(ZVideoId).query(({ ctx, input }) => getVideoStatus({ ...ctx, scope: ctx.scope, id: input.id })),
  /** Developer mode: the video's render job as the queue sees it. */
  jobState: protectedProcedure.input(ZVideoId).query(({ ctx, input }) => renderJobState({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, videoId: input.id })),
  clips: protectedProcedure.input(ZPage.optional()).query(({ ctx, input }) => listClips({ db: ctx.db, scope: ctx.scope, query: input })),
  processedVideos: protectedProcedure.input(ZPage.optional()).query(({ ctx, input }) => listProcessedVideos({ db: ctx.db, scope: ctx.scope, query: input })),
  backgrounds: protectedProcedure.query(({ ctx }) => listBackgrounds({ db: ctx.db, scope: ctx.scope, lang: languageOf(ctx.user) })),
  /** A finished video rendered again in another shape (a vertical version for Reels). */
  reframe: protectedProcedure
    .input(ZReframeInput)
    .output(ZReframeReply)
    .mutation(({ ctx, input }) => startReframe({ ...ctx, scope: ctx.scope, videoId: input.videoId, aspectRatio: input.aspectRatio })),
});

/** templates.generate: merged into the templates namespace by src/app/router.ts (generation reads templates, not the reverse). */
export const templateGenerateRouter = router({
  generate: protectedProcedure
    .input(z.object({ id: id('template', 100), input: ZTemplateGenerate }).strict())
    .mutation(({ ctx, input }) => generateFromTemplate({ ...ctx, scope: ctx.scope, templateId: input.id, input: input.input, lang: languageOf(ctx.user) })),
});
