import { languageOf } from '../settings/language';
import type { z } from 'zod';
import { defineRoute, ok, planLimit, tagged } from '../../server/http/define-route';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { ZAvatarList, ZAvatarUpload, ZCreateCustomAvatar, ZCustomAvatar, ZCustomAvatarCreated, ZListAvatars } from './schemas';
import { createCustomAvatar, deleteAvatar, getCustomAvatar, listAvatars, stockThumbnailResponse, uploadAvatarSource } from './service';
import { byIdRoute, publicImageRoute, uploadRoute } from '../../server/http/row-routes';

export const avatarsRoutes = tagged('avatars', [
  defineRoute({
    method: 'GET',
    path: '/api/avatars',
    summary: "Your custom avatars, then your video providers' avatars, then the stock presenters",
    access: 'user',
    query: ZListAvatars,
    responses: [ok(ZAvatarList)],
    // The service types stock and custom items alike, looser than the schema: the conformance test checks real answers.
    handler: async (ctx, { query }) =>
      listAvatars({
        db: ctx.db,
        scope: ctx.scope,
        query,
        language: languageOf(ctx.user),
        providers: await ctx.workspaceProviders(ctx.scope.workspaceId),
      }) as Promise<z.input<typeof ZAvatarList>>,
  }),
  // Stock art is nobody's data.
  publicImageRoute('/api/avatars/:id/thumbnail.png', 'A stock avatar thumbnail (public, cached)', stockThumbnailResponse),
  uploadRoute('/api/avatars/upload', 'Upload a photo or video for a custom avatar (≤ 10 MB)', 'image', [ok(ZAvatarUpload), planLimit], uploadAvatarSource),
  defineRoute({
    method: 'POST',
    path: '/api/avatars/create-custom',
    summary: 'Create a custom avatar from an upload',
    access: 'user',
    body: ZCreateCustomAvatar,
    responses: [ok(ZCustomAvatarCreated, 'Created; it is prepared in the background')],
    handler: (ctx, { body }) => createCustomAvatar({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, input: body }),
  }),
  byIdRoute('GET', '/api/avatars/custom/:id', 'Custom avatar status (processing, created, validating, done, failed)', ZCustomAvatar, getCustomAvatar),
  byIdRoute('DELETE', '/api/avatars/:id', 'Delete a custom avatar and its files', ZDeletedOk, deleteAvatar),
]);
