import { protectedProcedure, router } from '../../server/trpc';
import { languageOf } from '../settings/language';
import { getDashboard } from './service';

export const dashboardRouter = router({
  get: protectedProcedure.query(({ ctx }) => getDashboard({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, language: languageOf(ctx.user) })),
});
