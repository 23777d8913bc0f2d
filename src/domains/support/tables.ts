import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAtColumn } from '../../server/db/columns';
import { ownerId } from '../users/tables';
import { workspaceId } from '../workspaces/tables';

/**
 * A message to support from the Help page. Stored before it is e-mailed, so that a mail server
 * that is away loses nothing: the e-mail job retries and stamps `emailedAt` once it went out.
 */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: text('id').primaryKey(),
    /** The short number shown to the user and put in the e-mail's subject. */
    reference: text('reference').notNull().unique(),
    workspaceId: workspaceId(),
    userId: ownerId(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The address replies go to: the user's at the time of the request. */
    replyTo: text('reply_to').notNull(),
    createdAt: createdAtColumn(),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [index('support_requests_user_idx').on(t.userId, t.workspaceId)],
);
