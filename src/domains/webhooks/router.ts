import { protectedProcedure, router } from '../../server/trpc';
import { ZCreateWebhookEndpoint, ZUpdateWebhookEndpoint, ZWebhookEndpointId } from './schemas';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, sendTestEvent, updateEndpoint } from './service';

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listEndpoints({ ...ctx, userId: ctx.user.id })),
  create: protectedProcedure.input(ZCreateWebhookEndpoint).mutation(({ ctx, input }) => createEndpoint({ ...ctx, userId: ctx.user.id, input })),
  update: protectedProcedure.input(ZUpdateWebhookEndpoint).mutation(({ ctx, input }) => updateEndpoint({ ...ctx, userId: ctx.user.id, input })),
  delete: protectedProcedure.input(ZWebhookEndpointId).mutation(({ ctx, input }) => deleteEndpoint({ ...ctx, userId: ctx.user.id, id: input.id })),
  test: protectedProcedure.input(ZWebhookEndpointId).mutation(({ ctx, input }) => sendTestEvent({ ...ctx, userId: ctx.user.id, id: input.id })),
  deliveries: protectedProcedure.input(ZWebhookEndpointId).query(({ ctx, input }) => listDeliveries({ ...ctx, userId: ctx.user.id, id: input.id })),
});
