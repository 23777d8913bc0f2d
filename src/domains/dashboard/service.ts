import type { Db } from '../../server/db/client';
import { type Template, TEMPLATES, TEMPLATES_BY_ID, type TemplateSummary } from '../../shared/templates';
import type { Language } from '../settings/schemas';
import { localizeTemplate } from '../templates/i18n';
import { remainingCredits } from '../billing/service';
import { effectiveStatus, utcDay } from '../campaigns/service';
import { dashboardFigures, rates, videoTemplateCounts } from '../tracking/aggregates';
import type { TrackingHooks } from '../tracking/hooks';
import type { Scope } from '../../server/scope';
import { publishedViews } from './published-views';

export const TOP_CAMPAIGNS = 5;
export const POPULAR_TEMPLATES = 4;
/** The label of the landing page's own views. */
export const LANDING_VIEWS_SOURCE = 'landing page plays';

/** The dashboard's shape of a template (spec §3), whatever else the catalogue carries. */
const summary = ({ id, name, description, thumbnailUrl, type }: TemplateSummary): TemplateSummary => ({ id, name, description, thumbnailUrl, type });

/** Popular templates: those the workspace's videos use most, topped up from the catalogue. */
export function popularTemplates(used: { templateId: string }[], lang: Language = 'en'): TemplateSummary[] {
  const picked: Template[] = [];
  for (const u of used) {
    const t = TEMPLATES_BY_ID.get(u.templateId);
    if (t && picked.length < POPULAR_TEMPLATES) picked.push(t);
  }
  for (const t of TEMPLATES) if (picked.length < POPULAR_TEMPLATES && !picked.includes(t)) picked.push(t);
  return picked.map((t) => summary(localizeTemplate(t, lang)));
}

/**
 * The dashboard's cards, top-5 table and templates, in a fixed number of queries.
 * remainingCredits is null when the plan is unlimited (the client shows ∞).
 */
export async function getDashboard(opts: { db: Db; scope: Scope; hooks: Pick<TrackingHooks, 'deliveredTo'>; now?: Date; language?: Language }) {
  const { db, scope } = opts;
  const today = utcDay(opts.now);
  const [figures, videosAndTemplates, credits, published] = await Promise.all([
    dashboardFigures({ db, scope, limit: TOP_CAMPAIGNS }),
    videoTemplateCounts({ db, scope }),
    remainingCredits({ db, scope }),
    publishedViews(db, scope.workspaceId),
  ]);
  const { engagementRate, ctr } = rates(figures.totals);
  const delivered = await opts.hooks.deliveredTo(
    db,
    scope.workspaceId,
    figures.top.map((c) => c.id),
  );
  return {
    videoCount: videosAndTemplates.videoCount,
    // The landing page's plays and the views the platforms report for published posts (decision 229);
    // the rates stay the landing page's (the platforms' views have no watch time or clicks here).
    totalViews: figures.totals.views + published.reduce((n, p) => n + p.views, 0),
    viewsBySource: [{ source: 'landing-page', views: figures.totals.views, viewsSource: LANDING_VIEWS_SOURCE }, ...published],
    engagementRate,
    ctr,
    remainingCredits: credits,
    campaigns: figures.top.map((c) => ({
      id: c.id,
      name: c.name,
      status: effectiveStatus(c, today),
      videoCount: c.videoCount,
      deliveredTo: delivered.get(c.id) ?? 0,
      views: c.views,
      ...rates(c),
    })),
    templates: popularTemplates(videosAndTemplates.used, opts.language),
  };
}
export type Dashboard = Awaited<ReturnType<typeof getDashboard>>;
