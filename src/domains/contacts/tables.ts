import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedColumns } from '../workspaces/tables';
import { parentId, timestamps } from '../../server/db/columns';

export const contactLists = pgTable(
  'contact_lists',
  {
    ...ownedColumns(),
    name: text('name').notNull(),
    description: text('description'),
    ...timestamps(),
  },
  (t) => [index('contact_lists_user_created_idx').on(t.workspaceId, t.createdAt, t.id)],
);
export type ContactListRow = typeof contactLists.$inferSelect;

/** The phone key duplicates are judged on: its digits only ("+33 6 12…" = "33612…"). */
export const PHONE_KEY_SQL = (column: unknown) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

export const contacts = pgTable(
  'contacts',
  {
    ...ownedColumns(),
    listId: parentId('list_id', () => contactLists.id),
    name: text('name').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    company: text('company'),
    position: text('position'),
    linkedinUrl: text('linkedin_url'),
    phoneNumber: text('phone_number'),
    /** en, fr or es: the language of their e-mail and landing page; null: the video's (decision 226). */
    language: text('language').$type<'en' | 'fr' | 'es'>(),
    /** Custom columns of the import (`industry`, `background_url`, …), by normalised name: `{industry}` in a script. */
    fields: jsonb('fields').$type<Record<string, string>>().notNull().default({}),
    /** Set by the one-click unsubscribe of a delivery; distribution skips the contact. */
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // A list's contacts in keyset order (created_at, id) (decision 180).
    index('contacts_list_created_idx').on(t.listId, t.createdAt, t.id),
    // (user, id): the owner's rows in key order, as the data export pages through them.
    index('contacts_user_idx').on(t.workspaceId, t.id),
    // One contact per e-mail (case-insensitive) and per phone number (digits) in a list.
    uniqueIndex('contacts_list_email_uq').on(t.listId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    uniqueIndex('contacts_list_phone_uq').on(t.listId, PHONE_KEY_SQL(t.phoneNumber)).where(sql`${t.phoneNumber} is not null`),
  ],
);
export type ContactRow = typeof contacts.$inferSelect;
