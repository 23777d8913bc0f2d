import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput, notFound } from '../../server/http/app-error';
import { newId } from '../../shared/ids';
import { campaignChannels, moveVideoStats, platformTable, rates } from '../tracking/aggregates';
import type { TrackingHooks } from '../tracking/hooks';
import { activateDraftCampaigns, selectVideos, toVideo } from '../videos/service';
import { videos } from '../videos/tables';
import { createdIn, inWorkspace, type Scope } from '../../server/scope';
import { currentPlatforms } from './constants';
import { CAMPAIGN_NOT_FOUND } from './owned';
import { campaignPublishingFigures } from './publishing-figures';
import { campaignsWithFigures, type CampaignWithFigures } from './reads';
import { CAMPAIGN_MESSAGES, type CampaignAction, type TCreateCampaign, type TListCampaigns, type TUpdateCampaign } from './schemas';
import { campaigns, type CampaignStatus } from './tables';

const DAY_MS = 86_400_000;
export const RECENT_VIDEOS = 4;

/** Today as a UTC calendar day: campaign dates are days, compared as YYYY-MM-DD strings. */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** Where a launched (or resumed) campaign stands on its dates (PRODUCT.md §4). */
export function statusByDates(c: { startDate: string | null; endDate: string | null }, today: string): CampaignStatus {
  if (c.startDate && today < c.startDate) return 'scheduled';
  if (c.endDate && today > c.endDate) return 'completed';
  return 'active';
}

/** Duration in days: the rounded-up difference between end and start (spec §9). */
export function durationDays(startDate: string | null, endDate: string | null): number | null {
  if (!startDate || !endDate) return null;
  return Math.ceil((Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS);
}

/** Budget used: spent divided by total, rounded (spec §9); 0 without a budget. */
export function budgetPercent(spent: number, total: number): number {
  return total > 0 ? Math.round((spent / total) * 100) : 0;
}

/** A campaign as every screen reads it (its figures come on top, see toListItem). */
export type Campaign = {
  id: string;
  name: string;
  description: string | null;
  status: CampaignStatus;
  sector: string | null;
  startDate: string | null;
  endDate: string | null;
  platforms: string[];
  totalBudget: number;
  spentBudget: number;
  ctaLabel: string | null;
  ctaUrl: string | null;
  senderName: string | null;
  brandColor: string | null;
  createdAt: string;
  updatedAt: string;
};

/** Figures defined once in README's Metrics section; all of them follow the videos the campaign holds now. */
function toListItem(r: CampaignWithFigures, deliveredTo: number) {
  const { videoCount, publishedVideos: _p, views, watchedSum: _w, ctaClicks: _c, ...campaign } = r;
  return { ...(campaign satisfies Campaign), videoCount, deliveredTo, views, ...rates(r) };
}
export type CampaignListItem = ReturnType<typeof toListItem>;

/**
 * The status a campaign has today (PRODUCT.md §4): a scheduled one whose start day has come is
 * active, a scheduled or active one past its end day is completed. Computed when read, so that
 * reading never writes; the stored status catches up on the campaign's next write.
 */
export function effectiveStatus(c: { status: CampaignStatus; startDate: string | null; endDate: string | null }, today: string): CampaignStatus {
  if (c.status === 'scheduled') return statusByDates(c, today);
  if (c.status === 'active' && c.endDate && today > c.endDate) return 'completed';
  return c.status;
}

const withEffectiveStatus = <T extends CampaignWithFigures>(r: T, today: string): T => ({ ...r, status: effectiveStatus(r, today) });

/** What the figures read from deliveries (createDeps builds them; docs/decisions/141). */
type Hooks = { hooks: Pick<TrackingHooks, 'deliveryStats' | 'deliveredTo'> };

/** One page of the workspace's campaigns (newest first, filtered by the server), each with its figures. */
export async function listCampaigns(opts: Hooks & { db: Db; scope: Scope; query?: TListCampaigns; now?: Date }) {
  const today = utcDay(opts.now);
  const page = await campaignsWithFigures({ db: opts.db, scope: opts.scope, what: { page: opts.query ?? {}, today } });
  // "Delivered to" for this page's campaigns only.
  const delivered = await opts.hooks.deliveredTo(
    opts.db,
    opts.scope.workspaceId,
    page.items.map((r) => r.id),
  );
  return { items: page.items.map((r) => toListItem(withEffectiveStatus(r, today), delivered.get(r.id) ?? 0)), nextCursor: page.nextCursor };
}

/** The names of the given campaigns of the workspace (at most 200 ids): where a picker's videos are. */
export async function campaignNames(opts: { db: Db; scope: Scope; ids: string[] }) {
  if (opts.ids.length === 0) return [];
  return opts.db
    .select({ id: campaigns.id, name: campaigns.name })
    .from(campaigns)
    .where(and(inWorkspace(campaigns, opts.scope), inArray(campaigns.id, opts.ids)));
}

export async function getCampaign(opts: Hooks & { db: Db; scope: Scope; id: string; now?: Date }) {
  const { db, scope, id } = opts;
  const today = utcDay(opts.now);
  const [
    {
      items: [found],
    },
    channels,
    recent,
    deliveries,
    publishing,
  ] = await Promise.all([
    campaignsWithFigures({ db, scope, what: { campaignId: id } }),
    campaignChannels({ db, scope, campaignId: id }),
    selectVideos(db)
      .where(and(inWorkspace(videos, scope), eq(videos.campaignId, id)))
      .orderBy(desc(videos.createdAt), desc(videos.id))
      .limit(RECENT_VIDEOS),
    opts.hooks.deliveryStats(db, scope.workspaceId, id),
    campaignPublishingFigures(db, scope.workspaceId, id),
  ]);
  if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
  const row = withEffectiveStatus(found, today);
  const platformStats = platformTable(row.platforms, channels, deliveries);
  const deliveredTo = deliveries?.reach ?? 0;
  return {
    ...toListItem(row, deliveredTo),
    totalVideos: row.videoCount,
    publishedVideos: row.publishedVideos,
    pendingVideos: row.videoCount - row.publishedVideos,
    budgetPercent: budgetPercent(row.spentBudget, row.totalBudget),
    durationDays: durationDays(row.startDate, row.endDate),
    /** Kept for older clients: the same figure as deliveredTo. */
    reach: deliveredTo,
    /** Distinct viewers of the campaign's videos ("Watched by"). */
    watchedBy: channels.total.uniqueViewers,
    uniqueViewers: channels.total.uniqueViewers,
    ctaClicks: row.ctaClicks,
    platformStats,
    recentVideos: recent.map(({ views, ...v }) => toVideo(v, Number(views))),
    /** Its posts on Facebook, Instagram and YouTube, per platform (decision 229). */
    publishing,
  };
}
export type CampaignDetail = Awaited<ReturnType<typeof getCampaign>>;

/**
 * Every id must be one of the workspace's videos (another workspace's id answers 404 like a missing one).
 * A video is in one campaign at a time: taking one from another campaign must be asked for
 * (`moveVideos`), since its views and deliveries go with it (docs/decisions/121).
 */
async function assertOwnVideos(db: Db, scope: Scope, ids: string[], moveVideos: boolean) {
  const unique = [...new Set(ids)];
  const found = await db
    .select({ id: videos.id, title: videos.title, campaignName: campaigns.name })
    .from(videos)
    .leftJoin(campaigns, eq(campaigns.id, videos.campaignId))
    .where(and(inWorkspace(videos, scope), inArray(videos.id, unique)));
  if (found.length !== unique.length) throw notFound('Video not found');
  const taken = found.filter((v) => v.campaignName !== null);
  if (taken.length && !moveVideos) {
    const [first] = taken;
    const more = taken.length > 1 ? ` (and ${taken.length - 1} more)` : '';
    throw new AppError(
      'CONFLICT',
      `“${first!.title}”${more} is already in the campaign “${first!.campaignName}”. Moving it takes its views and deliveries along: send moveVideos: true to move it.`,
      { details: { videoIds: taken.map((v) => v.id) } },
    );
  }
  return unique;
}

export async function createCampaign(opts: Hooks & { db: Db; scope: Scope; input: TCreateCampaign; now?: Date }) {
  const { db, scope, input } = opts;
  const videoIds = input.videoIds ? await assertOwnVideos(db, scope, input.videoIds, input.moveVideos ?? false) : [];
  const id = newId();
  const now = opts.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.insert(campaigns).values({
      id,
      ...createdIn(scope),
      name: input.name,
      description: input.description ?? null,
      // New campaigns are drafts whatever status is sent (spec §4); launching is an action.
      status: 'draft',
      sector: input.sector ?? null,
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      platforms: input.platforms,
      totalBudget: input.totalBudget ?? 0,
      spentBudget: input.spentBudget ?? 0,
      ctaLabel: input.ctaLabel ?? null,
      ctaUrl: input.ctaUrl ?? null,
      senderName: input.senderName ?? null,
      brandColor: input.brandColor ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if (videoIds.length) {
      await tx
        .update(videos)
        .set({ campaignId: id, updatedAt: now })
        .where(and(inWorkspace(videos, scope), inArray(videos.id, videoIds)));
      await moveVideoStats({ db: tx, scope, videoIds, campaignId: id });
      await activateDraftCampaigns(tx, scope.workspaceId, videoIds);
    }
  });
  return getCampaign({ db, hooks: opts.hooks, scope, id, now });
}

const ACTIONS: Record<CampaignAction, { from: CampaignStatus[]; already: CampaignStatus[]; message: string }> = {
  launch: { from: ['draft', 'completed'], already: ['scheduled', 'active'], message: 'Only a draft campaign can be launched' },
  pause: { from: ['active', 'scheduled'], already: ['paused'], message: 'Only an active or scheduled campaign can be paused' },
  resume: { from: ['paused'], already: ['scheduled', 'active'], message: 'Only a paused campaign can be resumed' },
  complete: { from: ['draft', 'scheduled', 'active', 'paused'], already: ['completed'], message: 'This campaign cannot be completed' },
};

/** The status an action leads to, or the current one when the action was already applied. */
export function applyAction(
  action: CampaignAction,
  c: { status: CampaignStatus; startDate: string | null; endDate: string | null },
  today: string,
): CampaignStatus {
  const rule = ACTIONS[action];
  if (rule.already.includes(c.status)) return c.status;
  if (!rule.from.includes(c.status)) throw invalidInput(rule.message);
  if (action === 'pause') return 'paused';
  if (action === 'complete') return 'completed';
  return statusByDates(c, today);
}

export async function updateCampaign(opts: Hooks & { db: Db; scope: Scope; id: string; input: TUpdateCampaign; now?: Date }) {
  const { db, scope, id, input } = opts;
  const now = opts.now ?? new Date();
  const today = utcDay(now);
  const [stored] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.id, id), inWorkspace(campaigns, scope)));
  if (!stored) throw notFound(CAMPAIGN_NOT_FOUND);
  // Actions apply to the status the user sees; this write also records it.
  const current = { ...stored, status: effectiveStatus(stored, today) };

  const { action, status, ...fields } = input;
  // Retired platform names (docs/decisions/122) are dropped on the first save.
  const next = { ...current, platforms: currentPlatforms(current.platforms) as string[] };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  if (next.startDate && next.endDate && next.endDate < next.startDate) throw invalidInput(CAMPAIGN_MESSAGES.dates);
  if (Number(next.spentBudget) > Number(next.totalBudget)) throw invalidInput(CAMPAIGN_MESSAGES.spent);

  const datesChanged = next.startDate !== current.startDate || next.endDate !== current.endDate;
  if (action) next.status = applyAction(action, next, today);
  else if (status) next.status = status;
  else if (datesChanged && (current.status === 'scheduled' || current.status === 'active')) next.status = statusByDates(next, today);

  const { id: _id, workspaceId: _w, createdBy: _b, createdAt: _c, ...patch } = next;
  await db
    .update(campaigns)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(campaigns.id, id), inWorkspace(campaigns, scope)));
  return getCampaign({ db, hooks: opts.hooks, scope, id, now });
}

/** Deletes the campaign; its videos are kept and unlinked. */
export async function deleteCampaign(opts: { db: Db; scope: Scope; id: string }) {
  const { db, scope, id } = opts;
  return db.transaction(async (tx) => {
    // The foreign keys would unlink them (videos and video_stats) too; doing it first keeps the rule visible and bumps updatedAt.
    await tx
      .update(videos)
      .set({ campaignId: null, updatedAt: new Date() })
      .where(and(inWorkspace(videos, scope), eq(videos.campaignId, id)));
    const [gone] = await tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, id), inWorkspace(campaigns, scope)))
      .returning({ id: campaigns.id });
    if (!gone) throw notFound(CAMPAIGN_NOT_FOUND);
    return { ok: true as const, id };
  });
}
