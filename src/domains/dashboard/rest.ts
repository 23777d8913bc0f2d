import { languageOf } from '../settings/language';
import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZDashboard } from './schemas';
import { getDashboard } from './service';

export const dashboardRoutes = tagged('dashboard', [
  defineRoute({
    method: 'GET',
    path: '/api/dashboard',
    summary: 'Video count, views, engagement, credits, top 5 campaigns, popular templates',
    access: 'user',
    responses: [ok(ZDashboard)],
    handler: (ctx) => getDashboard({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, language: languageOf(ctx.user) }),
  }),
]);
