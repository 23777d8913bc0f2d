import { protectedProcedure, router } from '../../server/trpc';
import { z } from 'zod';
import { languageOf } from '../settings/language';
import { LANGUAGES } from '../settings/schemas';
import { ZDashboard } from './schemas';
import { getDashboard } from './service';

// The screen's language when the client names it (the UI switches before the saved setting does), else the user's.
const ZDashboardInput = z.object({ language: z.enum(LANGUAGES).optional() }).strict().optional();

export const dashboardRouter = router({
  get: protectedProcedure
    .input(ZDashboardInput)
    .output(ZDashboard)
    .query(({ ctx, input }) => getDashboard({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, language: input?.language ?? languageOf(ctx.user) })),
});
