import { protectedProcedure, router } from '../../server/trpc';
import { ZCreateWebhookEndpoint, ZUpdateWebhookEndpoint, ZWebhookEndpointId } from './schemas';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, sendTestEvent, updateEndpoint } from './service';

export const webhooksRouter = router({
  list: protectedProcedure.query(({ ctx }) => listEndpoints(ctx)),
  create: protectedProcedure.input(ZCreateWebhookEndpoint).mutation(({ ctx, input }) => createEndpoint({ ...ctx, input })),
  update: protectedProcedure.input(ZUpdateWebhookEndpoint).mutation(({ ctx, input }) => updateEndpoint({ ...ctx, input })),
  delete: protectedProcedure.input(ZWebhookEndpointId).mutation(({ ctx, input }) => deleteEndpoint({ ...ctx, id: input.id })),
  test: protectedProcedure.input(ZWebhookEndpointId).mutation(({ ctx, input }) => sendTestEvent({ ...ctx, id: input.id })),
  deliveries: protectedProcedure.input(ZWebhookEndpointId).query(({ ctx, input }) => listDeliveries({ ...ctx, id: input.id })),
});
