import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, handleAuthed, parseWith } from '../../server/http/routes';
import { ZCreateCustomAvatar, ZListAvatars } from './schemas';
import { languageOf } from '../settings/language';
import { createCustomAvatar, deleteAvatar, getCustomAvatar, listAvatars, stockThumbnailResponse, uploadAvatarSource } from './service';

export function avatarsRest(deps: AppDeps) {
  const { db, queue } = deps;
  const storage = deps.providers.storage;
  return (
    new Elysia({ name: 'avatars-rest' })
      .get(
        '/api/avatars',
        handleAuthed(deps, (ctx, { query }) => listAvatars({ db, userId: ctx.user.id, query: parseWith(ZListAvatars, query), language: languageOf(ctx.user) })),
      )
      // Stock art is nobody's data and is cached publicly: <img> tags need no session.
      .get(
        '/api/avatars/:id/thumbnail.png',
        handle(deps, (_ctx, { params, request }) => stockThumbnailResponse({ db, storage, id: params.id, request })),
      )
      .post(
        '/api/avatars/upload',
        handleAuthed(deps, (ctx, { body }) => uploadAvatarSource({ db, storage, userId: ctx.user.id, file: (body as Record<string, unknown> | null)?.image })),
      )
      .post(
        '/api/avatars/create-custom',
        handleAuthed(deps, (ctx, { body }) => createCustomAvatar({ db, queue, userId: ctx.user.id, input: parseWith(ZCreateCustomAvatar, body) })),
      )
      .get(
        '/api/avatars/custom/:id',
        handleAuthed(deps, (ctx, { params }) => getCustomAvatar({ db, userId: ctx.user.id, id: params.id })),
      )
      .delete(
        '/api/avatars/:id',
        handleAuthed(deps, (ctx, { params }) => deleteAvatar({ db, storage, userId: ctx.user.id, id: params.id })),
      )
  );
}
