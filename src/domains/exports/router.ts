import { router, sessionProcedure } from '../../server/trpc';
import { ZExportView, ZExportViews, ZRequestExport } from './schemas';
import { listExports, requestExport } from './service';

// Exports hold everything the workspace has: asked for and listed from a browser session only.
export const exportsRouter = router({
  list: sessionProcedure.output(ZExportViews).query(({ ctx }) => listExports({ db: ctx.db, scope: ctx.scope })),
  request: sessionProcedure
    .input(ZRequestExport)
    .output(ZExportView)
    .mutation(({ ctx, input }) =>
      requestExport({ db: ctx.db, storage: ctx.providers.storage, queue: ctx.queue, scope: ctx.scope, input, linkOrigin: ctx.linkOrigin }),
    ),
});
