import { router, sessionProcedure } from '../../server/trpc';
import { ZIntegration, ZIntegrationList, ZIntegrationRef, ZSaveIntegration } from './schemas';
import { listIntegrations, removeIntegration, saveIntegration, testIntegration } from './service';

// Settings → Integrations: from a browser session only (a key never reads or changes keys); admins only (the service says 403).
export const integrationsRouter = router({
  list: sessionProcedure.output(ZIntegrationList).query(({ ctx }) => listIntegrations(ctx)),
  save: sessionProcedure.input(ZSaveIntegration).output(ZIntegration).mutation(({ ctx, input }) => saveIntegration({ ...ctx, input })),
  test: sessionProcedure.input(ZIntegrationRef).output(ZIntegration).mutation(({ ctx, input }) => testIntegration({ ...ctx, provider: input.provider })),
  remove: sessionProcedure.input(ZIntegrationRef).output(ZIntegration).mutation(({ ctx, input }) => removeIntegration({ ...ctx, provider: input.provider })),
});
