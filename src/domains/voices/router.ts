import { protectedProcedure, router } from '../../server/trpc';
import { ZListVoices } from './schemas';
import { listVoices } from './service';

export const voicesRouter = router({
  list: protectedProcedure.input(ZListVoices.optional()).query(({ ctx, input }) => listVoices({ tts: ctx.providers.tts, query: input ?? {} })),
});
