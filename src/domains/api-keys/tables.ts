import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ApiKeyScope } from '../../shared/api-key-scopes';
import { ownerId } from '../users/tables';
import { workspaceId } from '../workspaces/tables';
import { createdAtColumn } from '../../server/db/columns';

// Keys are shown once; only a SHA-256 of the secret is stored.
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    /** The key's user, and the workspace it acts in: it stops working there when the user leaves it. */
    userId: ownerId(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    /** What the key may do beyond reading and editing the workspace's data: 'billing' lets it spend (docs/decisions/207). None by default. */
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAtColumn(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_idx').on(t.hash), index('api_keys_user_idx').on(t.userId)],
);
