import { z } from 'zod';
import type { AppContext } from '../../server/context';
import { protectedProcedure, router, sessionProcedure } from '../../server/trpc';
import { disconnect, listConnections, startConnect } from './connections';
import { refreshInsights } from './insights';
import { listPublications } from './publications';
import { publish, publishDefaults } from './publish';
import {
  ZConnectReply,
  ZConnections,
  ZDefaults,
  ZListInput,
  ZOkReply,
  ZPlatformInput,
  ZPublication,
  ZPublications,
  ZPublicationId,
  ZPublishInput,
  ZVideoInput,
} from './schemas';

// Publishing to Facebook, Instagram and YouTube (docs/decisions/229). Every read is the workspace's;
// connecting and disconnecting a platform take a browser session and an admin (the service says 403).

type Ctx = AppContext & { scope: NonNullable<AppContext['scope']> };
const publishDeps = (ctx: Ctx) => ({ db: ctx.db, queue: ctx.queue, storage: ctx.providers.storage, scope: ctx.scope, origin: ctx.linkOrigin });

export const publishingRouter = router({
  connections: protectedProcedure
    .input(z.void())
    .output(ZConnections)
    .query(({ ctx }) => listConnections({ ...ctx, scope: ctx.scope })),
  connect: sessionProcedure
    .input(ZPlatformInput)
    .output(ZConnectReply)
    .mutation(({ ctx, input }) => startConnect({ ...ctx, scope: ctx.scope, platform: input.platform, origin: ctx.linkOrigin })),
  disconnect: sessionProcedure
    .input(ZPlatformInput)
    .output(ZOkReply)
    .mutation(({ ctx, input }) => disconnect({ ...ctx, scope: ctx.scope, platform: input.platform })),
  defaults: protectedProcedure
    .input(ZVideoInput)
    .output(ZDefaults)
    .query(({ ctx, input }) => publishDefaults({ ...publishDeps(ctx), videoId: input.videoId })),
  publish: protectedProcedure
    .input(ZPublishInput)
    .output(ZPublication)
    .mutation(({ ctx, input }) => publish({ ...publishDeps(ctx), input })),
  list: protectedProcedure
    .input(ZListInput)
    .output(ZPublications)
    .query(({ ctx, input }) => listPublications({ db: ctx.db, scope: ctx.scope, ...input })),
  refreshInsights: protectedProcedure
    .input(ZPublicationId)
    .output(ZPublication)
    .mutation(({ ctx, input }) => refreshInsights({ ...ctx, scope: ctx.scope, id: input.id })),
});
