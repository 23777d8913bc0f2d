import { languageOf } from '../settings/language';
import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { publicImageRoute } from '../../server/http/row-routes';
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
  publicImageRoute('/api/templates/:id/thumbnail.png', 'A template thumbnail (public, cached)', templateThumbnailResponse),
  publicImageRoute('/api/templates/:id/background.png', 'A template background image (public, cached; 404 for colour backgrounds)', templateBackgroundResponse),
]);
