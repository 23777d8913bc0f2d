import { protectedProcedure, router } from '../../server/trpc';
import { ZListVoices, ZVoiceList } from './schemas';
import { listVoices } from './service';

export const voicesRouter = router({
  list: protectedProcedure
    .input(ZListVoices.optional())
    .output(ZVoiceList)
    .query(async ({ ctx, input }) => listVoices({ tts: (await ctx.workspaceProviders(ctx.scope.workspaceId)).tts, query: input ?? {} })),
});
