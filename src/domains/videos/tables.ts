import { doublePrecision, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { campaigns } from '../campaigns/tables';
import { ownedColumns } from '../workspaces/tables';
import { timestamps } from '../../server/db/columns';

import type { VideoStatus } from './constants';
export { VIDEO_STATUSES, type VideoStatus } from './constants';

export const videos = pgTable(
  'videos',
  {
    ...ownedColumns(),
    title: text('title').notNull(),
    /** With its placeholders ({first_name}, custom columns): resolved per recipient when sent. */
    script: text('script'),
    /** The values the preview render used ("Preview for Jane"); never what a recipient gets. */
    previewValues: jsonb('preview_values').$type<Record<string, string>>(),
    /** Per variable, what a recipient without a value gets; null: none (every recipient needs one). */
    variableFallbacks: jsonb('variable_fallbacks').$type<Record<string, string | null>>(),
    status: text('status').$type<VideoStatus>().notNull().default('draft'),
    duration: doublePrecision('duration'),
    thumbnail: text('thumbnail'),
    videoUrl: text('video_url'),
    avatarId: text('avatar_id'),
    avatarType: text('avatar_type'),
    voiceId: text('voice_id'),
    /** The voice's language when rendered: its default fallbacks, and the e-mail and page of a recipient without one (decision 226). */
    language: text('language'),
    backgroundId: text('background_id'),
    templateId: text('template_id'),
    templateType: text('template_type'),
    // Deleting a campaign keeps its videos and unlinks them.
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    platforms: jsonb('platforms').$type<string[]>().notNull().default([]),
    /**
     * What its landing pages show, set in the send step (decision 224): null inherits the campaign's,
     * else the workspace's defaults. Read when a page is opened, so a change reaches pages already sent.
     */
    ctaLabel: text('cta_label'),
    ctaUrl: text('cta_url'),
    senderName: text('sender_name'),
    resolution: text('resolution'),
    progress: integer('progress').notNull().default(0),
    errorMessage: text('error_message'),
    provider: text('provider'),
    providerJobId: text('provider_job_id'),
    ...timestamps(),
  },
  (t) => [
    // My Videos' and a campaign's videos in keyset order (created_at, id): index ranges (decision 180).
    index('videos_user_created_idx').on(t.workspaceId, t.createdAt, t.id),
    index('videos_campaign_idx').on(t.campaignId, t.createdAt, t.id),
    // Per-campaign video and published counts, and the dashboard's popular templates, from the index alone.
    index('videos_user_campaign_status_idx').on(t.workspaceId, t.campaignId, t.status),
    index('videos_user_template_idx').on(t.workspaceId, t.templateId),
  ],
);
export type VideoRow = typeof videos.$inferSelect;

/** The key of a row that extends one video (its share link, its counters): the video's id, deleted with it. */
export const videoKey = () =>
  text('video_id')
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' });
