import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { requireBrowserSession, requireUser } from '../../server/http/respond';
import { handle } from '../../server/http/routes';
import { openExportDownload } from './service';

/**
 * The archive download: a workspace admin's browser session only (another workspace's id, an
 * unfinished or an expired export: 404), streamed from storage as an attachment. Not part of the /api surface.
 */
export function exportsPages(deps: AppDeps) {
  return new Elysia({ name: 'exports-pages' }).get(
    '/exports/:id/download',
    handle(deps, async (ctx, { params }) => {
      requireUser(ctx);
      requireBrowserSession(ctx);
      const file = await openExportDownload({ db: deps.db, storage: deps.providers.storage, scope: ctx.scope!, id: params.id });
      return new Response(file.blob.stream(), {
        headers: {
          'content-type': 'application/zip',
          'content-length': String(file.size),
          'content-disposition': `attachment; filename="${file.filename}"`,
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    }),
  );
}
