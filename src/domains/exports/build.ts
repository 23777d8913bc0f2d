import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import type { StorageProvider } from '../../server/providers/storage/types';
import { type csvText, toCsv } from '../../shared/csv';
import { newToken } from '../../shared/ids';
import { findFile, keyFromUrl, storePath } from '../files/service';
import { videos } from '../videos/tables';
import { type Archive, createArchive, MAX_ARCHIVE_BYTES } from './archive';
import { EXPORT_TTL_DAYS } from './constants';
import { countRows, readRows, refreshStatistics, SOURCES, type Source } from './sources';
import { dataExports, type DataExportRow } from './tables';

export const EXPORT_KIND = 'export';
const DAY = 86_400_000;

/** A cell as CSV wants it: objects and arrays (platforms, custom fields) as their JSON text. */
const cell = (v: unknown) => (v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : (v as Parameters<typeof csvText>[0]));

/**
 * Builds the archive of one export: every dataset as JSON and CSV, read page by page and written
 * to a zip on disk as it goes, then stored. Idempotent: a retry starts over, a ready export is left alone.
 */
export async function buildExport(opts: { db: Db; storage: StorageProvider; exportId: string; now?: () => Date; tmpDir?: string }) {
  const { db, storage, exportId } = opts;
  const now = opts.now ?? (() => new Date());
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!row || row.status === 'ready') return row ?? null;
  await db.update(dataExports).set({ status: 'running', progress: 0, error: null }).where(eq(dataExports.id, exportId));

  const { workspaceId } = row;
  await refreshStatistics(db);
  const totals = await Promise.all(SOURCES.map((s) => countRows({ db, source: s, workspaceId })));
  const total = Math.max(1, totals.reduce((a, b) => a + b, 0) + (row.includeFiles ? (totals[SOURCES.findIndex((s) => s.name === 'videos')] ?? 0) : 0));
  let done = 0;
  let reported = 0;
  const advance = async (n: number) => {
    done += n;
    const pct = Math.min(99, Math.floor((done * 100) / total));
    if (pct <= reported) return;
    reported = pct;
    await db.update(dataExports).set({ progress: pct }).where(eq(dataExports.id, exportId));
  };

  const base = join(opts.tmpDir ?? tmpdir(), `export-${exportId}-${newToken().slice(0, 8)}`);
  const zipPath = `${base}.zip`;
  const csvPath = `${base}.csv`;
  const archive = createArchive(zipPath);
  const counts: Record<string, number> = {};
  try {
    for (const source of SOURCES) counts[source.name] = await writeDataset({ db, archive, source, workspaceId, csvPath, advance });
    const files = row.includeFiles ? await writeVideoFiles({ db, storage, archive, workspaceId, advance }) : { added: 0, skipped: [] as string[] };
    counts.files = files.added;
    writeManifest(archive, row, counts, files.skipped, now());
    archive.close();
  } catch (e) {
    archive.abort();
    await rm(zipPath, { force: true });
    throw e;
  } finally {
    await rm(csvPath, { force: true });
  }
  try {
    const stored = await storePath({
      db,
      storage,
      scope: { workspaceId, userId: row.createdBy },
      path: zipPath,
      contentType: 'application/zip',
      kind: EXPORT_KIND,
    });
    const finishedAt = now();
    const [ready] = await db
      .update(dataExports)
      .set({
        status: 'ready',
        progress: 100,
        counts,
        fileKey: stored.key,
        size: stored.size,
        finishedAt,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_TTL_DAYS * DAY),
      })
      .where(and(eq(dataExports.id, exportId), ne(dataExports.status, 'ready')))
      .returning();
    return ready ?? null;
  } finally {
    await rm(zipPath, { force: true });
  }
}

/** One dataset: JSON streamed into the zip while the same rows are spooled as CSV to disk, then added. */
async function writeDataset(o: { db: Db; archive: Archive; source: Source; workspaceId: string; csvPath: string; advance: (n: number) => Promise<void> }) {
  const { source } = o;
  const json = o.archive.text(`${source.name}.json`);
  // Bun's file writer does not truncate: start each dataset's spool from an empty file.
  await rm(o.csvPath, { force: true });
  const csv = Bun.file(o.csvPath).writer({ highWaterMark: 1 << 20 });
  csv.write(toCsv([source.columns]));
  json.write('[');
  let n = 0;
  for await (const rows of readRows(o.db, source, o.workspaceId)) {
    json.write((n ? ',\n' : '\n') + rows.map((r) => JSON.stringify(r)).join(',\n'));
    csv.write(
      toCsv(
        rows.map((r) => source.columns.map((c) => cell(r[c]))),
        { bom: false },
      ),
    );
    n += rows.length;
    await o.advance(rows.length);
  }
  json.write(n ? '\n]\n' : ']\n');
  json.end();
  await csv.end();
  await o.archive.deflated(`${source.name}.csv`, Bun.file(o.csvPath).stream());
  return n;
}

/** The rendered videos and thumbnails of the workspace, stored as they are (already compressed). */
async function writeVideoFiles(o: { db: Db; storage: StorageProvider; archive: Archive; workspaceId: string; advance: (n: number) => Promise<void> }) {
  let added = 0;
  const skipped: string[] = [];
  const source: Source = { name: 'videos', table: videos, columns: ['id', 'videoUrl', 'thumbnail'] };
  for await (const rows of readRows(o.db, source, o.workspaceId, 500)) {
    for (const v of rows) {
      for (const [folder, url] of [
        ['videos', v.videoUrl],
        ['thumbnails', v.thumbnail],
      ] as const) {
        const key = keyFromUrl(url as string | null);
        const owned = key ? await findFile(o.db, key) : null;
        if (!key || owned?.workspaceId !== o.workspaceId) continue;
        const blob = await o.storage.open(key);
        if (!blob) continue;
        const name = `files/${folder}/${v.id}.${key.split('.').pop()}`;
        if (o.archive.bytes + blob.size > MAX_ARCHIVE_BYTES) {
          skipped.push(name);
          continue;
        }
        await o.archive.blob(name, blob);
        added += 1;
      }
      await o.advance(1);
    }
  }
  return { added, skipped };
}

function writeManifest(archive: Archive, row: DataExportRow, counts: Record<string, number>, skipped: string[], at: Date) {
  const manifest = archive.text('manifest.json');
  manifest.write(
    `${JSON.stringify({ exportId: row.id, workspaceId: row.workspaceId, requestedBy: row.createdBy, createdAt: at.toISOString(), includeFiles: row.includeFiles, counts, skippedFiles: skipped }, null, 2)}\n`,
  );
  manifest.end();
  const readme = archive.text('README.txt');
  readme.write(
    [
      'Avatar Studio data export',
      '',
      'Each dataset is here twice: <name>.json (an array of rows, the values as stored) and <name>.csv',
      '(UTF-8 with a byte order mark, comma-separated, CRLF line ends, one header row).',
      'In the CSV files, a text cell that starts with = + - @, a tab or a carriage return begins with',
      "a ' so that spreadsheets show it as text instead of running it as a formula. The JSON files keep",
      'every value exactly as stored. Objects and lists (platforms, custom fields) are JSON text in CSV cells.',
      row.includeFiles ? 'files/ holds the rendered videos and their thumbnails, named by video id.' : 'Video files were not included (metadata only).',
      '',
    ].join('\r\n'),
  );
  readme.end();
}
