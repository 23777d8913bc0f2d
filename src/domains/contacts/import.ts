import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput } from '../../server/http/app-error';
import type { ColumnTarget } from './constants';
import type { ImportChunk, ImportSummary } from './import-parse';
import type { MultipartBody } from '../../server/http/multipart';
import { type CsvSource, MORE, type WorkerAnswer, type WorkerRequest } from './import-worker';
import { CONTACT_MESSAGES, MAX_IMPORT_BYTES, MAX_IMPORT_ERRORS, type TImportResult } from './schemas';
import { getOwnedList } from './service';
import { contactLists, contacts, PHONE_KEY_SQL } from './tables';
import type { Scope } from '../../server/scope';

const isMultipart = (f: unknown): f is MultipartBody => !!f && typeof f === 'object' && (f as MultipartBody).body instanceof ArrayBuffer;

/**
 * Decoding, parsing, validation and de-duplication of the file, in a worker thread: a 20 MB file
 * takes seconds of CPU that must not block the server's event loop (/api/health and every other
 * request). The bytes are transferred, not copied; rows come back as JSON strings, a bounded batch
 * at a time: `write` stores a batch, then the worker goes on (issue 25 item 6, decision 208).
 */
function streamFromWorker(request: WorkerRequest, write: (pieces: ImportChunk[]) => Promise<void>): Promise<ImportSummary> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url).href, { smol: true });
    let settled = false;
    const end = (settle: () => void) => {
      if (settled) return;
      settled = true;
      void worker.terminate();
      settle();
    };
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      const a = event.data;
      if (a.type === 'pieces') {
        write(a.pieces).then(
          () => {
            if (!settled) worker.postMessage(MORE);
          },
          (e) => end(() => reject(e)),
        );
      } else if (a.type === 'done') end(() => resolve(a.result));
      else if (a.type === 'refused') end(() => reject(new AppError(a.status === 413 ? 'TOO_LARGE' : 'INVALID_INPUT', a.message)));
      else end(() => reject(new Error(`CSV import worker: ${a.message}`)));
    };
    worker.onerror = (event) => end(() => reject(new Error(`CSV import worker: ${event.message}`)));
    worker.postMessage(request, ['bytes' in request.source ? request.source.bytes : request.source.multipart.body]);
  });
}

// The worker cuts the rows into pieces of PIECE rows and hands them over BATCH at a time; each
// insert statement takes as many pieces as keep it near STATEMENT_MS. With PGlite the statement
// runs on this thread, so its length is how long every other request waits; on PostgreSQL the
// statements simply take a whole batch. See decisions 086 and 208.
const PIECE = 100;
const STATEMENT_MS = 15;
const MAX_PIECES = 50;
const BATCH = { inProcess: 10, server: MAX_PIECES };

/**
 * With PGlite every statement runs on this thread and PGlite serves queries in arrival order: three
 * imports writing at once kept three statements queued ahead of any other request's query. Their
 * statements take turns instead (one at a time per database), so another query waits for one
 * statement at most. Keyed by the database object, like the request-context cache.
 */
const writeTurns = new WeakMap<object, Promise<unknown>>();
function inTurn<T>(db: object, work: () => Promise<T>): Promise<T> {
  const mine = (writeTurns.get(db) ?? Promise.resolve()).then(work, work);
  writeTurns.set(
    db,
    mine.catch(() => undefined),
  );
  return mine;
}

/** Pieces (JSON arrays) joined into one JSON array. */
const joinPieces = (pieces: ImportChunk[]) => (pieces.length === 1 ? pieces[0]!.payload : `[${pieces.map((p) => p.payload.slice(1, -1)).join(',')}]`);

// Awaiting PGlite statement after statement never lets Bun's loop poll for I/O (requests and the
// workers' answers wait until the whole import is written): a timer turn between statements does.
const yieldToEventLoop = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * One chunk as a single JSON parameter expanded by json_to_recordset: a handful of bind values
 * instead of eleven per row, about twice as fast as a multi-row VALUES on PostgreSQL and PGlite.
 * created_at advances one microsecond per row so that the list reads back in the file's order.
 */
async function insertChunk(db: Db, c: { scope: Scope; listId: string; at: string; payload: string }): Promise<Set<string>> {
  const result = await db.execute<{ id: string }>(sql`
    insert into ${contacts} (id, workspace_id, created_by, list_id, name, first_name, last_name, email, company, position, linkedin_url, phone_number, language, fields, created_at, updated_at)
    select x.id, ${c.scope.workspaceId}, ${c.scope.userId}, ${c.listId}, x.name, x.first_name, x.last_name, x.email, x.company, x.position, x.linkedin_url, x.phone_number, x.language, coalesce(x.fields, '{}'::jsonb),
           ${c.at}::timestamptz + x.seq * interval '1 microsecond', ${c.at}::timestamptz
    from json_to_recordset(${c.payload}::json) as x(id text, name text, first_name text, last_name text, email text, company text,
                                                    position text, linkedin_url text, phone_number text, language text, fields jsonb, seq int)
    on conflict do nothing
    returning id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * CSV import into one of the workspace's lists: every row validated, duplicates by e-mail or phone
 * (within the file and against the list) skipped with their line numbers, and the rest written in
 * statements as the worker hands them over. All or nothing: on PostgreSQL inside one transaction;
 * with PGlite (`inProcessDatabase`), whose transaction would hold the one connection, and so every
 * other request, for the whole import, each statement commits alone and a failure deletes what the
 * import wrote (decision 208). `file` is the CSV, or an upload still in its multipart envelope
 * (field "file") so that even that is read off-thread.
 */
export async function importContactsCsv(opts: {
  db: Db;
  scope: Scope;
  listId: string;
  file: Blob | MultipartBody | null | undefined;
  inProcessDatabase?: boolean;
  /** What each column becomes, chosen in the import dialog; recognised from the header when absent. */
  mapping?: ColumnTarget[] | null;
}): Promise<TImportResult> {
  const { db, scope, listId, file } = opts;
  if (!(file instanceof Blob) && !isMultipart(file)) throw invalidInput(CONTACT_MESSAGES.noFile);
  await getOwnedList({ db, scope, listId });
  const size = file instanceof Blob ? file.size : file.body.byteLength;
  if (size === 0) throw invalidInput(CONTACT_MESSAGES.empty);
  // The envelope of a file of the cap adds a few hundred bytes; the worker checks the file itself.
  if (size > MAX_IMPORT_BYTES + (file instanceof Blob ? 0 : 64 * 1024)) throw new AppError('TOO_LARGE', CONTACT_MESSAGES.tooLarge);

  const existing = await db
    .select({ email: sql<string | null>`lower(${contacts.email})`, phone: sql<string | null>`${PHONE_KEY_SQL(contacts.phoneNumber)}` })
    .from(contacts)
    .where(eq(contacts.listId, listId));
  const emails: string[] = [];
  const phones: string[] = [];
  for (const r of existing) {
    if (r.email) emails.push(r.email);
    if (r.phone) phones.push(r.phone);
  }
  const source: CsvSource = file instanceof Blob ? { bytes: await file.arrayBuffer() } : { multipart: file, field: 'file' };
  const inProcess = !!opts.inProcessDatabase;
  const request: WorkerRequest = {
    source,
    emails: emails.join('\n'),
    phones: phones.join('\n'),
    pieceSize: PIECE,
    batchPieces: inProcess ? BATCH.inProcess : BATCH.server,
    mapping: opts.mapping ?? null,
  };

  const now = new Date().toISOString();
  const lostRows: { row: number; reason: string }[] = [];
  let imported = 0;
  let sent = 0;
  let take = inProcess ? 1 : MAX_PIECES;
  /** Writes one batch of pieces with `target`, keeping the ids written in `written` when asked. */
  const writer = (target: Db, written?: string[]) => async (batch: ImportChunk[]) => {
    for (let i = 0; i < batch.length; ) {
      const pieces = batch.slice(i, i + take);
      i += pieces.length;
      const payload = joinPieces(pieces);
      const count = pieces.reduce((n, p) => n + p.count, 0);
      sent += count;
      let ms = 0;
      const insert = () => {
        const started = performance.now();
        return insertChunk(target, { scope, listId, at: now, payload }).finally(() => {
          ms = performance.now() - started;
        });
      };
      const inserted = inProcess ? await inTurn(opts.db, insert) : await insert();
      imported += inserted.size;
      if (written) for (const id of inserted) written.push(id);
      // A concurrent insert of the same e-mail or phone loses quietly (ON CONFLICT) and is reported.
      if (inserted.size < count) {
        for (const r of JSON.parse(payload) as { id: string; line: number }[])
          if (!inserted.has(r.id)) lostRows.push({ row: r.line, reason: 'Duplicate: already in the list' });
      }
      // The next statement's size: with PGlite doubled while short, halved when long.
      const next = !inProcess ? MAX_PIECES : ms < STATEMENT_MS / 2 ? take * 2 : ms > STATEMENT_MS * 2 ? Math.floor(take / 2) : take;
      take = Math.max(1, Math.min(MAX_PIECES, next));
      await yieldToEventLoop();
    }
  };
  const touchList = (target: Db) =>
    target
      .update(contactLists)
      .set({ updatedAt: new Date(now) })
      .where(eq(contactLists.id, listId));

  let summary: ImportSummary;
  if (!inProcess) {
    summary = await db.transaction(async (tx) => {
      const s = await streamFromWorker(request, writer(tx as unknown as Db));
      if (sent) await touchList(tx as unknown as Db);
      return s;
    });
  } else {
    const written: string[] = [];
    try {
      summary = await streamFromWorker(request, writer(db, written));
      if (sent) await touchList(db);
    } catch (e) {
      await removeWritten(db, written);
      throw e;
    }
  }

  const errors = [...summary.errors, ...lostRows].sort((a, b) => a.row - b.row);
  const errorCount = summary.errorCount + lostRows.length;
  return {
    imported,
    skipped: errorCount,
    errors: errors.slice(0, MAX_IMPORT_ERRORS),
    errorCount,
    errorsTruncated: errorCount > MAX_IMPORT_ERRORS,
    totalRows: summary.totalRows,
  };
}

/** Undoes a failed PGlite import: its rows deleted in short statements, a turn of the loop between them. */
async function removeWritten(db: Db, ids: string[]) {
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(contacts).where(inArray(contacts.id, ids.slice(i, i + 1000)));
    await yieldToEventLoop();
  }
}
