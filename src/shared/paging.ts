import { z } from 'zod';

// Cursor pagination of the lists that grow (docs/decisions/180-cursor-pagination.md): one input
// shape for tRPC and REST (`?limit=&cursor=`), one answer shape for tRPC ({ items, nextCursor }).

export const PAGE_DEFAULT = 50;
export const PAGE_MAX = 200;
/** A cursor is base64url of a short JSON pair: far below this. */
export const CURSOR_MAX = 200;

export const PAGING_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${PAGE_MAX}`,
  cursor: 'Invalid cursor',
} as const;

/** `limit` (default 50, at most 200) and the `cursor` a previous page returned. REST query strings are coerced. */
export const ZPage = z
  .object({
    limit: z.coerce
      .number({ error: PAGING_MESSAGES.limit })
      .int({ error: PAGING_MESSAGES.limit })
      .min(1, { error: PAGING_MESSAGES.limit })
      .max(PAGE_MAX, { error: PAGING_MESSAGES.limit })
      .optional(),
    cursor: z
      .string({ error: PAGING_MESSAGES.cursor })
      .max(CURSOR_MAX, { error: PAGING_MESSAGES.cursor })
      .regex(/^[A-Za-z0-9_-]+$/, { error: PAGING_MESSAGES.cursor })
      .nullish(),
    /** Sent by tRPC's infinite queries with every page; lists only page forward, so it is ignored. */
    direction: z.enum(['forward', 'backward'], { error: 'direction must be forward or backward' }).optional(),
  })
  .strict();
export type TPage = z.infer<typeof ZPage>;

/** The cursor of the next page in an object answer (REST lists that answer an object carry it in the body as well). */
export const ZNextCursor = z.string().nullable().describe('the cursor of the next page (pass it as ?cursor=); null on the last page');

/** tRPC's answer for a page: the rows, and the cursor of the next page (null on the last one). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export type Page<T> = { items: T[]; nextCursor: string | null };
