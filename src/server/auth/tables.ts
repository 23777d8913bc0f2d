import { pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';
import { users } from '../../domains/users/tables';
import { workspaces } from '../../domains/workspaces/tables';

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The workspace this session acts in (the switcher sets it); null: the user's personal one. */
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
