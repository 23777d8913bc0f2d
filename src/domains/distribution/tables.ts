import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/tables';
import { contacts } from '../contacts/tables';
import { socialContacts, socialProfiles } from '../social/tables';
import { ownedColumns, workspaceId } from '../workspaces/tables';
import { videoKey, videos } from '../videos/tables';
import { createdAtColumn, leaseColumns, parentId, timestamps } from '../../server/db/columns';

import type { Channel } from '../../shared/channel-catalogue';
export { CHANNELS, type Channel } from '../../shared/channel-catalogue';

/**
 * waiting: for its personalised render; pending: queued; sending: claimed by a worker (attempt id +
 * lease); sent; deferred: over the account's daily limit, queued for the next day; failed.
 */
export const DELIVERY_STATUSES = ['waiting', 'pending', 'sending', 'sent', 'deferred', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type SkippedRecipient = { contactId: string | null; socialContactId?: string | null; name?: string | null; platform: string; reason: string };

/** One Send Video: what was asked, the base of its links, and who was left out and why. */
export const distributions = pgTable(
  'distributions',
  {
    ...ownedColumns(),
    videoId: parentId('video_id', () => videos.id),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    platforms: jsonb('platforms').$type<string[]>().notNull(),
    message: text('message').notNull(),
    personalizeVideo: boolean('personalize_video').notNull().default(false),
    /** The per-recipient script cut at distribution time: its personal parts' text and its shared parts' (joined). */
    headScript: text('head_script'),
    tailScript: text('tail_script'),
    /** The parts in order (docs/decisions/227); null on sends made before: [head personal, tail shared]. */
    scriptParts: jsonb('script_parts').$type<{ text: string; personal: boolean }[]>(),
    /** Origin of the landing and unsubscribe links (APP_URL, else the request's origin). */
    baseUrl: text('base_url').notNull(),
    skipped: jsonb('skipped').$type<SkippedRecipient[]>().notNull().default([]),
    skippedCount: integer('skipped_count').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index('distributions_user_created_idx').on(t.workspaceId, t.createdAt),
    index('distributions_video_idx').on(t.videoId),
    index('distributions_campaign_idx').on(t.campaignId),
  ],
);
export type DistributionRow = typeof distributions.$inferSelect;

/** A row of one distribution: its text id, its distribution (deleted with it) and the workspace. */
const distributionRowColumns = () => ({
  id: text('id').primaryKey(),
  distributionId: parentId('distribution_id', () => distributions.id),
  workspaceId: workspaceId(),
});

export const RENDER_STATUSES = ['pending', 'completed', 'failed'] as const;
export type PersonalRenderStatus = (typeof RENDER_STATUSES)[number];

/**
 * The shared rest of a personalised distribution, rendered once per background (usually one):
 * a whole MP4 whose samples (`payloadStart`..`payloadEnd`) are served after each recipient's own
 * bytes. Its caption cues are kept for the batches that join openings to it later.
 */
export const personalTails = pgTable(
  'personal_tails',
  {
    ...distributionRowColumns(),
    /** The background URL of the recipients it serves; '' for the video's own background. */
    background: text('background').notNull().default(''),
    /** Which part of the script it is (its index among the parts; the tail of a send made before: 1). */
    part: integer('part').notNull().default(1),
    fileKey: text('file_key').notNull(),
    payloadStart: integer('payload_start').notNull(),
    payloadEnd: integer('payload_end').notNull(),
    duration: doublePrecision('duration').notNull(),
    cues: jsonb('cues').$type<{ startSec: number; endSec: number; text: string }[]>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('personal_tails_part_uq').on(t.distributionId, t.background, t.part), index('personal_tails_user_idx').on(t.workspaceId)],
);
export type PersonalTailRow = typeof personalTails.$inferSelect;

/** A recipient's own video: their personalised opening joined to the shared rest. */
export const personalRenders = pgTable(
  'personal_renders',
  {
    ...distributionRowColumns(),
    recipientKey: text('recipient_key').notNull(),
    /** Renders are batched: one job renders the shared tail once for the whole batch. */
    batch: integer('batch').notNull(),
    /** Resolved for this recipient (no placeholder left): their personal parts' text, joined. */
    headScript: text('head_script').notNull(),
    /** The same, part by part (null on sends made before: one part, headScript). */
    texts: jsonb('texts').$type<string[]>(),
    /** The recipient's own background (their `background_url` column); null: the video's. */
    background: text('background'),
    /** Why their background could not be used (they got the video's own instead). */
    backgroundError: text('background_error'),
    /** The text of their e-mail images (already resolved). */
    headline: text('headline'),
    status: text('status').$type<PersonalRenderStatus>().notNull().default('pending'),
    /** Percent of its batch's render done (0–100), for a recipient's video rendered on demand in the send step. */
    progress: integer('progress').notNull().default(0),
    /** Their own bytes (header + opening); with `tailId`, served before the tail's samples. */
    videoUrl: text('video_url'),
    tailId: text('tail_id').references(() => personalTails.id, { onDelete: 'set null' }),
    /** The shared parts' byte ranges served after their own bytes, in order (null before: the tail's samples). */
    sharedParts: jsonb('shared_parts').$type<{ tailId: string; start: number; end: number }[]>(),
    thumbnail: text('thumbnail'),
    gif: text('gif'),
    captions: text('captions'),
    duration: doublePrecision('duration'),
    error: text('error'),
    createdAt: createdAtColumn(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('personal_renders_recipient_uq').on(t.distributionId, t.recipientKey),
    index('personal_renders_batch_idx').on(t.distributionId, t.batch),
    index('personal_renders_user_idx').on(t.workspaceId),
    index('personal_renders_tail_idx').on(t.tailId),
    index('personal_renders_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
export type PersonalRenderRow = typeof personalRenders.$inferSelect;

/**
 * The outbox: one row per (video, recipient, channel), never two (the unique index), each with
 * its landing page token. A worker claims a row (status sending + attempt id + lease) before the
 * provider call and marks it sent, by the same attempt id, before the queue job is acknowledged.
 */
export const deliveries = pgTable(
  'deliveries',
  {
    /** The id is a UUID: also the id of its first queue job (de-duplication). */
    ...distributionRowColumns(),
    videoId: parentId('video_id', () => videos.id),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    socialContactId: text('social_contact_id').references(() => socialContacts.id, { onDelete: 'set null' }),
    /** Who, stable across re-syncs: the contact's id, or `<platform>:<provider id>` for a social contact. */
    recipientKey: text('recipient_key').notNull(),
    platform: text('platform').$type<Channel>().notNull(),
    /** The sending account for social channels (its daily limit applies). */
    profileId: text('profile_id').references(() => socialProfiles.id, { onDelete: 'set null' }),
    /** Snapshot at distribution time: e-mail, phone, profile URL or provider id. */
    address: text('address').notNull(),
    recipientName: text('recipient_name'),
    firstName: text('first_name'),
    /** en, fr or es: their e-mail and landing page (the contact's language, else the video's; decision 226). */
    language: text('language'),
    subject: text('subject'),
    /** The message with the recipient's variables filled in. */
    message: text('message').notNull(),
    /** The value each variable took for this recipient (fallbacks applied): greeting and images agree with the video. */
    values: jsonb('values').$type<Record<string, string>>(),
    /** E-mail images made on first request when there is no personal render. */
    poster: text('poster'),
    gif: text('gif'),
    token: text('token').notNull(),
    renderId: text('render_id').references(() => personalRenders.id, { onDelete: 'set null' }),
    status: text('status').$type<DeliveryStatus>().notNull(),
    ...leaseColumns(),
    /** The UTC day whose quota this delivery consumed (consumed once, whatever the retries). */
    quotaDay: text('quota_day'),
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** The queue job now in charge (pg-boss id), for the sweeper. */
    jobId: text('job_id'),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('deliveries_video_recipient_platform_uq').on(t.videoId, t.recipientKey, t.platform),
    uniqueIndex('deliveries_token_uq').on(t.token),
    index('deliveries_distribution_status_idx').on(t.distributionId, t.status),
    index('deliveries_video_created_idx').on(t.videoId, t.createdAt, t.id),
    index('deliveries_user_campaign_idx').on(t.workspaceId, t.campaignId, t.status),
    // The workspace's rows in key order, as the data export pages through them.
    index('deliveries_user_id_idx').on(t.workspaceId, t.id),
    index('deliveries_campaign_idx').on(t.campaignId),
    index('deliveries_render_idx').on(t.renderId),
    index('deliveries_contact_idx').on(t.contactId),
    index('deliveries_social_contact_idx').on(t.socialContactId),
    index('deliveries_profile_idx').on(t.profileId),
    // The sweeper's scan: unfinished rows only.
    index('deliveries_open_idx').on(t.updatedAt).where(sql`${t.status} in ('pending', 'sending', 'deferred')`),
  ],
);
export type DeliveryRow = typeof deliveries.$inferSelect;

/** Sends per sending account and UTC day, counted atomically against the channel's daily limit. */
export const deliveryQuotas = pgTable(
  'delivery_quotas',
  {
    accountKey: text('account_key').notNull(),
    day: text('day').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountKey, t.day] })],
);

/** Recipients without a contact row to flag (social contacts) who unsubscribed from a workspace's videos. */
export const distributionOptOuts = pgTable(
  'distribution_opt_outs',
  {
    workspaceId: workspaceId(),
    recipientKey: text('recipient_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.recipientKey] })],
);

/**
 * A video's share link (`/v/<token>`) for an anonymous audience: one per video, made on the
 * first Share. Regenerating replaces the token (the old link stops working); revoking deletes
 * the row. Views through it count like any other (channel `share`, anonymous viewers).
 */
export const videoShares = pgTable(
  'video_shares',
  {
    videoId: videoKey(),
    workspaceId: workspaceId(),
    token: text('token').notNull(),
    /**
     * A video whose script has variables: the render with every variable at its fallback ("Hi
     * there!"), made once on the first Share (docs/decisions/130); null for a video without.
     */
    renderId: text('render_id').references(() => personalRenders.id, { onDelete: 'set null' }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('video_shares_token_uq').on(t.token), index('video_shares_user_idx').on(t.workspaceId)],
);
export type VideoShareRow = typeof videoShares.$inferSelect;

/**
 * Landing-page tokens (deliveries', share links') of deleted videos: their page answers "no longer
 * available" (410) instead of "not valid". The token only, nothing about the recipient.
 */
export const removedLinks = pgTable(
  'removed_links',
  {
    token: text('token').primaryKey(),
    workspaceId: workspaceId(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('removed_links_user_idx').on(t.workspaceId)],
);

/**
 * The opt-out of a deleted video's delivery (docs/decisions/206): the opt-out belongs to the
 * recipient, not to the video, so the delivery's unsubscribe link and its RFC 8058 one-click POST
 * keep working once the video and its deliveries are gone. Written with removed_links, before the
 * delete; kept for as long as the workspace (at least the 30 days the issue asks).
 */
export const unsubscribeLinks = pgTable(
  'unsubscribe_links',
  {
    token: text('token').primaryKey(),
    workspaceId: workspaceId(),
    /** The delivery's id (its row is gone: no foreign key), for the contact.unsubscribed event. */
    deliveryId: text('delivery_id').notNull(),
    contactId: text('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    recipientKey: text('recipient_key').notNull(),
    platform: text('platform').$type<Channel>().notNull(),
    address: text('address').notNull(),
    recipientName: text('recipient_name'),
    /** The sender the page names, as the delivery's page named it when the video was deleted. */
    senderName: text('sender_name').notNull(),
    /** en, fr or es: the page's language, the delivery's (decision 226); null on links kept before it was: the contact's, else English. */
    language: text('language'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('unsubscribe_links_workspace_idx').on(t.workspaceId)],
);

/**
 * The workspace's defaults for what recipients see (Settings → Sending): the send step starts from
 * them; a landing page falls back to them when neither its video nor its campaign sets a value.
 */
export const sendDefaults = pgTable('send_defaults', {
  workspaceId: workspaceId().primaryKey(),
  senderName: text('sender_name'),
  subject: text('subject'),
  ctaLabel: text('cta_label'),
  ctaUrl: text('cta_url'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SendDefaultsRow = typeof sendDefaults.$inferSelect;
