import { z } from 'zod';
import { ZPage } from '../../shared/paging';
import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { id } from '../../shared/zod-text';
import {
  ZBackgroundList,
  ZClipList,
  ZProcessedVideos,
  ZTalk,
  ZTalkStarted,
  ZTalkStatus,
  ZTaskId,
  ZTemplateGenerate,
  ZTemplateGenerated,
  ZVideoId,
  ZVideoStatus,
} from './schemas';
import { ZRenderJobState } from './schemas-out';
import { startReframe, ZReframeInput, ZReframeReply } from './reframe';
import { generateFromTemplate, listBackgrounds, startTalk } from './service';
import { renderJobState } from './job-state';
import { getTalkStatus, getVideoStatus, listClips, listProcessedVideos } from './status';

// Multipart background uploads go through POST /api/backgrounds/upload.
export const generationRouter = router({
  talk: protectedProcedure
    .input(ZTalk)
    .output(ZTalkStarted)
    .mutation(({ ctx, input }) => startTalk({ ...ctx, scope: ctx.scope, input })),
  talkStatus: protectedProcedure
    .input(ZTaskId)
    .output(ZTalkStatus)
    .query(({ ctx, input }) => getTalkStatus({ ...ctx, scope: ctx.scope, taskId: input.taskId })),
  videoStatus: protectedProcedure
    .input(ZVideoId)
    .output(ZVideoStatus)
    .query(({ ctx, input }) => getVideoStatus({ ...ctx, scope: ctx.scope, id: input.id })),
  /** Developer mode: the video's render job as the queue sees it. */
  jobState: protectedProcedure
    .input(ZVideoId)
    .output(ZRenderJobState)
    .query(({ ctx, input }) => renderJobState({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, videoId: input.id })),
  clips: protectedProcedure
    .input(ZPage.optional())
    .output(ZClipList)
    .query(({ ctx, input }) => listClips({ db: ctx.db, scope: ctx.scope, query: input })),
  processedVideos: protectedProcedure
    .input(ZPage.optional())
    .output(ZProcessedVideos)
    .query(({ ctx, input }) => listProcessedVideos({ db: ctx.db, scope: ctx.scope, query: input })),
  backgrounds: protectedProcedure.output(ZBackgroundList).query(({ ctx }) => listBackgrounds({ db: ctx.db, scope: ctx.scope, lang: languageOf(ctx.user) })),
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
    .output(ZTemplateGenerated)
    .mutation(({ ctx, input }) => generateFromTemplate({ ...ctx, scope: ctx.scope, templateId: input.id, input: input.input, lang: languageOf(ctx.user) })),
});
