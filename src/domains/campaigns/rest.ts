import { defineRoute, ok, tagged } from '../../server/http/define-route';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { campaignAnalytics } from '../tracking/analytics';
import { ZCampaignAnalyticsReply } from '../tracking/schemas';
import { ZCampaignDetail, ZCampaignListItem, ZCreateCampaign, ZListCampaigns, ZUpdateCampaign } from './schemas';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';
import { byIdRoute, createRoute, pagedRoute, updateRoute } from '../../server/http/row-routes';

export const campaignsRoutes = tagged('campaigns', [
  pagedRoute('/api/campaigns', 'Campaigns with their real aggregates, newest first', ZListCampaigns, ZCampaignListItem, listCampaigns),
  createRoute('/api/campaigns', 'Create a draft campaign', ZCreateCampaign, ZCampaignDetail, createCampaign),
  byIdRoute('GET', '/api/campaigns/:id', 'A campaign with counts, budget percent, duration and metrics', ZCampaignDetail, getCampaign),
  updateRoute('/api/campaigns/:id', 'Edit fields or change status (launch, pause, resume, complete)', ZUpdateCampaign, ZCampaignDetail, updateCampaign),
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
