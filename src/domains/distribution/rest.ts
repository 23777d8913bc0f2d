import { PAGE_HEADERS, pagedObject } from '../../server/http/paged';
import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { byIdRoute } from '../../server/http/row-routes';
import { created, defineRoute, ok, planLimit, tagged } from '../../server/http/define-route';
import { json } from '../../server/http/respond';
import { fromAcceptLanguage } from '../../server/i18n/translate';
import { landingPage, notFoundPage, preparingPage, removedPage, unsubscribePage } from './pages';
import { isRemovedLink } from './removed-links';
import { clientIp } from '../../server/http/client-ip';
import { issuePageToken } from '../tracking/page-token';
import { recipientMedia, type MediaKind } from './media';
import { landingData, unsubscribe, unsubscribeState } from './public';
import {
  ZDeliveriesQuery,
  ZDeliveryList,
  ZDistribute,
  ZDistributeReply,
  ZDistributionDetail,
  ZDistributionProgress,
  ZShareReply,
  ZShareVideo,
  ZUnshareReply,
  ZVideoShare,
} from './schemas';
import { getShare, revokeShare, shareLandingData, shareVideo } from './shares';
import { distributionProgress, getDistribution, listVideoDeliveries } from './reads';
import { recipientRenderMedia } from './recipient-render';
import { testLandingData } from './recipient-version';
import { distribute } from './service';

/** Whoever opens a public page without a known recipient: their browser's language, else English. */
const readerLanguage = (request: Request) => fromAcceptLanguage(request.headers.get('accept-language')) ?? 'en';

const MEDIA = new Set<string>(['video.mp4', 'captions.vtt', 'poster.jpg', 'preview.gif'] satisfies MediaKind[]);

/** The spec's distribute call, delivery status and share links. */
export const distributionRoutes = tagged('distribution', [
  defineRoute({
    method: 'POST',
    path: '/api/videos/:id/distribute',
    summary: 'Send a video to contacts over channels',
    access: 'user',
    body: ZDistribute,
    responses: [created(ZDistributeReply, 'Deliveries queued (and personal renders, when asked)'), planLimit],
    handler: (ctx, { params, body }) => distribute({ ...ctx, scope: ctx.scope, videoId: params.id, input: body, baseUrl: ctx.linkOrigin }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/videos/:id/share',
    summary: "The video's tracked share link /v/<token> (201 when made; regenerate replaces it)",
    access: 'user',
    body: ZShareVideo,
    responses: [created(ZVideoShare, 'A new link'), ok(ZVideoShare, 'The existing link')],
    handler: async (ctx, { params, body }) => {
      const baseUrl = ctx.linkOrigin;
      const { created, ...share } = await shareVideo({ db: ctx.db, queue: ctx.queue, scope: ctx.scope, videoId: params.id, baseUrl, ...body });
      return json(share, { status: created ? 201 : 200 });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/videos/:id/share',
    summary: "The video's share link, or null",
    access: 'user',
    responses: [ok(ZShareReply)],
    handler: async (ctx, { params }) => ({
      share: await getShare({ db: ctx.db, scope: ctx.scope, videoId: params.id, baseUrl: ctx.linkOrigin }),
    }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/videos/:id/share',
    summary: 'Turn the share link off',
    access: 'user',
    responses: [ok(ZUnshareReply)],
    handler: (ctx, { params }) => revokeShare({ db: ctx.db, scope: ctx.scope, videoId: params.id }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/videos/:id/deliveries',
    summary: 'Deliveries of a video, per contact, newest first, one page at a time (limit default 50, at most 200; nextCursor)',
    access: 'user',
    query: ZDeliveriesQuery,
    responses: [ok(ZDeliveryList, 'One page', undefined, { ...PAGE_HEADERS })],
    handler: async (ctx, { params, query, request }) =>
      pagedObject(request, await listVideoDeliveries({ db: ctx.db, scope: ctx.scope, videoId: params.id, ...query })),
  }),
  byIdRoute('GET', '/api/distributions/:id', 'A distribution with its deliveries', ZDistributionDetail, getDistribution),
  byIdRoute('GET', '/api/distributions/:id/progress', 'Render and delivery progress', ZDistributionProgress, distributionProgress),
]);

/** The public landing and unsubscribe pages (not part of the documented API). */
export function distributionPages(deps: AppDeps) {
  const db = deps.db;
  return (
    new Elysia({ name: 'distribution-pages' })
      // Public pages: the token is the key. No session, no Origin needed (mail clients post one-click unsubscribes).
      .get('/v/:token', async ({ params, query, request, server }) => {
        // A delivery's page, else a share link's (both tokens are 160 random bits).
        const data = (await landingData(db, params.token, deps.providers.storage)) ?? (await shareLandingData(db, params.token));
        if (data && 'preparing' in data) return preparingPage(readerLanguage(request));
        // Each page load gets its own signed token: its beacons are that one view (decision 206).
        if (data)
          return landingPage(
            data,
            await issuePageToken(deps.box, {
              linkToken: data.token,
              videoId: data.videoId,
              ip: clientIp(deps, request, server ?? undefined),
              // A share link opened from a published post: its opens and plays count for that post (decision 229).
              via: 'anonymous' in data && data.anonymous ? query.via : null,
            }),
          );
        return (await isRemovedLink(db, params.token)) ? removedPage(readerLanguage(request)) : notFoundPage(readerLanguage(request));
      })
      // The page a test e-mail links to: what the recipient will get, untracked (recipient-version.ts).
      .get('/v-test/:token', async ({ params, request }) => {
        const data = await testLandingData(db, deps.box, params.token);
        return data ? landingPage(data, '') : notFoundPage(readerLanguage(request));
      })
      // A recipient's own video rendered from the send step, and its captions (recipient-render.ts): the token is the render's id and its mac.
      .get('/v-test/:token/:file', async ({ params, request }) => {
        return (await recipientRenderMedia(deps, params.token, params.file, request)) ?? notFoundPage();
      })
      // A recipient's video (their opening joined to the shared part), captions and e-mail images.
      .get('/v/:token/:file', async ({ params, request }) => {
        if (!MEDIA.has(params.file)) return notFoundPage(readerLanguage(request));
        return recipientMedia(deps, params.token, params.file as MediaKind, request);
      })
      // In the recipient's language (the one their e-mail and page had); an unknown token, in their browser's.
      .get('/unsubscribe/:token', async ({ params, request }) => {
        const state = await unsubscribeState(db, params.token);
        return state ? unsubscribePage({ token: params.token, ...state }) : notFoundPage(readerLanguage(request));
      })
      .post('/unsubscribe/:token', async ({ params, request }) => {
        const state = await unsubscribe(db, params.token, deps.emit);
        return state ? unsubscribePage({ token: params.token, ...state }) : notFoundPage(readerLanguage(request));
      })
  );
}
