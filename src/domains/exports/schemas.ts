import { z } from 'zod';
import { EXPORT_STATUSES } from './constants';

export const ZRequestExport = z.object({ includeFiles: z.boolean().default(false) }).strict();
export type TRequestExport = z.infer<typeof ZRequestExport>;

/**
 * An export as the screen sees it (tRPC `exports.list` and `request`). The instants are `Date`s here:
 * the service hands drizzle's rows on, and tRPC (no transformer) writes them as ISO strings.
 */
export const ZExportView = z.object({
  id: z.string(),
  /** 'expired': a ready archive past its days, until the sweep deletes it. */
  status: z.enum([...EXPORT_STATUSES, 'expired']),
  includeFiles: z.boolean(),
  progress: z.number(),
  /** Rows written per dataset (empty until the build counts them). */
  counts: z.record(z.string(), z.number().int()),
  size: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
  downloadUrl: z.string().nullable(),
});
export const ZExportViews = z.array(ZExportView);
