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

// facebook, instagram and youtube are tracked on the campaign screens; the others are distribution channels.
export const CAMPAIGN_PLATFORMS = ['facebook', 'instagram', 'youtube', 'linkedin', 'twitter', 'whatsapp', 'tiktok', 'email'] as const;
export type CampaignPlatform = (typeof CAMPAIGN_PLATFORMS)[number];
