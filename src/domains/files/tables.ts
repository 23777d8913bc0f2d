import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdBy, workspaces } from '../workspaces/tables';
import { createdAtColumn } from '../../server/db/columns';

// Every stored object, with its workspace: storage usage and clean-up come from here.
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    createdBy: createdBy(),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('files_user_idx').on(t.workspaceId, t.kind)],
);
