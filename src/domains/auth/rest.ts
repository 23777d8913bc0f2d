import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { secretBoxFor } from '../../server/crypto';
import { handle, json, parseWith } from '../../server/http/routes';
import { baseUrlOf } from '../../server/http/base-url';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ZForgotPassword, ZLogin, ZRegister, ZResetPassword } from './schemas';
import { login, register } from './service';
import { CODE_REQUIRED, completeTwoFactorLogin } from './two-factor-login';
import { ZLoginTwoFactor } from './two-factor-schemas';

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
        const out = await login({ db: deps.db, auth: deps.auth, input: parseWith(ZLogin, body), ip: ctx.ip, limits: deps.limits });
        // Two-factor accounts: 401 with a pending token, no session (docs/decisions/160).
        if (out.twoFactorRequired) return json({ message: CODE_REQUIRED, twoFactorRequired: true, pendingToken: out.pendingToken }, { status: 401 });
        if (ctx.session) await deps.auth.invalidateSession(ctx.session.id);
        return json(out.user, { headers: { 'set-cookie': cookieFor(out.session.id) } });
      }),
    )
    .post(
      '/api/login/two-factor',
      handle(deps, async (ctx, { body }) => {
        const input = parseWith(ZLoginTwoFactor, body);
        const { user, session } = await completeTwoFactorLogin({
          db: deps.db,
          box: secretBoxFor(deps.env),
          auth: deps.auth,
          input,
          ip: ctx.ip,
          limits: deps.limits,
        });
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
