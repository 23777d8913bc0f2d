import { languageOf } from '../settings/language';
import { binary, defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZTemplate, ZTemplateList } from './schemas';
import { getTemplate, listTemplates, templateBackgroundResponse, templateThumbnailResponse } from './service';

export const templatesRoutes = tagged('templates', [
  defineRoute({
    method: 'GET',
    path: '/api/templates',
    summary: 'Templates',
    access: 'user',
    responses: [ok(ZTemplateList)],
    handler: (ctx) => listTemplates(languageOf(ctx.user)),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/templates/:id',
    summary: 'A template with its variables',
    access: 'user',
    responses: [ok(ZTemplate)],
    handler: (ctx, { params }) => getTemplate(params.id, languageOf(ctx.user)),
  }),
  // Catalogue art is public and cached: <img> tags need no session.
  defineRoute({
    method: 'GET',
    path: '/api/templates/:id/thumbnail.png',
    summary: 'A template thumbnail (public, cached)',
    access: 'public',
    responses: [binary('image/png')],
    handler: (ctx, { params, request }) => templateThumbnailResponse({ db: ctx.db, storage: ctx.providers.storage, id: params.id, request }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/templates/:id/background.png',
    summary: 'A template background image (public, cached; 404 for colour backgrounds)',
    access: 'public',
    responses: [binary('image/png')],
    handler: (ctx, { params, request }) => templateBackgroundResponse({ db: ctx.db, storage: ctx.providers.storage, id: params.id, request }),
  }),
]);
