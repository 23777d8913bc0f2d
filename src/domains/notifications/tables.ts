import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NoticeData, NoticeKind } from '../../shared/notices';
import { createdAtColumn } from '../../server/db/columns';
import { users } from '../users/tables';
import { workspaceId } from '../workspaces/tables';

/**
 * One thing told to one user (decision 225): shown in the bell's feed when `inFeed`, e-mailed when
 * `emailState` is pending (then sent). `dedupeKey` makes a repeated event (the same viewer opening
 * the page again, a job run twice) one notice.
 */
export const notices = pgTable(
  'notices',
  {
    id: text('id').primaryKey(),
    workspaceId: workspaceId(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NoticeKind>().notNull(),
    /** The video it is about (no foreign key: a notice outlives a deleted video, its title kept in data). */
    videoId: text('video_id'),
    /** The send it is about, for the link to its progress. */
    distributionId: text('distribution_id'),
    /**
     * The origin of the request that started what it reports on (a send's `distributions.base_url`, a
     * render's `render_tasks.link_origin`), for its e-mail's link; for a share link's viewer and the digest,
     * the user's last known origin (record.ts); null when none is known: APP_URL, else localhost.
     */
    linkOrigin: text('link_origin'),
    data: jsonb('data').$type<NoticeData>().notNull().default({}),
    dedupeKey: text('dedupe_key').notNull(),
    inFeed: boolean('in_feed').notNull(),
    emailState: text('email_state').$type<'none' | 'pending' | 'sent'>().notNull().default('none'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex('notices_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notices_feed_idx').on(t.userId, t.workspaceId, t.createdAt).where(sql`${t.inFeed}`),
  ],
);
export type NoticeRow = typeof notices.$inferSelect;
