import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZChangePlan, ZSubscription } from './schemas';
import { changePlan, getSubscription, IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE } from './service';
import { invalidInput } from '../../server/http/app-error';
import { requireSpending } from '../../server/http/respond';

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
    summary:
      'Change the plan (records an invoice). Choosing the plan and cycle already running charges nothing; an `Idempotency-Key` header makes a retry replay the answer. A browser session, or an API key with the billing scope.',
    access: 'user',
    body: ZChangePlan,
    responses: [ok(ZSubscription)],
    handler: (ctx, { body, request }) => {
      requireSpending(ctx);
      const requestKey = request.headers.get('idempotency-key');
      if (requestKey !== null && !IDEMPOTENCY_KEY.test(requestKey)) throw invalidInput(IDEMPOTENCY_KEY_MESSAGE);
      return changePlan({ db: ctx.db, hooks: ctx.hooks, billing: ctx.providers.billing, scope: ctx.scope, input: body, requestKey });
    },
  }),
]);
