import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, handleAuthed, json, parseWith } from '../../server/http/routes';
import { ZTemplateGenerate } from '../generation/schemas';
import { generateFromTemplate } from '../generation/service';
import { languageOf } from '../settings/language';
import { getTemplate, listTemplates, templateBackgroundResponse, templateThumbnailResponse } from './service';

export function templatesRest(deps: AppDeps) {
  const { db } = deps;
  const storage = deps.providers.storage;
  return (
    new Elysia({ name: 'templates-rest' })
      .get(
        '/api/templates',
        handleAuthed(deps, (ctx) => listTemplates(languageOf(ctx.user))),
      )
      .get(
        '/api/templates/:id',
        handleAuthed(deps, (ctx, { params }) => getTemplate(params.id, languageOf(ctx.user))),
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
      .post(
        '/api/templates/:id/generate',
        handleAuthed(deps, async (ctx, { params, body }) =>
          json(await generateFromTemplate(deps, ctx.user.id, params.id, parseWith(ZTemplateGenerate, body), languageOf(ctx.user)), { status: 201 }),
        ),
      )
  );
}
