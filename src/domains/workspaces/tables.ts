import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';
import { createdAtColumn, parentId, timestamps } from '../../server/db/columns';
import type { Role } from './constants';

/**
 * A workspace: what campaigns, videos, avatars, contacts, social profiles, templates and figures
 * belong to (docs/decisions/200-workspaces.md). Every user has a personal one whose id is the
 * user's id (a trigger of `users` creates it, so no path that makes a user can forget it); a
 * workspace on a plan with seats invites members. Its plan is its owner's subscription.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    ownerId: parentId('owner_id', () => users.id),
    ...timestamps(),
  },
  (t) => [index('workspaces_owner_idx').on(t.ownerId)],
);

/** Who may act in a workspace, and as what. The owner is a member with the role `owner`. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: parentId('workspace_id', () => workspaces.id),
    userId: parentId('user_id', () => users.id),
    role: text('role').$type<Role>().notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index('workspace_members_user_idx').on(t.userId)],
);

/** An invitation by e-mail: a single-use, expiring link whose token only the e-mail holds (its SHA-256 is kept). */
export const workspaceInvites = pgTable(
  'workspace_invites',
  {
    id: text('id').primaryKey(),
    workspaceId: parentId('workspace_id', () => workspaces.id),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('workspace_invites_token_uq').on(t.tokenHash),
    // One pending invitation per address and workspace: inviting again replaces it.
    uniqueIndex('workspace_invites_pending_uq').on(t.workspaceId, sql`lower(${t.email})`).where(sql`${t.acceptedAt} is null`),
  ],
);

/** The workspace a row belongs to: deleting the workspace deletes it. */
export const workspaceId = () => parentId('workspace_id', () => workspaces.id);

/** Who created a row. Kept when that member leaves; null once their account is deleted. */
export const createdBy = () => text('created_by').references(() => users.id, { onDelete: 'set null' });

/** A workspace's own object: its text id, its workspace, and who created it. */
export const ownedColumns = () => ({ id: text('id').primaryKey(), workspaceId: workspaceId(), createdBy: createdBy() });

export type WorkspaceRow = typeof workspaces.$inferSelect;
