import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed } from '../../server/http/routes';
import { languageOf } from '../settings/language';
import { getDashboard } from './service';

export function dashboardRest(deps: AppDeps) {
  return new Elysia({ name: 'dashboard-rest' }).get(
    '/api/dashboard',
    handleAuthed(deps, (ctx) => getDashboard({ db: deps.db, userId: ctx.user.id, language: languageOf(ctx.user) })),
  );
}
