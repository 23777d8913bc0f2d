import { created, defineRoute, ok, tagged } from '../../server/http/define-route';
import { okPage, pagedJson } from '../../server/http/paged';
import { ZCreateVideo, ZListVideos, ZUpdateVideo, ZVideo } from './schemas';
import { createVideo, getVideo, listVideos, updateVideo } from './service';
import { byIdRoute } from '../../server/http/by-id-route';

export const videosRoutes = tagged('videos', [
  defineRoute({
    method: 'GET',
    path: '/api/videos',
    summary: 'Your videos (optional campaignId), newest first, one page at a time (next page: X-Next-Cursor / Link)',
    access: 'user',
    query: ZListVideos,
    responses: [okPage(ZVideo)],
    handler: async (ctx, { query, request }) => pagedJson(request, await listVideos({ db: ctx.db, scope: ctx.scope, query })),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/videos',
    summary: 'Save a finished video',
    access: 'user',
    body: ZCreateVideo,
    responses: [created(ZVideo)],
    handler: (ctx, { body }) => createVideo({ db: ctx.db, scope: ctx.scope, input: body }),
  }),
  byIdRoute('GET', '/api/videos/:id', 'A video', ZVideo, getVideo),
  defineRoute({
    method: 'PATCH',
    path: '/api/videos/:id',
    summary: 'Rename, move to a campaign, publish',
    access: 'user',
    body: ZUpdateVideo,
    responses: [ok(ZVideo)],
    handler: (ctx, { params, body }) => updateVideo({ db: ctx.db, scope: ctx.scope, id: params.id, input: body }),
  }),
]);
