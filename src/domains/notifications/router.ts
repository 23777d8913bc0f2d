import { protectedProcedure, router } from '../../server/trpc';
import { ZMarkNoticesRead, ZNoticeFeed } from './schemas';
import { listNotices, markNoticesRead } from './service';

export const notificationsRouter = router({
  /** The bell's feed and unread count. */
  list: protectedProcedure.output(ZNoticeFeed).query(({ ctx }) => listNotices({ db: ctx.db, scope: ctx.scope })),
  /** Marks the given notices read, or all without ids; answers the feed as it is now. */
  markRead: protectedProcedure
    .input(ZMarkNoticesRead)
    .output(ZNoticeFeed)
    .mutation(({ ctx, input }) => markNoticesRead({ db: ctx.db, scope: ctx.scope, ids: input.ids })),
});
