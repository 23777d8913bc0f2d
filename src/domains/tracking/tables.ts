import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/tables';
import { workspaceId } from '../workspaces/tables';
import { videoKey, videos } from '../videos/tables';
import { parentId, timestamps } from '../../server/db/columns';

import type { TrackEvent } from './constants';
export { TRACK_EVENTS, type TrackEvent } from './constants';

/**
 * Raw beacons, at most one row per (video, viewId, event): a repeated view or click
 * is the same row, and a progress row keeps the highest percent reached (see
 * docs/decisions/035-metrics.md).
 */
export const trackingEvents = pgTable(
  'tracking_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The video's workspace: every analytics query is scoped by it. */
    workspaceId: workspaceId(),
    videoId: parentId('video_id', () => videos.id),
    /** The campaign the video (or the delivery) belonged to when the event arrived. */
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    deliveryToken: text('delivery_token'),
    /** Delivery channel (facebook, linkedin, email, …) or 'direct' for a plain link. */
    channel: text('channel').notNull().default('direct'),
    event: text('event').$type<TrackEvent>().notNull(),
    viewId: text('view_id').notNull(),
    /** Who watched: a contact, a delivery, or a hash of address and browser for anonymous links. */
    viewer: text('viewer').notNull(),
    percent: smallint('percent'),
    /** The publication whose post brought the viewer (`/v/<token>?via=<id>`, docs/decisions/229); null otherwise. */
    via: text('via'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tracking_events_view_event_idx').on(t.videoId, t.viewId, t.event),
    index('tracking_events_video_created_idx').on(t.videoId, t.createdAt).where(sql`${t.event} = 'view'`),
    // For the foreign keys' ON DELETE actions (a campaign or an account deleted) and repairs.
    index('tracking_events_campaign_idx').on(t.campaignId),
    index('tracking_events_user_idx').on(t.workspaceId, t.id),
    index('tracking_events_via_idx').on(t.via, t.event).where(sql`${t.via} is not null`),
  ],
);
export type TrackingEventRow = typeof trackingEvents.$inferSelect;

/**
 * Per-video counters, written in the same transaction as the event that changes
 * them, so that lists and the dashboard never scan raw events.
 * views = view rows; watchedSum = sum of each view's highest percent; ctaClicks = cta rows.
 */
export const videoStats = pgTable(
  'video_stats',
  {
    videoId: videoKey(),
    workspaceId: workspaceId(),
    /**
     * A copy of videos.campaign_id, so that per-campaign sums read this narrow table only.
     * Every beacon refreshes it; moving a video (videos and campaigns services) updates it.
     */
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    views: integer('views').notNull().default(0),
    watchedSum: bigint('watched_sum', { mode: 'number' }).notNull().default(0),
    ctaClicks: integer('cta_clicks').notNull().default(0),
    lastEventAt: timestamp('last_event_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('video_stats_user_campaign_idx').on(t.workspaceId, t.campaignId)],
);

/**
 * The dashboard's sums without reading every video (decision 180): per workspace and campaign (`''`:
 * videos in no campaign), the sums of video_stats. Kept by a trigger on video_stats (migration
 * list-paging), so every writer (the beacon, moves, rebuilds, a campaign deleted) keeps it true.
 */
export const campaignStats = pgTable(
  'campaign_stats',
  {
    workspaceId: workspaceId(),
    /** The campaign's id, or '' for the videos in none (no foreign key: a deleted campaign's row is left at zero). */
    campaignKey: text('campaign_key').notNull(),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    watchedSum: bigint('watched_sum', { mode: 'number' }).notNull().default(0),
    ctaClicks: bigint('cta_clicks', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.campaignKey] })],
);

/** Per workspace and template (`''`: none), how many videos use it: the video count and popular templates. Kept by a trigger on videos. */
export const templateUses = pgTable(
  'template_uses',
  {
    workspaceId: workspaceId(),
    templateKey: text('template_key').notNull(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.templateKey] })],
);
