import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../users/tables';
import { createdAtColumn } from '../../server/db/columns';

// Every stored object, with its owner: storage usage and clean-up come from here.
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('files_user_idx').on(t.userId, t.kind)],
);
