import type { Db } from '../../server/db/client';
import { TEMPLATES, TEMPLATES_BY_ID, type TemplateSummary } from '../../shared/templates';
import { remainingCredits } from '../billing/service';
import { advanceStatuses } from '../campaigns/service';
import { rates, topCampaigns, topTemplateIds, userTotals } from '../tracking/aggregates';

export const TOP_CAMPAIGNS = 5;
export const POPULAR_TEMPLATES = 4;

/** The dashboard's shape of a template (spec §3), whatever else the catalogue carries. */
const summary = ({ id, name, description, thumbnailUrl, type }: TemplateSummary): TemplateSummary => ({ id, name, description, thumbnailUrl, type });

/** Popular templates: those the user's videos use most, topped up from the catalogue. */
export function popularTemplates(used: { templateId: string }[]): TemplateSummary[] {
  const picked: TemplateSummary[] = [];
  for (const u of used) {
    const t = TEMPLATES_BY_ID.get(u.templateId);
    if (t && picked.length < POPULAR_TEMPLATES) picked.push(t);
  }
  for (const t of TEMPLATES) if (picked.length < POPULAR_TEMPLATES && !picked.includes(t)) picked.push(t);
  return picked.map(summary);
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
    topCampaigns(db, userId, TOP_CAMPAIGNS),
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
