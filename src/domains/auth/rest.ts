import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, json, parseWith } from '../../server/http/routes';
import { ZLogin, ZRegister } from './schemas';
import { login, register } from './service';

export function authRest(deps: AppDeps) {
  const cookieFor = (sessionId: string) => deps.auth.createSessionCookie(sessionId).serialize();
  return new Elysia({ name: 'auth-rest' })
    .post(
      '/api/register',
      handle(deps, async (ctx, { body }) => {
        const { user, session } = await register({ db: deps.db, auth: deps.auth, input: parseWith(ZRegister, body) });
        return json(user, { status: 201, headers: { 'set-cookie': cookieFor(session.id) } });
      }),
    )
    .post(
      '/api/login',
      handle(deps, async (ctx, { body }) => {
        const { user, session } = await login({ db: deps.db, auth: deps.auth, input: parseWith(ZLogin, body), ip: ctx.ip, limits: deps.limits });
        if (ctx.session) await deps.auth.invalidateSession(ctx.session.id);
        return json(user, { headers: { 'set-cookie': cookieFor(session.id) } });
      }),
    )
    .post(
      '/api/logout',
      handle(deps, async (ctx) => {
        if (ctx.session) await deps.auth.invalidateSession(ctx.session.id);
        return json({ ok: true }, { headers: { 'set-cookie': deps.auth.createBlankSessionCookie().serialize() } });
      }),
    );
}
