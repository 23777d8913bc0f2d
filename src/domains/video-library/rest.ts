import { binary, defineRoute, error, tagged } from '../../server/http/define-route';
import { byIdRoute } from '../../server/http/row-routes';
import { serveFile } from '../files/serve';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { videoDownload } from './copy';
import { removeVideo } from './removal';

export const videoLibraryRoutes = tagged('videos', [
  byIdRoute('DELETE', '/api/videos/:id', "Delete a video, its files and its recipients' personal videos (its links then answer 410)", ZDeletedOk, removeVideo),
  defineRoute({
    method: 'GET',
    path: '/api/videos/:id/download',
    summary: 'The rendered MP4 as an attachment (byte ranges)',
    access: 'user',
    responses: [binary('video/mp4'), error(400, 'The video is stored elsewhere (an http link)')],
    handler: async (ctx, { params, request }) => {
      const { key, disposition } = await videoDownload({ db: ctx.db, scope: ctx.scope, id: params.id });
      // The same file answer as /files/ (type, nosniff, byte ranges), as an attachment.
      const res = await serveFile(ctx.db, ctx.providers.storage, key, request);
      if (res.ok) res.headers.set('content-disposition', disposition);
      return res;
    },
  }),
]);
