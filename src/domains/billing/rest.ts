import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, parseWith } from '../../server/http/routes';
import { ZChangePlan } from './schemas';
import { changePlan, getSubscription } from './service';

export function billingRest(deps: AppDeps) {
  return new Elysia({ name: 'billing-rest' })
    .get(
      '/api/subscription',
      handleAuthed(deps, (ctx) => getSubscription({ db: deps.db, hooks: deps.hooks, userId: ctx.user.id, billing: deps.providers.billing })),
    )
    .post(
      '/api/subscription',
      handleAuthed(deps, (ctx, { body }) =>
        changePlan({ db: deps.db, hooks: deps.hooks, billing: deps.providers.billing, userId: ctx.user.id, input: parseWith(ZChangePlan, body) }),
      ),
    );
}
