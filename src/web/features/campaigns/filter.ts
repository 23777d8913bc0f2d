import type { CampaignStatus } from '@/web/lib/campaign-labels';

export type CampaignFilters = { q?: string; sector?: string; status?: CampaignStatus };

/** The list's filters: a case-insensitive substring of the name, a sector, a status (spec part 1 §5). */
export function filterCampaigns<T extends { name: string; sector: string | null; status: string }>(list: T[], f: CampaignFilters): T[] {
  const q = f.q?.trim().toLocaleLowerCase() ?? '';
  return list.filter((c) => (!q || c.name.toLocaleLowerCase().includes(q)) && (!f.sector || c.sector === f.sector) && (!f.status || c.status === f.status));
}
