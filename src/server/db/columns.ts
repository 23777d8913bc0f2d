/**
 * Column sets the tables repeat, spelled once. Each call makes new column builders (drizzle binds a
 * builder to one table), and each gives exactly the SQL the tables had written out by hand: the
 * schema snapshot, hence the migrations, do not change.
 */
import { type AnyPgColumn, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A required reference to a parent row, deleted with it. */
export const parentId = (name: string, parent: () => AnyPgColumn) => text(name).notNull().references(parent, { onDelete: 'cascade' });

/** `created_at`, set by the database. */
export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `created_at` and `updated_at`, both set by the database on insert. */
export const timestamps = () => ({
  createdAt: createdAtColumn(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An outbox row's claim: the attempt that holds it, until when, and how many attempts so far. */
export const leaseColumns = () => ({
  attemptId: text('attempt_id'),
  attempts: integer('attempts').notNull().default(0),
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
});
