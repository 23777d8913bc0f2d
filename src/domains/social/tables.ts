import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountStatus, MessagingPlatform } from '../../server/providers/messaging/types';
import { ownedColumns } from '../workspaces/tables';
import { createdAtColumn, parentId, timestamps } from '../../server/db/columns';

/**
 * A connected social / messaging account. The provider's account id grants access to the
 * person's account, so it is stored encrypted (AES-256-GCM, bound to the row) and looked up
 * through a keyed hash (webhooks name accounts by id). Credentials are never stored.
 */
export const socialProfiles = pgTable(
  'social_profiles',
  {
    ...ownedColumns(),
    platform: text('platform').$type<MessagingPlatform>().notNull(),
    profileName: text('profile_name').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    /** 'sandbox' or 'unipile': the provider the account lives in. */
    provider: text('provider').notNull(),
    accountRef: text('account_ref').notNull(),
    accountIdEnc: text('account_id_enc').notNull(),
    providerStatus: text('provider_status'),
    checkpointType: text('checkpoint_type'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    contactsSyncedAt: timestamp('contacts_synced_at', { withTimezone: true }),
    /** Seen and used by every member of the workspace (true), or by its creator only. */
    shared: boolean('shared').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('social_profiles_user_account_uq').on(t.workspaceId, t.accountRef),
    index('social_profiles_account_ref_idx').on(t.accountRef),
    index('social_profiles_user_idx').on(t.workspaceId, t.createdAt),
  ],
);
export type SocialProfileRow = typeof socialProfiles.$inferSelect;

export type ConnectRequestStatus = 'pending' | 'completed' | 'cancelled';

/** One authorisation attempt (hosted link / sandbox consent page), matched back by id or token. */
export const socialConnectRequests = pgTable(
  'social_connect_requests',
  {
    ...ownedColumns(),
    /** null = the user picks the platform on the provider's page. */
    platform: text('platform').$type<MessagingPlatform>(),
    /** SHA-256 of the consent page token (the token itself is only in the link). */
    tokenHash: text('token_hash').notNull(),
    redirectUri: text('redirect_uri'),
    status: text('status').$type<ConnectRequestStatus>().notNull().default('pending'),
    profileId: text('profile_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('social_connect_requests_token_uq').on(t.tokenHash), index('social_connect_requests_user_idx').on(t.workspaceId)],
);
export type ConnectRequestRow = typeof socialConnectRequests.$inferSelect;

/** People reachable through a connected account, as last fetched from its provider. */
export const socialContacts = pgTable(
  'social_contacts',
  {
    ...ownedColumns(),
    profileId: parentId('profile_id', () => socialProfiles.id),
    platform: text('platform').$type<MessagingPlatform>().notNull(),
    providerId: text('provider_id').notNull(),
    name: text('name').notNull(),
    headline: text('headline'),
    profileUrl: text('profile_url'),
    profilePictureUrl: text('profile_picture_url'),
    phone: text('phone'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_contacts_profile_provider_uq').on(t.profileId, t.providerId), index('social_contacts_user_idx').on(t.workspaceId, t.platform)],
);
export type SocialContactRow = typeof socialContacts.$inferSelect;

/**
 * The sandbox inbox: every message the sandbox providers "sent" (social messages now, e-mail
 * when no SMTP server is configured), for the user to read. Nothing here left the machine.
 */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    ...ownedColumns(),
    /** linkedin, whatsapp, … or email. */
    channel: text('channel').notNull(),
    to: text('to_address').notNull(),
    from: text('from_address'),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    /**
     * Who alone may read a message carrying a secret link (docs/decisions/205): `user:<id>` (a reset or
     * verification link of that account) or `admins` (an invitation: those who could have made it).
     * Null: every member of the workspace (what they send to contacts).
     */
    readableBy: text('readable_by'),
    createdAt: createdAtColumn(),
  },
  (t) => [index('sandbox_messages_user_created_idx').on(t.workspaceId, t.createdAt)],
);
export type SandboxMessageRow = typeof sandboxMessages.$inferSelect;
