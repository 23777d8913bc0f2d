import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PublishPlatform, PublishTarget, UploadSession, Visibility } from '../../server/providers/publishing/types';
import { createdAtColumn, timestamps } from '../../server/db/columns';
import { campaigns } from '../campaigns/tables';
import { videos } from '../videos/tables';
import { ownedColumns } from '../workspaces/tables';
import type { PublicationStatus } from './constants';

// Publishing a finished video to Facebook, Instagram and YouTube (docs/decisions/229).

export type ConnectionStatus = 'connected' | 'expired';

/**
 * A workspace's grant on one platform: the token (JSON of PublishToken) only encrypted, bound to the
 * row's id, never answered; the targets (Pages, accounts, channels) it may publish to.
 */
export const publishingConnections = pgTable(
  'publishing_connections',
  {
    ...ownedColumns(),
    platform: text('platform').$type<PublishPlatform>().notNull(),
    /** The provider that issued the token: 'sandbox', 'facebook' or 'youtube'. */
    provider: text('provider').notNull(),
    tokenEncrypted: text('token_encrypted').notNull(),
    targets: jsonb('targets').$type<PublishTarget[]>().notNull().default([]),
    status: text('status').$type<ConnectionStatus>().notNull().default('connected'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('publishing_connections_platform_uq').on(t.workspaceId, t.platform)],
);
export type PublishingConnectionRow = typeof publishingConnections.$inferSelect;

/** One OAuth attempt: the state (only its SHA-256 here) is single use and expires. */
export const publishingStates = pgTable(
  'publishing_states',
  {
    ...ownedColumns(),
    platform: text('platform').$type<PublishPlatform>().notNull(),
    stateHash: text('state_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('publishing_states_hash_uq').on(t.stateHash), index('publishing_states_workspace_idx').on(t.workspaceId)],
);

export { PUBLICATION_STATUSES, type PublicationStatus } from './constants';

/**
 * One video published to one target. `requestKey` makes a repeated request the same row (and no
 * second job); `session` is the platform's upload session, stored before bytes go, so a retry resumes.
 */
export const publications = pgTable(
  'publications',
  {
    ...ownedColumns(),
    videoId: text('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    platform: text('platform').$type<PublishPlatform>().notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    title: text('title').notNull(),
    /** As sent: carries the video's share link with `?via=<this id>`. */
    description: text('description').notNull(),
    visibility: text('visibility').$type<Visibility>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    requestKey: text('request_key').notNull(),
    status: text('status').$type<PublicationStatus>().notNull().default('queued'),
    session: jsonb('session').$type<UploadSession>(),
    postId: text('post_id'),
    url: text('url'),
    /** Why it is waiting (the platform's quota), for the screen. */
    note: text('note'),
    error: text('error'),
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    views: integer('views'),
    /** Where `views` comes from (the platform's insight field, or the sandbox's plays). */
    viewsSource: text('views_source'),
    insightsAt: timestamp('insights_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('publications_request_key_uq').on(t.workspaceId, t.requestKey),
    index('publications_video_idx').on(t.workspaceId, t.videoId),
    index('publications_campaign_idx').on(t.workspaceId, t.campaignId),
    index('publications_insights_idx').on(t.status, t.insightsAt),
  ],
);
export type PublicationRow = typeof publications.$inferSelect;

/** What the sandbox provider "published" (one per publication): the sandbox posts page, and its player's plays. */
export const sandboxPosts = pgTable(
  'sandbox_posts',
  {
    ...ownedColumns(),
    publicationId: text('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<PublishPlatform>().notNull(),
    targetName: text('target_name').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    visibility: text('visibility').$type<Visibility>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    sessionId: text('session_id').notNull(),
    plays: integer('plays').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [uniqueIndex('sandbox_posts_publication_uq').on(t.publicationId), index('sandbox_posts_workspace_idx').on(t.workspaceId, t.createdAt)],
);
export type SandboxPostRow = typeof sandboxPosts.$inferSelect;
