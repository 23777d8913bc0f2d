import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handle, json, parseWith } from '../../server/http/routes';
import { baseUrlOf } from '../../server/http/base-url';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword } from './schemas';
import { login, register } from './service';

export function authRest(deps: AppDeps) {
  const cookieFor = (sessionId: string) => deps.auth.createSessionCookie(sessionId).serialize();
  return new Elysia({ name: 'auth-rest' })
    .post(
      '/api/register',
      handle(deps, async (ctx, { body }) => {
        const input = parseWith(ZRegister, body);
        const { user, session } = await register({ db: deps.db, auth: deps.auth, input, ip: ctx.ip, limiter: deps.limits.signup });
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
    )
    .post(
      '/api/password/forgot',
      handle(deps, (ctx, { body, request }) =>
        requestPasswordReset({
          queue: deps.queue,
          input: parseWith(ZForgotPassword, body),
          baseUrl: baseUrlOf(deps.env, new URL(request.url).origin),
          ip: ctx.ip,
          limiter: deps.limits.passwordReset,
        }).then((r) => ({ ...r, sandbox: deps.providers.email.sandbox })),
      ),
    )
    .post(
      '/api/password/reset',
      handle(deps, (_ctx, { body }) => resetPassword({ db: deps.db, auth: deps.auth, input: parseWith(ZResetPassword, body) })),
    );
}
