import { date, index, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { ownedColumns } from '../workspaces/tables';
import { timestamps } from '../../server/db/columns';

// PRODUCT.md §4: draft, scheduled, active, paused, completed.
import type { CampaignStatus } from './constants';
export { CAMPAIGN_STATUSES, type CampaignStatus } from './constants';

export const campaigns = pgTable(
  'campaigns',
  {
    ...ownedColumns(),
    name: text('name').notNull(),
    description: text('description'),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    sector: text('sector'),
    // Calendar days (YYYY-MM-DD): a campaign runs from the start day through the end day.
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    totalBudget: numeric('total_budget', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    spentBudget: numeric('spent_budget', { precision: 14, scale: 2, mode: 'number' }).notNull().default(0),
    // Campaign settings: the landing page's call-to-action and the sender shown to recipients.
    ctaLabel: text('cta_label'),
    ctaUrl: text('cta_url'),
    senderName: text('sender_name'),
    /** The landing page's colour for this campaign (`#rrggbb`), else the user's brand colour. */
    brandColor: text('brand_color'),
    ...timestamps(),
  },
  // The list's keyset order (created_at, id) under the owner: first and later pages are index ranges (decision 180).
  (t) => [index('campaigns_user_created_idx').on(t.workspaceId, t.createdAt, t.id)],
);
export type CampaignRow = typeof campaigns.$inferSelect;
