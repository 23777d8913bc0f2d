import { and, asc, count, eq, getTableName, gt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../server/db/client';
import { campaigns } from '../campaigns/tables';
import { contactLists, contacts } from '../contacts/tables';
import { deliveries } from '../distribution/tables';
import { trackingEvents } from '../tracking/tables';
import { videos } from '../videos/tables';
import type { ExportDataset } from './constants';

/** Rows read per query: keyset pages over the primary key, so memory stays flat whatever the volume. */
export const BATCH = 5000;

type Owned = PgTable & { id: PgColumn; workspaceId: PgColumn };

/**
 * One dataset of the archive: its table (every one has `id` and `workspace_id`) and the columns
 * written, in order. Internal bookkeeping (leases, job ids, landing tokens) stays out.
 */
export type Source = { name: ExportDataset; table: Owned; columns: readonly string[] };

export const SOURCES: readonly Source[] = [
  {
    name: 'campaigns',
    table: campaigns,
    columns: [
      'id',
      'name',
      'description',
      'status',
      'sector',
      'startDate',
      'endDate',
      'platforms',
      'totalBudget',
      'spentBudget',
      'ctaLabel',
      'ctaUrl',
      'senderName',
      'brandColor',
      'createdAt',
      'updatedAt',
    ],
  },
  {
    name: 'videos',
    table: videos,
    columns: [
      'id',
      'campaignId',
      'title',
      'script',
      'status',
      'duration',
      'resolution',
      'platforms',
      'avatarId',
      'voiceId',
      'templateId',
      'backgroundId',
      'videoUrl',
      'thumbnail',
      'provider',
      'previewValues',
      'variableFallbacks',
      'errorMessage',
      'createdAt',
      'updatedAt',
    ],
  },
  { name: 'contact-lists', table: contactLists, columns: ['id', 'name', 'description', 'createdAt', 'updatedAt'] },
  {
    name: 'contacts',
    table: contacts,
    columns: [
      'id',
      'listId',
      'name',
      'firstName',
      'lastName',
      'email',
      'company',
      'position',
      'linkedinUrl',
      'phoneNumber',
      'fields',
      'unsubscribedAt',
      'createdAt',
      'updatedAt',
    ],
  },
  {
    name: 'deliveries',
    table: deliveries,
    columns: [
      'id',
      'distributionId',
      'campaignId',
      'videoId',
      'contactId',
      'platform',
      'address',
      'recipientName',
      'subject',
      'message',
      'values',
      'status',
      'attempts',
      'providerMessageId',
      'error',
      'sentAt',
      'createdAt',
      'updatedAt',
    ],
  },
  {
    name: 'events',
    table: trackingEvents,
    columns: ['id', 'videoId', 'campaignId', 'channel', 'event', 'viewId', 'viewer', 'percent', 'createdAt', 'updatedAt'],
  },
];

const pick = (source: Source) => Object.fromEntries(source.columns.map((c) => [c, (source.table as unknown as Record<string, PgColumn>)[c]!]));

/**
 * Fresh planner statistics for the tables read. Embedded PGlite runs no autovacuum, and a server's
 * lags behind bulk imports: without statistics the planner expects a handful of rows per workspace, picks
 * a bitmap scan and sorts every remaining row for each page (measured: 170 ms a page at 200,000
 * events instead of 1 ms, so the export grows quadratically). ANALYZE samples at most ~30,000 rows
 * per table, so it costs well under a second whatever the table's size.
 */
export async function refreshStatistics(db: Db) {
  await db.execute(sql.raw(`analyze ${SOURCES.map((s) => `"${getTableName(s.table)}"`).join(', ')}`));
}

/** How many rows of the workspace the dataset holds (for progress). */
export async function countRows(opts: { db: Db; source: Source; workspaceId: string }): Promise<number> {
  const { db, source, workspaceId } = opts;
  const [row] = await db.select({ n: count() }).from(source.table).where(eq(source.table.workspaceId, workspaceId));
  return Number(row?.n ?? 0);
}

/** The workspace's rows, page by page in primary-key order (keyset: `id > last`, never OFFSET). */
export async function* readRows(db: Db, source: Source, workspaceId: string, batch = BATCH): AsyncGenerator<Record<string, unknown>[]> {
  const { table } = source;
  let after: unknown;
  for (;;) {
    const where: SQL | undefined = and(eq(table.workspaceId, workspaceId), after === undefined ? undefined : gt(table.id, after));
    const rows = (await db.select(pick(source)).from(table).where(where).orderBy(asc(table.id)).limit(batch)) as Record<string, unknown>[];
    if (rows.length) yield rows;
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.id;
  }
}
