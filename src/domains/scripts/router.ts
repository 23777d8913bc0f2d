import { protectedProcedure, router } from '../../server/trpc';
import { ZGenerateScript, ZImproveScript, ZInspireMessage, ZInspireScript, ZMessageResult, ZScriptResult } from './schemas';
import { authorOf, generateScript, improveScript, inspireMessage, inspireScript } from './service';

export const scriptsRouter = router({
  generate: protectedProcedure
    .input(ZGenerateScript)
    .output(ZScriptResult)
    .mutation(({ ctx, input }) => generateScript({ llm: ctx.providers.llm, author: authorOf(ctx.user), input })),
  improve: protectedProcedure
    .input(ZImproveScript)
    .output(ZScriptResult)
    .mutation(({ ctx, input }) => improveScript({ llm: ctx.providers.llm, author: authorOf(ctx.user), input })),
  /** Inspire Me on the script step → { script }. */
  inspire: protectedProcedure
    .input(ZInspireScript)
    .output(ZScriptResult)
    .mutation(({ ctx, input }) => inspireScript({ llm: ctx.providers.llm, author: authorOf(ctx.user), input })),
  /** Inspire Me on the send step → { message }. */
  inspireMessage: protectedProcedure
    .input(ZInspireMessage)
    .output(ZMessageResult)
    .mutation(({ ctx, input }) => inspireMessage({ llm: ctx.providers.llm, author: authorOf(ctx.user), input })),
});
