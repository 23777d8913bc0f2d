import { defineRoute, type IOOf, ok, type Route, tagged } from '../../server/http/define-route';
import { ZSettingsPatch } from '../settings/schemas';
import { updateSettings } from '../users/settings';
import { deleteLogo, uploadAvatar, uploadLogo } from './images';
import { LOGO_MESSAGES, type PublicUser, ZProfileUpdated, ZPublicUser, ZUpdateProfile } from '../users/schemas';
import { assertSelf, getUser, toPublicUser } from '../users/service';
import { updateOwnProfile } from './profile';
import { AppError } from '../../server/http/app-error';
import { requireBrowserSession } from '../../server/http/respond';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';

const settingsPatch = { access: 'user', summary: 'Partial update of the settings', body: ZSettingsPatch, responses: [ok(ZPublicUser)] } as const;

type PictureOptions = { db: Db; storage: StorageProvider; userId: string; file: Blob };

type PicturePath = `/api/users/:id/${string}`;

/**
 * An upload of one of the caller's own pictures (multipart `field`): a file is required, the service checks its bytes.
 * Declared under the path's pattern (the handler reads `:id`), typed under the caller's path (decision 228).
 */
const ownPicture = <P extends PicturePath>(path: P, summary: string, field: string, missing: string, store: (o: PictureOptions) => Promise<PublicUser>) =>
  defineRoute({
    method: 'POST',
    path: path as PicturePath,
    summary,
    access: 'user',
    file: field,
    responses: [ok(ZPublicUser)],
    handler: (ctx, { params, file }: { params: Record<'id', string>; file: unknown }) => {
      assertSelf(ctx.user.id, params.id);
      if (!(file instanceof Blob)) throw new AppError('INVALID_INPUT', missing);
      return store({ db: ctx.db, storage: ctx.providers.storage, userId: ctx.user.id, file });
    },
  }) as Route<'POST', P, IOOf<P, typeof ZPublicUser, never, never, string>>;

export const usersRoutes = tagged('users', [
  defineRoute({
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user (401 when anonymous)',
    access: 'user',
    responses: [ok(ZPublicUser)],
    handler: (ctx) => toPublicUser(ctx.user),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    summary: 'A user (only yourself)',
    access: 'user',
    responses: [ok(ZPublicUser)],
    handler: (ctx, { params }) => (assertSelf(ctx.user.id, params.id), getUser({ db: ctx.db, userId: ctx.user.id })),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/users/:id',
    summary: 'Update the profile',
    access: 'user',
    body: ZUpdateProfile,
    responses: [ok(ZProfileUpdated)],
    handler: (ctx, { params, body }) => {
      assertSelf(ctx.user.id, params.id);
      // The e-mail receives reset links: whoever changes it owns the account, so a key may not.
      if (body.email !== undefined && body.email.toLowerCase() !== ctx.user.email.toLowerCase()) requireBrowserSession(ctx);
      return updateOwnProfile({
        db: ctx.db,
        queue: ctx.queue,
        limiter: ctx.limits.emailVerification,
        userId: ctx.user.id,
        currentEmail: ctx.user.email,
        input: body,
        baseUrl: ctx.linkOrigin,
      });
    },
  }),
  ownPicture('/api/users/:id/avatar', 'Upload the profile picture (image, ≤ 5 MB)', 'avatar', 'Please choose an image file (field "avatar")', uploadAvatar),
  ownPicture('/api/users/:id/logo', "Upload the landing pages' logo (PNG, JPEG or WebP, ≤ 2 MB)", 'logo', LOGO_MESSAGES.missing, uploadLogo),
  defineRoute({
    method: 'DELETE',
    path: '/api/users/:id/logo',
    summary: "Remove the landing pages' logo",
    access: 'user',
    responses: [ok(ZPublicUser)],
    handler: (ctx, { params }) => (assertSelf(ctx.user.id, params.id), deleteLogo({ db: ctx.db, storage: ctx.providers.storage, userId: ctx.user.id })),
  }),
  defineRoute({
    ...settingsPatch,
    method: 'PATCH',
    path: '/api/users/:id/settings',
    handler: (ctx, { params, body }) => (assertSelf(ctx.user.id, params.id), updateSettings({ db: ctx.db, userId: ctx.user.id, patch: body })),
  }),
  defineRoute({
    ...settingsPatch,
    method: 'PATCH',
    path: '/api/settings',
    handler: (ctx, { body }) => updateSettings({ db: ctx.db, userId: ctx.user.id, patch: body }),
  }),
]);
