import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed } from '../../server/http/routes';
import { getDashboard } from './service';

export function dashboardRest(deps: AppDeps) {
  return new Elysia({ name: 'dashboard-rest' }).get(
    '/api/dashboard',
    handleAuthed(deps, (ctx) => getDashboard({ db: deps.db, hooks: deps.hooks, userId: ctx.user.id })),
  );
}
