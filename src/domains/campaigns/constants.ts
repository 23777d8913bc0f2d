import { isCampaignPlatform, type CampaignPlatform } from '../../shared/channel-catalogue';

// Constants shared by the tables, the schemas and the web: no drizzle here, so the
// browser bundle never pulls the ORM in through a schema import.
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

// Sector options at creation (spec part 1 §3). The list filter uses a subset of them.
export const CAMPAIGN_SECTORS = [
  'Automotive',
  'Technology',
  'Retail',
  'Healthcare',
  'Financial Services',
  'Education',
  'Professional Services',
  'Real Estate',
  'Hospitality',
  'Other',
] as const;
export type CampaignSector = (typeof CAMPAIGN_SECTORS)[number];

/**
 * Where a campaign's videos go (docs/decisions/231-campaign-platforms.md): the send step's channels,
 * the platforms that publish (Facebook Pages, Instagram Reels, YouTube channels) and the video's
 * share link, as the channel catalogue marks them. TikTok stays refused: nothing reaches it.
 */
export { CAMPAIGN_PLATFORMS, PUBLISH_PLATFORMS, RETIRED_PLATFORMS, type CampaignPlatform } from '../../shared/channel-catalogue';

/** A stored platform list as it reads now: names no longer offered (TikTok) dropped, never empty. */
export function currentPlatforms(stored: readonly string[]): CampaignPlatform[] {
  const kept = stored.filter(isCampaignPlatform);
  return kept.length ? [...new Set(kept)] : ['share'];
}
