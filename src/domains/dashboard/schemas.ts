import { z } from 'zod';
import { CAMPAIGN_STATUSES } from '../campaigns/schemas';
import { ZTemplateSummary } from '../templates/schemas';
import { ZRates } from '../tracking/schemas';

/** GET /api/dashboard. remainingCredits is null when the plan is unlimited. */
export const ZDashboard = z.object({
  videoCount: z.number().int(),
  totalViews: z.number().int().describe('landing page plays plus the views platforms report for published posts'),
  viewsBySource: z
    .array(z.object({ source: z.string(), views: z.number().int(), viewsSource: z.string().nullable() }))
    .describe('totalViews by where they come from: landing-page, facebook, instagram, youtube'),
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
