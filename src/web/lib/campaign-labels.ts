import { CAMPAIGN_STATUSES, type CampaignSector, type CampaignStatus } from '@/domains/campaigns/constants';
import type { TranslationFunctions } from '@locales/i18n-types';

/** The list's sector filter offers a subset of the sectors (spec part 1 §2). */
export const FILTER_SECTORS = ['Automotive', 'Technology', 'Retail', 'Professional Services'] as const satisfies readonly CampaignSector[];
/** The spec's four statuses, plus paused (PRODUCT.md §1). */
export const FILTER_STATUSES = ['active', 'scheduled', 'draft', 'completed', 'paused'] as const satisfies readonly CampaignStatus[];

type SectorKey = keyof TranslationFunctions['campaigns']['sectors'];
const SECTOR_KEYS: Record<CampaignSector, SectorKey> = {
  Automotive: 'automotive',
  Technology: 'technology',
  Retail: 'retail',
  Healthcare: 'healthcare',
  'Financial Services': 'financialServices',
  Education: 'education',
  'Professional Services': 'professionalServices',
  'Real Estate': 'realEstate',
  Hospitality: 'hospitality',
  Other: 'other',
};

/** A sector's label in the current language; an unknown value is shown as stored. */
export function sectorLabel(LL: TranslationFunctions, sector: string | null | undefined): string {
  if (!sector) return LL.campaigns.noSector();
  const key = Object.hasOwn(SECTOR_KEYS, sector) ? SECTOR_KEYS[sector as CampaignSector] : undefined;
  return key ? LL.campaigns.sectors[key]() : sector;
}

export function statusLabel(LL: TranslationFunctions, status: string): string {
  return (CAMPAIGN_STATUSES as readonly string[]).includes(status) ? LL.campaigns.status[status as CampaignStatus]() : status;
}
