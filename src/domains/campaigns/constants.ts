import type { Channel } from '../../shared/channels';

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
 * Where a campaign's videos go: the channels the send step can deliver to, and the video's share
 * link. Facebook, YouTube and TikTok were offered once but nothing could be sent there
 * (docs/decisions/122): stored lists drop them when read.
 */
export const CAMPAIGN_PLATFORMS = ['email', 'linkedin', 'whatsapp', 'twitter', 'instagram', 'google', 'outlook', 'share'] as const satisfies readonly (
  | Channel
  | 'share'
)[];
export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];
/** Names no longer offered; a stored list that held only these reads as the share link. */
export const RETIRED_PLATFORMS = ['facebook', 'youtube', 'tiktok'] as const;

/** A stored platform list as it reads now: retired names dropped, never empty. */
export function currentPlatforms(stored: readonly string[]): CampaignPlatform[] {
  const kept = stored.filter((p): p is CampaignPlatform => (CAMPAIGN_PLATFORMS as readonly string[]).includes(p));
  return kept.length ? [...new Set(kept)] : ['share'];
}
