import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, json, parseWith } from '../../server/http/routes';
import { ZCreateVideo, ZListVideos, ZUpdateVideo } from './schemas';
import { createVideo, getVideo, listVideos, updateVideo } from './service';

export function videosRest(deps: AppDeps) {
  const db = deps.db;
  return new Elysia({ name: 'videos-rest' })
    .get(
      '/api/videos',
      handleAuthed(deps, (ctx, { query }) => listVideos({ db, userId: ctx.user.id, query: parseWith(ZListVideos, query) })),
    )
    .get(
      '/api/videos/:id',
      handleAuthed(deps, (ctx, { params }) => getVideo({ db, userId: ctx.user.id, id: params.id })),
    )
    .post(
      '/api/videos',
      handleAuthed(deps, async (ctx, { body }) => json(await createVideo({ db, userId: ctx.user.id, input: parseWith(ZCreateVideo, body) }), { status: 201 })),
    )
    .patch(
      '/api/videos/:id',
      handleAuthed(deps, (ctx, { params, body }) => updateVideo({ db, userId: ctx.user.id, id: params.id, input: parseWith(ZUpdateVideo, body) })),
    );
}
