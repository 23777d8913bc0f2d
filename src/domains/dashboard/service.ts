import type { Db } from '../../server/db/client';
import { TEMPLATES, TEMPLATES_BY_ID, type TemplateSummary } from '../../shared/templates';
import { remainingCredits } from '../billing/service';
import { advanceStatuses } from '../campaigns/service';
import { campaignsWithFigures, rates, topTemplateIds, userTotals } from '../tracking/aggregates';

export const TOP_CAMPAIGNS = 5;
export const POPULAR_TEMPLATES = 4;

/** Popular templates: those the user's videos use most, topped up from the catalogue. */
function popularTemplates(used: { templateId: string }[]): TemplateSummary[] {
  const out: TemplateSummary[] = [];
  for (const u of used) {
    const t = TEMPLATES_BY_ID.get(u.templateId);
    if (t && out.length < POPULAR_TEMPLATES) out.push(t);
  }
  for (const t of TEMPLATES) if (out.length < POPULAR_TEMPLATES && !out.includes(t)) out.push(t);
  return out;
}

/**
 * The dashboard's cards, top-5 table and templates, in a fixed number of queries.
 * remainingCredits is null when the plan is unlimited (the client shows ∞).
 */
export async function getDashboard(opts: { db: Db; userId: string; now?: Date }) {
  const { db, userId } = opts;
  await advanceStatuses(db, userId, opts.now);
  const [totals, top, credits, used] = await Promise.all([
    userTotals(db, userId),
    campaignsWithFigures(db, userId, { orderBy: 'views', limit: TOP_CAMPAIGNS }),
    remainingCredits(db, userId),
    // Unknown ids (removed templates) are skipped, so ask for a few more than shown.
    topTemplateIds(db, userId, POPULAR_TEMPLATES * 2),
  ]);
  const { engagementRate, ctr } = rates(totals);
  return {
    videoCount: totals.videoCount,
    totalViews: totals.views,
    engagementRate,
    ctr,
    remainingCredits: credits,
    campaigns: top.map((c) => ({ id: c.id, name: c.name, status: c.status, videoCount: c.videoCount, views: c.views, ...rates(c) })),
    templates: popularTemplates(used),
  };
}
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
