import { z } from 'zod';
import { router, sessionProcedure } from '../../server/trpc';
import { id, singleLine } from '../../shared/zod-text';
import { API_KEY_SCOPES } from '../../shared/api-key-scopes';
import { ZOk } from '../../shared/reply-schemas';
import { ZApiKeys, ZCreatedApiKey } from './schemas';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

export const ZCreateApiKey = z
  .object({
    name: singleLine('Name').trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
    /** None by default: a key reads and edits the workspace's data; 'billing' also lets it spend. */
    scopes: z
      .array(z.enum(API_KEY_SCOPES, { message: 'Unknown API key scope' }))
      .max(API_KEY_SCOPES.length)
      .optional(),
  })
  .strict();

// Keys are minted, listed and revoked from a browser session only, never with a key.
export const apiKeysRouter = router({
  list: sessionProcedure.output(ZApiKeys).query(({ ctx }) => listApiKeys({ db: ctx.db, scope: ctx.scope })),
  create: sessionProcedure
    .input(ZCreateApiKey)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createApiKey({ db: ctx.db, scope: ctx.scope, name: input.name, scopes: input.scopes })),
  revoke: sessionProcedure
    .input(z.object({ id: id('API key') }))
    .output(ZOk)
    .mutation(({ ctx, input }) => revokeApiKey({ db: ctx.db, scope: ctx.scope, id: input.id })),
});
