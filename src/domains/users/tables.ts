import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { UserSettings } from '../settings/schemas';
import { parentId, timestamps } from '../../server/db/columns';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    /** When the current address was proven by a link sent to it (null: never; docs/decisions/205). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    fullName: text('full_name').notNull(),
    companyName: text('company_name'),
    position: text('position'),
    phoneNumber: text('phone_number'),
    avatarUrl: text('avatar_url'),
    /** The landing pages' brand: a logo (a stored upload) and a `#rrggbb` colour; campaigns may override the colour. */
    brandLogoUrl: text('brand_logo_url'),
    brandColor: text('brand_color'),
    passwordHash: text('password_hash').notNull(),
    settings: jsonb('settings').$type<UserSettings>().notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`), uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;

/** The owner of a row: its user, whose deletion deletes it. */
export const ownerId = () => parentId('user_id', () => users.id);
