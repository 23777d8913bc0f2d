import { protectedProcedure, router } from '../../server/trpc';
import {
  ZCreateWebhookEndpoint,
  ZUpdateWebhookEndpoint,
  ZWebhookDeleted,
  ZWebhookDeliveries,
  ZWebhookEndpoint,
  ZWebhookEndpointCreated,
  ZWebhookEndpointId,
  ZWebhookEndpointList,
  ZWebhookTestSent,
} from './schemas';
import { createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, sendTestEvent, updateEndpoint } from './service';

export const webhooksRouter = router({
  list: protectedProcedure.output(ZWebhookEndpointList).query(({ ctx }) => listEndpoints(ctx)),
  create: protectedProcedure
    .input(ZCreateWebhookEndpoint)
    .output(ZWebhookEndpointCreated)
    .mutation(({ ctx, input }) => createEndpoint({ ...ctx, input })),
  update: protectedProcedure
    .input(ZUpdateWebhookEndpoint)
    .output(ZWebhookEndpoint)
    .mutation(({ ctx, input }) => updateEndpoint({ ...ctx, input })),
  delete: protectedProcedure.input(ZWebhookEndpointId).output(ZWebhookDeleted).mutation(({ ctx, input }) => deleteEndpoint({ ...ctx, id: input.id })),
  test: protectedProcedure.input(ZWebhookEndpointId).output(ZWebhookTestSent).mutation(({ ctx, input }) => sendTestEvent({ ...ctx, id: input.id })),
  deliveries: protectedProcedure
    .input(ZWebhookEndpointId)
    .output(ZWebhookDeliveries)
    .query(({ ctx, input }) => listDeliveries({ ...ctx, id: input.id })),
});
