import { created, defineRoute, error, ok, tagged, tooMany } from '../../server/http/define-route';
import { json } from '../../server/http/respond';
import { ZPublicUser } from '../users/schemas';
import { requestPasswordReset, resetPassword } from './password-reset';
import { ZForgotPassword, ZForgotReply, ZLogin, ZLogoutReply, ZRegister, ZResetPassword, ZResetReply } from './schemas';
import { login, register } from './service';
import { CODE_REQUIRED, completeTwoFactorLogin } from './two-factor-login';
import { ZConfirmEmail, ZConfirmEmailReply, ZLoginRefused, ZLoginTwoFactor } from './schemas';
import { confirmEmail, resendEmailVerification } from './email-verification';
import { ZOk } from '../../shared/reply-schemas';

const SIGNED_IN = 'Signed in: the session cookie is set';

export const authRoutes = tagged('auth', [
  defineRoute({
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in (starts a 15-day Pro trial)',
    access: 'public',
    body: ZRegister,
    responses: [created(ZPublicUser, SIGNED_IN)],
    handler: async (ctx, { body }) => {
      const verification = { queue: ctx.queue, baseUrl: ctx.linkOrigin };
      const { user, session } = await register({ db: ctx.db, auth: ctx.auth, input: body, ip: ctx.ip, limiter: ctx.limits.signup, verification });
      return json(user, { status: 201, headers: { 'set-cookie': ctx.auth.createSessionCookie(session.id).serialize() } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in with username or e-mail',
    access: 'public',
    body: ZLogin,
    responses: [
      ok(ZPublicUser, SIGNED_IN),
      {
        status: 401,
        description:
          'Wrong username or password; or, for an account with two-factor sign-in, a right password: `twoFactorRequired` and a 5-minute `pendingToken`, no session (POST /api/login/two-factor next)',
        schema: ZLoginRefused,
      },
      tooMany,
    ],
    handler: async (ctx, { body }) => {
      const out = await login({ db: ctx.db, auth: ctx.auth, input: body, ip: ctx.ip, limits: ctx.limits });
      // Two-factor accounts: 401 with a pending token, no session (docs/decisions/160).
      if (out.twoFactorRequired) return json({ message: CODE_REQUIRED, twoFactorRequired: true, pendingToken: out.pendingToken }, { status: 401 });
      if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
      return json(out.user, { headers: { 'set-cookie': ctx.auth.createSessionCookie(out.session.id).serialize() } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/login/two-factor',
    summary: 'Second step of a two-factor login: the pending token and a 6-digit code or a recovery code',
    access: 'public',
    body: ZLoginTwoFactor,
    responses: [ok(ZPublicUser, SIGNED_IN), error(401, 'Invalid code, or the pending token has expired'), tooMany],
    handler: async (ctx, { body }) => {
      const { user, session } = await completeTwoFactorLogin({ db: ctx.db, box: ctx.box, auth: ctx.auth, input: body, ip: ctx.ip, limits: ctx.limits });
      if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
      return json(user, { headers: { 'set-cookie': ctx.auth.createSessionCookie(session.id).serialize() } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/logout',
    summary: 'End the current session',
    access: 'public',
    responses: [ok(ZLogoutReply)],
    handler: async (ctx) => {
      if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
      return json({ ok: true }, { headers: { 'set-cookie': ctx.auth.createBlankSessionCookie().serialize() } });
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/password/forgot',
    summary: 'E-mail a one-hour password reset link',
    access: 'public',
    body: ZForgotPassword,
    responses: [ok(ZForgotReply, 'Sent when the address has an account; the same answer either way'), tooMany],
    handler: async (ctx, { body }) => {
      const baseUrl = ctx.linkOrigin;
      const r = await requestPasswordReset({ queue: ctx.queue, input: body, baseUrl, ip: ctx.ip, limiter: ctx.limits.passwordReset });
      return { ...r, sandbox: ctx.providers.email.sandbox };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/api/email/verify',
    summary: "Confirm an address with the link's token (the sign-up's address, or an e-mail change)",
    access: 'public',
    body: ZConfirmEmail,
    responses: [ok(ZConfirmEmailReply), error(409, 'The address was taken by another account meanwhile')],
    handler: (ctx, { body }) => confirmEmail({ db: ctx.db, input: body }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/email/verification',
    summary: "E-mail the signed-in user's address a new confirmation link",
    access: 'user',
    responses: [ok(ZOk), tooMany],
    handler: (ctx) =>
      resendEmailVerification({
        db: ctx.db,
        queue: ctx.queue,
        limiter: ctx.limits.emailVerification,
        userId: ctx.user.id,
        baseUrl: ctx.linkOrigin,
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/password/reset',
    summary: 'Set a new password with a reset link token',
    access: 'public',
    body: ZResetPassword,
    responses: [ok(ZResetReply)],
    handler: (ctx, { body }) => resetPassword({ db: ctx.db, auth: ctx.auth, input: body }),
  }),
]);
