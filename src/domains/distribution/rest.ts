import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, json, parseWith } from '../../server/http/routes';
import { landingPage, notFoundPage, unsubscribePage } from './pages';
import { recipientMedia, type MediaKind } from './media';
import { landingData, unsubscribe, unsubscribeState } from './public';
import { ZDeliveriesQuery, ZDistribute, ZShareVideo } from './schemas';
import { getShare, revokeShare, shareLandingData, shareVideo } from './shares';
import { baseUrlOf } from '../../server/http/base-url';
import { distributionProgress, getDistribution, listVideoDeliveries } from './reads';
import { distribute } from './service';

const MEDIA = new Set<string>(['video.mp4', 'captions.vtt', 'poster.jpg', 'preview.gif'] satisfies MediaKind[]);

/** The spec's distribute call, delivery status, and the public landing and unsubscribe pages. */
export function distributionRest(deps: AppDeps) {
  const db = deps.db;
  return (
    new Elysia({ name: 'distribution-rest' })
      .post(
        '/api/videos/:id/distribute',
        handleAuthed(deps, async (ctx, { params, body, request }) => {
          const input = parseWith(ZDistribute, body);
          const r = await distribute({ ...deps, userId: ctx.user.id, videoId: params.id, input, baseUrl: baseUrlOf(deps.env, new URL(request.url).origin) });
          return json(r, { status: 201 });
        }),
      )
      .get(
        '/api/videos/:id/deliveries',
        handleAuthed(deps, (ctx, { params, query }) =>
          listVideoDeliveries({ db, userId: ctx.user.id, videoId: params.id, ...parseWith(ZDeliveriesQuery, query) }),
        ),
      )
      .post(
        '/api/videos/:id/share',
        handleAuthed(deps, async (ctx, { params, body, request }) => {
          const input = parseWith(ZShareVideo, body === undefined || body === null || body === '' ? {} : body);
          const { created, ...share } = await shareVideo({
            db,
            userId: ctx.user.id,
            videoId: params.id,
            baseUrl: baseUrlOf(deps.env, new URL(request.url).origin),
            ...input,
          });
          return json(share, { status: created ? 201 : 200 });
        }),
      )
      .get(
        '/api/videos/:id/share',
        handleAuthed(deps, async (ctx, { params, request }) => ({
          share: await getShare({ db, userId: ctx.user.id, videoId: params.id, baseUrl: baseUrlOf(deps.env, new URL(request.url).origin) }),
        })),
      )
      .delete(
        '/api/videos/:id/share',
        handleAuthed(deps, (ctx, { params }) => revokeShare({ db, userId: ctx.user.id, videoId: params.id })),
      )
      .get(
        '/api/distributions/:id',
        handleAuthed(deps, (ctx, { params }) => getDistribution({ db, userId: ctx.user.id, id: params.id })),
      )
      .get(
        '/api/distributions/:id/progress',
        handleAuthed(deps, (ctx, { params }) => distributionProgress({ db, userId: ctx.user.id, id: params.id })),
      )
      // Public pages: the token is the key. No session, no Origin needed (mail clients post one-click unsubscribes).
      .get('/v/:token', async ({ params }) => {
        // A delivery's page, else a share link's (both tokens are 160 random bits).
        const data = (await landingData(db, params.token)) ?? (await shareLandingData(db, params.token));
        return data ? landingPage(data) : notFoundPage();
      })
      // A recipient's video (their opening joined to the shared part), captions and e-mail images.
      .get('/v/:token/:file', async ({ params, request }) => {
        if (!MEDIA.has(params.file)) return notFoundPage();
        return recipientMedia(deps, params.token, params.file as MediaKind, request);
      })
      .get('/unsubscribe/:token', async ({ params }) => {
        const state = await unsubscribeState(db, params.token);
        return state ? unsubscribePage({ token: params.token, ...state }) : notFoundPage();
      })
      .post('/unsubscribe/:token', async ({ params }) => {
        const state = await unsubscribe(db, params.token);
        return state ? unsubscribePage({ token: params.token, ...state }) : notFoundPage();
      })
  );
}
