import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, handleAuthed } from '../../server/http/routes';
import { getTemplate, listTemplates, templateBackgroundResponse, templateThumbnailResponse } from './service';

export function templatesRest(deps: AppDeps) {
  const { db } = deps;
  const storage = deps.providers.storage;
  return (
    new Elysia({ name: 'templates-rest' })
      .get(
        '/api/templates',
        handleAuthed(deps, () => listTemplates()),
      )
      .get(
        '/api/templates/:id',
        handleAuthed(deps, (_ctx, { params }) => getTemplate(params.id)),
      )
      // Catalogue art is public and cached: <img> tags need no session.
      .get(
        '/api/templates/:id/thumbnail.png',
        handle(deps, (_ctx, { params, request }) => templateThumbnailResponse({ db, storage, id: params.id, request })),
      )
      .get(
        '/api/templates/:id/background.png',
        handle(deps, (_ctx, { params, request }) => templateBackgroundResponse({ db, storage, id: params.id, request })),
      )
  );
}
