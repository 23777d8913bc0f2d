import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ownedColumns } from '../workspaces/tables';
import type { ExportStatus } from './constants';
import { createdAtColumn } from '../../server/db/columns';

/**
 * One data export: the status row the screen polls while the job builds the archive, then
 * where the archive is stored and until when it may be downloaded (7 days).
 * Per workspace (docs/decisions/167-data-export.md); `createdBy` is who asked, and receives the e-mail.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    ...ownedColumns(),
    status: text('status').$type<ExportStatus>().notNull().default('queued'),
    /** Video files (renders and thumbnails) are added to the archive, not only their metadata. */
    includeFiles: boolean('include_files').notNull().default(false),
    /** 0–100: rows (and files) written out of those counted when the job started. */
    progress: integer('progress').notNull().default(0),
    /** Rows written per dataset, and files added: the screen and the manifest show them. */
    counts: jsonb('counts').$type<Record<string, number>>().notNull().default({}),
    /** Storage key of the archive (a `files` row of kind `export`, never served by /files). */
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    error: text('error'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when ready: the archive is downloadable until then and deleted after. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_created_idx').on(t.workspaceId, t.createdAt),
    index('data_exports_expires_idx').on(t.expiresAt),
    // One export at a time per workspace, whatever the number of requests or app processes (docs/decisions/207).
    uniqueIndex('data_exports_one_active_uq').on(t.workspaceId).where(sql`${t.status} in ('queued', 'running')`),
  ],
);
export type DataExportRow = typeof dataExports.$inferSelect;
