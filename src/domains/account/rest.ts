import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { AppError } from '../../server/http/app-error';
import { requireBrowserSession } from '../../server/http/request-context';
import { handle, handleAuthed, json, parseWith } from '../../server/http/routes';
import { ZSettingsPatch } from '../settings/schemas';
import { updateSettings } from '../users/settings';
import { LOGO_MESSAGES, ZUpdateProfile } from '../users/schemas';
import { assertSelf, getUser, toPublicUser, updateProfile } from '../users/service';
import { uploadAvatar } from './avatar';
import { deleteLogo, uploadLogo } from './brand';

export function usersRest(deps: AppDeps) {
  return new Elysia({ name: 'users-rest' })
    .get(
      '/api/user',
      handle(deps, async (ctx) => {
        if (!ctx.user) return json({ message: 'Not authenticated' }, { status: 401 });
        return toPublicUser(ctx.user);
      }),
    )
    .get(
      '/api/users/:id',
      handleAuthed(deps, (ctx, { params }) => (assertSelf(ctx.user.id, params.id), getUser(deps.db, ctx.user.id))),
    )
    .patch(
      '/api/users/:id',
      handleAuthed(deps, (ctx, { params, body }) => {
        assertSelf(ctx.user.id, params.id);
        const input = parseWith(ZUpdateProfile, body);
        // The e-mail receives reset links: whoever changes it owns the account, so a key may not.
        if (input.email !== undefined && input.email.toLowerCase() !== ctx.user.email.toLowerCase()) requireBrowserSession(ctx);
        return updateProfile({ db: deps.db, userId: ctx.user.id, input });
      }),
    )
    .post(
      '/api/users/:id/avatar',
      handleAuthed(deps, async (ctx, { params, body }) => {
        assertSelf(ctx.user.id, params.id);
        const file = (body as Record<string, unknown> | null)?.avatar;
        if (!(file instanceof Blob)) throw new AppError('BAD_REQUEST', 'Please choose an image file (field "avatar")');
        return uploadAvatar({ db: deps.db, storage: deps.providers.storage, userId: ctx.user.id, file });
      }),
    )
    .post(
      '/api/users/:id/logo',
      handleAuthed(deps, async (ctx, { params, body }) => {
        assertSelf(ctx.user.id, params.id);
        const file = (body as Record<string, unknown> | null)?.logo;
        if (!(file instanceof Blob)) throw new AppError('BAD_REQUEST', LOGO_MESSAGES.missing);
        return uploadLogo({ db: deps.db, storage: deps.providers.storage, userId: ctx.user.id, file });
      }),
    )
    .delete(
      '/api/users/:id/logo',
      handleAuthed(
        deps,
        (ctx, { params }) => (assertSelf(ctx.user.id, params.id), deleteLogo({ db: deps.db, storage: deps.providers.storage, userId: ctx.user.id })),
      ),
    )
    .patch(
      '/api/users/:id/settings',
      handleAuthed(deps, (ctx, { params, body }) => {
        assertSelf(ctx.user.id, params.id);
        return updateSettings({ db: deps.db, userId: ctx.user.id, patch: parseWith(ZSettingsPatch, body) });
      }),
    )
    .patch(
      '/api/settings',
      handleAuthed(deps, (ctx, { body }) => updateSettings({ db: deps.db, userId: ctx.user.id, patch: parseWith(ZSettingsPatch, body) })),
    );
}
