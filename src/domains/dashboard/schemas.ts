import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaigns/schemas';
import { ZTemplateSummary } from '../templates/schemas';
import { ZRates } from '../tracking/schemas';

/** GET /api/dashboard. remainingCredits is null when the plan is unlimited. */
export const ZDashboard = z.object({
  videoCount: z.number().int(),
  totalViews: z.number().int(),
  ...ZRates,
  remainingCredits: z.number().int().nullable(),
  campaigns: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      status: z.enum(CAMPAIGN_STATUSES),
      videoCount: z.number().int(),
      deliveredTo: z.number().int(),
      views: z.number().int(),
      ...ZRates,
    }),
  ),
  templates: z.array(ZTemplateSummary),
});
