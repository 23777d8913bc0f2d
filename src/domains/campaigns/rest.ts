import { created, defineRoute, ok, tagged } from '../../server/http/define-route';
import { okPage, pagedJson } from '../../server/http/paged';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { campaignAnalytics } from '../tracking/analytics';
import { ZCampaignAnalyticsReply } from '../tracking/schemas';
import { ZCampaignDetail, ZCampaignListItem, ZCreateCampaign, ZListCampaigns, ZUpdateCampaign } from './schemas';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';
import { byIdRoute } from '../../server/http/by-id-route';

export const campaignsRoutes = tagged('campaigns', [
  defineRoute({
    method: 'GET',
    path: '/api/campaigns',
    summary: 'Campaigns with their real aggregates, newest first, one page at a time (next page: X-Next-Cursor / Link)',
    access: 'user',
    query: ZListCampaigns,
    responses: [okPage(ZCampaignListItem)],
    handler: async (ctx, { query, request }) => pagedJson(request, await listCampaigns({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, query })),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/campaigns',
    summary: 'Create a draft campaign',
    access: 'user',
    body: ZCreateCampaign,
    responses: [created(ZCampaignDetail)],
    handler: (ctx, { body }) => createCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, input: body }),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id',
    summary: 'A campaign with counts, budget percent, duration and metrics',
    access: 'user',
    responses: [ok(ZCampaignDetail)],
    handler: (ctx, { params }) => getCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, id: params.id }),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/campaigns/:id',
    summary: 'Edit fields or change status (launch, pause, resume, complete)',
    access: 'user',
    body: ZUpdateCampaign,
    responses: [ok(ZCampaignDetail)],
    handler: (ctx, { params, body }) => updateCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, id: params.id, input: body }),
  }),
  byIdRoute('DELETE', '/api/campaigns/:id', 'Delete a campaign (its videos are kept and unlinked)', ZDeletedOk, deleteCampaign),
  defineRoute({
    method: 'GET',
    path: '/api/campaigns/:id/analytics',
    summary: 'Views per day and per platform',
    access: 'user',
    responses: [ok(ZCampaignAnalyticsReply)],
    handler: (ctx, { params }) => campaignAnalytics({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, campaignId: params.id }),
  }),
]);
