// Constants shared by the tables, the schemas and the web: no drizzle here, so the
// browser bundle never pulls the ORM in through a schema import.
export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'active', 'paused', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
