import { z } from 'zod';
import { id } from '../../shared/zod-text';
import { protectedProcedure, router } from '../../server/trpc';
import { ZCampaignId, ZCreateCampaign, ZUpdateCampaign } from './schemas';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';

export const campaignsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listCampaigns({ db: ctx.db, hooks: ctx.hooks, userId: ctx.user.id })),
  byId: protectedProcedure.input(ZCampaignId).query(({ ctx, input }) => getCampaign({ db: ctx.db, hooks: ctx.hooks, userId: ctx.user.id, id: input.id })),
  create: protectedProcedure.input(ZCreateCampaign).mutation(({ ctx, input }) => createCampaign({ db: ctx.db, hooks: ctx.hooks, userId: ctx.user.id, input })),
  update: protectedProcedure
    .input(z.object({ id: id('campaign'), patch: ZUpdateCampaign }).strict())
    .mutation(({ ctx, input }) => updateCampaign({ db: ctx.db, hooks: ctx.hooks, userId: ctx.user.id, id: input.id, input: input.patch })),
  delete: protectedProcedure.input(ZCampaignId).mutation(({ ctx, input }) => deleteCampaign({ db: ctx.db, userId: ctx.user.id, id: input.id })),
});
