import { Elysia } from 'elysia';
import type { AppDeps } from '../../server/context';
import { handleAuthed, json, parseWith } from '../../server/http/routes';
import { campaignAnalytics } from '../tracking/analytics';
import { ZCreateCampaign, ZUpdateCampaign } from './schemas';
import { createCampaign, deleteCampaign, getCampaign, listCampaigns, updateCampaign } from './service';

export function campaignsRest(deps: AppDeps) {
  const db = deps.db;
  return new Elysia({ name: 'campaigns-rest' })
    .get(
      '/api/campaigns',
      handleAuthed(deps, (ctx) => listCampaigns({ db, hooks: deps.hooks, userId: ctx.user.id })),
    )
    .get(
      '/api/campaigns/:id',
      handleAuthed(deps, (ctx, { params }) => getCampaign({ db, hooks: deps.hooks, userId: ctx.user.id, id: params.id })),
    )
    .get(
      '/api/campaigns/:id/analytics',
      handleAuthed(deps, (ctx, { params }) => campaignAnalytics({ db, hooks: deps.hooks, userId: ctx.user.id, campaignId: params.id })),
    )
    .post(
      '/api/campaigns',
      handleAuthed(deps, async (ctx, { body }) =>
        json(await createCampaign({ db, hooks: deps.hooks, userId: ctx.user.id, input: parseWith(ZCreateCampaign, body) }), { status: 201 }),
      ),
    )
    .patch(
      '/api/campaigns/:id',
      handleAuthed(deps, (ctx, { params, body }) =>
        updateCampaign({ db, hooks: deps.hooks, userId: ctx.user.id, id: params.id, input: parseWith(ZUpdateCampaign, body) }),
      ),
    )
    .delete(
      '/api/campaigns/:id',
      handleAuthed(deps, (ctx, { params }) => deleteCampaign({ db, userId: ctx.user.id, id: params.id })),
    );
}
