import { protectedProcedure, router, sessionProcedure } from '../../server/trpc';
import { ZSupportRequest, ZSupportRequestRef, ZSupportRequestView } from './schemas';
import { createSupportRequest, getSupportRequest } from './service';

// Written from the Help page (a browser session); replies go to the signed-in user's address.
export const supportRouter = router({
  create: sessionProcedure
    .input(ZSupportRequest)
    .output(ZSupportRequestView)
    .mutation(({ ctx, input }) =>
      createSupportRequest({ db: ctx.db, queue: ctx.queue, limiter: ctx.limits.supportRequest, scope: ctx.scope, replyTo: ctx.user.email, input }),
    ),
  get: protectedProcedure
    .input(ZSupportRequestRef)
    .output(ZSupportRequestView)
    .query(({ ctx, input }) => getSupportRequest({ db: ctx.db, scope: ctx.scope, id: input.id })),
});
