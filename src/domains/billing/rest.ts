import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZChangePlan, ZSubscription } from './schemas';
import { changePlan, getSubscription } from './service';

export const billingRoutes = tagged('billing', [
  defineRoute({
    method: 'GET',
    path: '/api/subscription',
    summary: 'Plan, status, trial and renewal dates, usage and invoices',
    access: 'user',
    responses: [ok(ZSubscription)],
    handler: (ctx) => getSubscription({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, billing: ctx.providers.billing }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/subscription',
    summary: 'Change the plan (records an invoice)',
    access: 'user',
    body: ZChangePlan,
    responses: [ok(ZSubscription)],
    handler: (ctx, { body }) => changePlan({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input: body }),
  }),
]);
