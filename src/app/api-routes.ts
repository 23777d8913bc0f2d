import { z } from 'zod';
import { authRoutes } from '../domains/auth/rest';
import { avatarsRoutes } from '../domains/avatars/rest';
import { billingRoutes } from '../domains/billing/rest';
import { campaignsRoutes } from '../domains/campaigns/rest';
import { contactsRoutes } from '../domains/contacts/rest';
import { dashboardRoutes } from '../domains/dashboard/rest';
import { distributionRoutes } from '../domains/distribution/rest';
import { generationRoutes } from '../domains/generation/rest';
import { scriptsRoutes } from '../domains/scripts/rest';
import { socialRoutes } from '../domains/social/rest';
import { templatesRoutes } from '../domains/templates/rest';
import { trackingRoutes } from '../domains/tracking/rest';
import { usersRoutes } from '../domains/account/rest';
import { videoLibraryRoutes } from '../domains/video-library/rest';
import { videosRoutes } from '../domains/videos/rest';
import { voicesRoutes } from '../domains/voices/rest';
import { integrationsRoutes } from '../domains/integrations/rest';
import { defineRoute, error, ok, type Route, type RouteTable, tagged } from '../server/http/define-route';
import { readiness, ZReadiness } from '../server/http/health';
import { json } from '../server/http/respond';
import { openApiDocument } from '../server/http/openapi';

const ZHealth = z.object({ ok: z.literal(true) });
const ZDocument = z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) });

const systemRoutes = tagged('system', [
  defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Readiness: the database and the file storage answer (503 when one does not)',
    access: 'public',
    responses: [ok(ZReadiness), error(503, 'The database or the file storage did not answer')],
    handler: async (ctx) => {
      const state = await readiness({ db: ctx.db, storage: ctx.providers.storage });
      return state.ok ? state : json(state, { status: 503, headers: { 'cache-control': 'no-store' } });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/health/live',
    summary: 'Liveness: the process serves requests (no database or storage call)',
    access: 'public',
    responses: [ok(ZHealth)],
    handler: () => ({ ok: true as const }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This document',
    access: 'public',
    responses: [ok(ZDocument)],
    // Typed here: the table's type is read from these declarations, this one included.
    handler: (): z.input<typeof ZDocument> => openApiDocument(API_ROUTES) as z.input<typeof ZDocument>,
  }),
]);

/**
 * The documented /api/* surface: every operation, once. app.ts mounts exactly these and
 * /api/openapi.json describes exactly these (the order is the document's).
 */
export const API_ROUTES = [
  ...systemRoutes,
  ...authRoutes,
  ...usersRoutes,
  ...billingRoutes,
  ...dashboardRoutes,
  ...campaignsRoutes,
  ...videosRoutes,
  ...videoLibraryRoutes,
  ...trackingRoutes,
  ...avatarsRoutes,
  ...generationRoutes,
  ...voicesRoutes,
  ...integrationsRoutes,
  ...templatesRoutes,
  ...scriptsRoutes,
  ...contactsRoutes,
  ...socialRoutes,
  ...distributionRoutes,
] as const satisfies readonly Route[];

/** What each operation takes and answers, by `"METHOD /path"`: the web's REST client is typed from it (decision 228). */
export type ApiRoutes = RouteTable<(typeof API_ROUTES)[number]>;
