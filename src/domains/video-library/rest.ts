import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { serveFile } from '../../server/http/files-route';
import { handleAuthed } from '../../server/http/routes';
import { videoDownload } from './copy';
import { removeVideo } from './removal';

export function videoLibraryRest(deps: AppDeps) {
  const db = deps.db;
  return new Elysia({ name: 'video-library-rest' })
    .delete(
      '/api/videos/:id',
      handleAuthed(deps, (ctx, { params }) => removeVideo({ db, storage: deps.providers.storage, userId: ctx.user.id, id: params.id })),
    )
    .get(
      '/api/videos/:id/download',
      handleAuthed(deps, async (ctx, { params, request }) => {
        const { key, disposition } = await videoDownload({ db, userId: ctx.user.id, id: params.id });
        // The same file answer as /files/ (type, nosniff, byte ranges), as an attachment.
        const res = await serveFile(db, deps.providers.storage, key, request);
        if (res.ok) res.headers.set('content-disposition', disposition);
        return res;
      }),
    );
}
