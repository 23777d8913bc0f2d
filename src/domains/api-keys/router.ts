import { z } from 'zod';
import { id, singleLine } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

export const ZCreateApiKey = z.object({ name: singleLine('Name').trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters') }).strict();

export const apiKeysRouter = router({
  list: protectedProcedure.query(({ ctx }) => listApiKeys({ db: ctx.db, userId: ctx.user.id })),
  create: protectedProcedure.input(ZCreateApiKey).mutation(({ ctx, input }) => createApiKey({ db: ctx.db, userId: ctx.user.id, name: input.name })),
  revoke: protectedProcedure.input(z.object({ id: id('API key') })).mutation(({ ctx, input }) => revokeApiKey({ db: ctx.db, userId: ctx.user.id, id: input.id })),
});
