import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { isUniqueViolation } from '../../server/db/errors';
import { AppError } from '../../server/http/app-error';
import type { JobQueue } from '../../server/jobs/queue';
import type { StorageProvider } from '../../server/providers/storage/types';
import { newId } from '../../shared/ids';
import { files } from '../files/tables';
import { createdIn, inWorkspace, requireRole, type Scope } from '../../server/scope';
import { EXPORT_TTL_DAYS } from './constants';
import type { TRequestExport } from './schemas';
import { dataExports, type DataExportRow } from './tables';

export const EXPORT_JOB = 'data-export';
export const EXPORT_CLEANUP_JOB = 'data-export-cleanup';
/** `linkOrigin`: where the ready e-mail's link points, decided by the request that asked (src/server/http/base-url.ts). */
export type ExportJob = { exportId: string; linkOrigin?: string };

const NOT_FOUND = 'Export not found';
export const EXPORT_IN_PROGRESS = 'An export is already being prepared';
const DAY = 86_400_000;

/** The screen's view of an export: an archive past its 7 days reads as expired until the sweep deletes it. */
export function presentExport(row: DataExportRow, now = new Date()) {
  const expired = row.status === 'ready' && !!row.expiresAt && row.expiresAt <= now;
  return {
    id: row.id,
    status: expired ? ('expired' as const) : row.status,
    includeFiles: row.includeFiles,
    progress: row.progress,
    counts: row.counts,
    size: row.size,
    error: row.error,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
    expiresAt: row.expiresAt,
    downloadUrl: row.status === 'ready' && !expired ? downloadPath(row.id) : null,
  };
}
export type ExportView = ReturnType<typeof presentExport>;

export const downloadPath = (id: string) => `/exports/${id}/download`;

/**
 * Queues an export of everything the workspace holds (admins only: 403 otherwise). One at a time:
 * a second request while one is queued or being built answers 409. The workspace's expired archives are
 * deleted first (the hourly sweep does the same for everyone).
 */
export async function requestExport(opts: {
  db: Db;
  storage: StorageProvider;
  queue: Pick<JobQueue, 'send'>;
  scope: Scope;
  input: TRequestExport;
  /** The origin of the ready e-mail's link (APP_URL, else the asking request's origin). */
  linkOrigin?: string;
  now?: Date;
}) {
  const { db, scope, now = new Date() } = opts;
  requireRole(scope, 'admin');
  await cleanExpiredExports({ db, storage: opts.storage, now, workspaceId: scope.workspaceId });
  const id = newId();
  // The partial unique index (one queued or running export per workspace) decides, not a read before
  // the insert: concurrent requests, on any number of app processes, get one export (docs/decisions/207).
  const [row] = await db
    .insert(dataExports)
    .values({ id, ...createdIn(scope), includeFiles: opts.input.includeFiles, createdAt: now })
    .returning()
    .catch((e: unknown) => {
      if (isUniqueViolation(e)) throw new AppError('IN_PROGRESS', EXPORT_IN_PROGRESS);
      throw e;
    });
  await opts.queue.send<ExportJob>(EXPORT_JOB, { exportId: id, linkOrigin: opts.linkOrigin });
  return presentExport(row!, now);
}

/** The workspace's recent exports, newest first. A read: it never deletes (the sweep and the next request do). */
export async function listExports(opts: { db: Db; scope: Scope; now?: Date }) {
  const rows = await opts.db.select().from(dataExports).where(inWorkspace(dataExports, opts.scope)).orderBy(desc(dataExports.createdAt)).limit(10);
  return rows.map((r) => presentExport(r, opts.now));
}

export async function getExport(opts: { db: Db; scope: Scope; id: string; now?: Date }) {
  const [row] = await opts.db
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, opts.id), inWorkspace(dataExports, opts.scope)));
  if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
  return presentExport(row, opts.now);
}

/** The archive of the workspace's ready, unexpired export (admins only: 403 otherwise); anything else is 404. */
export async function openExportDownload(opts: { db: Db; storage: StorageProvider; scope: Scope; id: string; now?: Date }) {
  requireRole(opts.scope, 'admin');
  const view = await getExport(opts);
  if (view.status === 'expired') throw new AppError('NOT_FOUND', 'This export has expired');
  const [row] = await opts.db.select({ fileKey: dataExports.fileKey, createdAt: dataExports.createdAt }).from(dataExports).where(eq(dataExports.id, view.id));
  const blob = view.status === 'ready' && row?.fileKey ? await opts.storage.open(row.fileKey) : null;
  if (!blob) throw new AppError('NOT_FOUND', NOT_FOUND);
  return { blob, size: blob.size, filename: `avatar-studio-export-${row!.createdAt.toISOString().slice(0, 10)}.zip` };
}

/**
 * Deletes archives past their 7 days (row and stored object), and failed exports as old; for one
 * workspace (on its next request) or for everyone (the hourly job).
 */
export async function cleanExpiredExports(opts: { db: Db; storage: StorageProvider; now?: Date; workspaceId?: string }) {
  const now = opts.now ?? new Date();
  const stale = or(
    and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)),
    and(eq(dataExports.status, 'failed'), lte(dataExports.createdAt, new Date(now.getTime() - EXPORT_TTL_DAYS * DAY))),
  );
  const gone = await opts.db
    .delete(dataExports)
    .where(opts.workspaceId ? and(eq(dataExports.workspaceId, opts.workspaceId), stale) : stale)
    .returning({ fileKey: dataExports.fileKey });
  const keys = gone.map((g) => g.fileKey).filter((k): k is string => !!k);
  if (keys.length) {
    await opts.db.delete(files).where(inArray(files.key, keys));
    await Promise.all(keys.map((k) => opts.storage.delete(k).catch(() => undefined)));
  }
  return { deleted: gone.length };
}
