import { and, inArray, lt, notExists, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../server/context';
import type { Db } from '../../server/db/client';
import type { JobDefinition } from '../../server/jobs/queue';
import type { StorageProvider } from '../../server/providers/storage/types';
import { deliveries, personalRenders, personalTails } from '../distribution/tables';
import { deleteFiles } from '../files/service';
import { files } from '../files/tables';
import { videos } from '../videos/tables';

export const ORPHAN_FILES_JOB = 'orphan-files-sweep';
/** Kinds written by background renders, whose rows point at them only once the render is recorded. */
export const RENDER_KINDS = ['render', 'personal'] as const;
/** A render stores its files and records them seconds apart: anything younger may still be on its way. */
export const ORPHAN_AFTER_MS = 60 * 60 * 1000;
const BATCH = 500;
const MAX_BATCHES = 20;

const url = sql`'/files/' || ${files.key}`;

/**
 * Render files no row points at any more, older than an hour: a render (a video's, or a recipient's
 * personal part) that finished after its video was deleted stores its files when the rows are gone
 * (decision 131's gap). Nothing reuses a key once stored, so an unreferenced old file stays one.
 */
export async function findOrphanFiles(db: Db, now = new Date(), limit = BATCH) {
  const unreferenced = and(
    inArray(files.kind, [...RENDER_KINDS]),
    lt(files.createdAt, new Date(now.getTime() - ORPHAN_AFTER_MS)),
    notExists(
      db
        .select({ one: sql`1` })
        .from(videos)
        .where(or(sql`${videos.videoUrl} = ${url}`, sql`${videos.thumbnail} = ${url}`)),
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(personalRenders)
        .where(sql`${url} in (${personalRenders.videoUrl}, ${personalRenders.thumbnail}, ${personalRenders.gif}, ${personalRenders.captions})`),
    ),
    notExists(db.select({ one: sql`1` }).from(personalTails).where(sql`${personalTails.fileKey} = ${files.key}`)),
    notExists(db.select({ one: sql`1` }).from(deliveries).where(sql`${url} in (${deliveries.poster}, ${deliveries.gif})`)),
  );
  return db.select({ key: files.key, workspaceId: files.workspaceId }).from(files).where(unreferenced).limit(limit);
}

/** Deletes orphaned render files from storage and from `files` (so the storage figure drops). Returns how many. */
export async function sweepOrphanFiles(opts: { db: Db; storage: StorageProvider; now?: Date }): Promise<number> {
  let removed = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const rows = await findOrphanFiles(opts.db, opts.now);
    // Deleted per workspace: each deletion is scoped like any other, and the storage figure is per workspace.
    const byWorkspace = new Map<string, string[]>();
    for (const r of rows) if (r.workspaceId) byWorkspace.set(r.workspaceId, [...(byWorkspace.get(r.workspaceId) ?? []), r.key]);
    for (const [workspaceId, keys] of byWorkspace) await deleteFiles({ db: opts.db, storage: opts.storage, scope: { workspaceId }, keys });
    removed += rows.length;
    if (rows.length < BATCH) break;
  }
  return removed;
}

/** Hourly, one run per tick across every process (pg-boss schedule); safe to run twice at once. */
export function orphanFilesJob(deps: Pick<AppDeps, 'db' | 'providers' | 'log'>): JobDefinition<object> {
  return {
    name: ORPHAN_FILES_JOB,
    cron: '41 * * * *',
    retryLimit: 1,
    expireInSeconds: 600,
    async handler() {
      const removed = await sweepOrphanFiles({ db: deps.db, storage: deps.providers.storage });
      if (removed) deps.log.info('orphaned render files removed', { count: removed });
    },
  };
}
