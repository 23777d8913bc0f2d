import type { CampaignStatus } from '@/domains/campaigns/constants';
import type { Trpc } from '@/web/lib/trpc';

export type CampaignFilters = { q?: string; sector?: string; status?: CampaignStatus };

/**
 * The list's pages with its filters (spec part 1 §5: a case-insensitive substring of the name, a sector,
 * a status), filtered by the server so that a filter sees every campaign, not the pages loaded so far.
 */
export const campaignPagesOptions = (trpc: Trpc, f: CampaignFilters) =>
  trpc.campaigns.list.infiniteQueryOptions(
    { q: f.q?.trim() || undefined, sector: f.sector, status: f.status },
    { getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
