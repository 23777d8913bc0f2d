import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { invalidInput } from '../http/app-error';
import { PAGE_DEFAULT, PAGING_MESSAGES, type Page, type TPage } from '../../shared/paging';
import { ID_PATTERN } from '../../shared/zod-text';

// Keyset pagination (docs/decisions/180-cursor-pagination.md). A cursor is base64url(JSON [key, id]):
// the sort key and id of the last row of the page. It is opaque to clients and validated here; it is
// not a capability: every query stays scoped to its owner, so a forged cursor only moves within the
// caller's own rows. No OFFSET: the next page starts strictly after (key, id), so rows inserted
// between two calls never shift a page (no duplicate, no gap).

/** A timestamp at the database's precision (microseconds): a millisecond key would skip rows. */
const TIMESTAMP_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export type Cursor = { key: string; id: string };

/** A timestamp column as the cursor's key: ISO 8601 UTC with microseconds, formatted by the database. */
export const timestampKey = (column: SQLWrapper) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.key, c.id])).toString('base64url');
}

/** The cursor of a request, or null for the first page; anything but a cursor we wrote → 400. */
export function decodeCursor(raw: string | null | undefined): Cursor | null {
  if (raw === undefined || raw === null || raw === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalidInput(PAGING_MESSAGES.cursor);
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalidInput(PAGING_MESSAGES.cursor);
  const [key, id] = parsed;
  if (typeof key !== 'string' || !TIMESTAMP_KEY.test(key) || Number.isNaN(Date.parse(key))) throw invalidInput(PAGING_MESSAGES.cursor);
  if (typeof id !== 'string' || id.length > 64 || !ID_PATTERN.test(id)) throw invalidInput(PAGING_MESSAGES.cursor);
  return { key, id };
}

/**
 * The rows after the cursor in (key, id) order: a row comparison, which PostgreSQL answers with a
 * range scan of an index on (…, key, id).
 */
export function afterCursor(key: SQLWrapper, id: SQLWrapper, cursor: Cursor | null, order: 'asc' | 'desc'): SQL | undefined {
  if (!cursor) return undefined;
  return order === 'desc'
    ? sql`(${key}, ${id}) < (${cursor.key}::timestamptz, ${cursor.id})`
    : sql`(${key}, ${id}) > (${cursor.key}::timestamptz, ${cursor.id})`;
}

/** How many rows to read: one more than the page, to know whether a next page exists. */
export const fetchSize = (page: TPage | undefined) => (page?.limit ?? PAGE_DEFAULT) + 1;

/** Cuts the extra row off and makes the next cursor from the last row kept. */
export function toPage<R, T>(rows: R[], page: TPage | undefined, cursorOf: (row: R) => Cursor, map: (row: R) => T): Page<T> {
  const limit = page?.limit ?? PAGE_DEFAULT;
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  return { items: kept.map(map), nextCursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}
