import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZDeletedOk } from '../../shared/reply-schemas';
import { ZCampaignDetail, ZCampaignId, ZCampaignNameList, ZCampaignNames, ZCampaignPage, ZCreateCampaign, ZListCampaigns, ZUpdateCampaign } from './schemas';
import { campaignNames, createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';

export const campaignsRouter = router({
  /** One page ({ items, nextCursor }): limit (default 50, max 200), cursor, and the list's filters. */
  list: protectedProcedure
    .input(ZListCampaigns.optional())
    .output(ZCampaignPage)
    .query(({ ctx, input }) => listCampaigns({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, query: input })),
  /** Names of the given campaigns (pickers show where each video is). */
  names: protectedProcedure
    .input(ZCampaignNames)
    .output(ZCampaignNameList)
    .query(({ ctx, input }) => campaignNames({ db: ctx.db, scope: ctx.scope, ids: input.ids })),
  byId: protectedProcedure
    .input(ZCampaignId)
    .output(ZCampaignDetail)
    .query(({ ctx, input }) => getCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, id: input.id })),
  create: protectedProcedure
    .input(ZCreateCampaign)
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => createCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, input })),
  update: protectedProcedure
    .input(z.object({ id: id('campaign'), patch: ZUpdateCampaign }).strict())
    .output(ZCampaignDetail)
    .mutation(({ ctx, input }) => updateCampaign({ db: ctx.db, hooks: ctx.hooks, scope: ctx.scope, id: input.id, input: input.patch })),
  delete: protectedProcedure
    .input(ZCampaignId)
    .output(ZDeletedOk)
    .mutation(({ ctx, input }) => deleteCampaign({ db: ctx.db, scope: ctx.scope, id: input.id })),
});
