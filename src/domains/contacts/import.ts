import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { AppError, invalidInput } from '../../server/http/app-error';
import type { ImportChunk, PreparedImport } from './import-parse';
import type { MultipartBody } from '../../server/http/multipart';
import type { CsvSource, WorkerAnswer, WorkerRequest } from './import-worker';
import { CONTACT_MESSAGES, MAX_IMPORT_BYTES, MAX_IMPORT_ERRORS, type TImportResult } from './schemas';
import { getOwnedList } from './service';
import { contactLists, contacts, PHONE_KEY_SQL } from './tables';
import type { Scope } from '../../server/scope';

const isMultipart = (f: unknown): f is MultipartBody => !!f && typeof f === 'object' && (f as MultipartBody).body instanceof ArrayBuffer;

/**
 * Decoding, parsing, validation and de-duplication of the file, in a worker thread: a 20 MB file
 * takes seconds of CPU that must not block the server's event loop (/api/health and every other
 * request). The bytes are transferred, not copied; only strings come back.
 */
function prepareInWorker(request: WorkerRequest): Promise<PreparedImport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./import-worker.ts', import.meta.url).href, { smol: true });
    worker.onmessage = (event: MessageEvent<WorkerAnswer>) => {
      void worker.terminate();
      const a = event.data;
      if (a.ok) resolve(a.result);
      else if (a.status === 500) reject(new Error(`CSV import worker: ${a.message}`));
      else reject(new AppError(a.status === 413 ? 'TOO_LARGE' : 'INVALID_INPUT', a.message));
    };
    worker.onerror = (event) => {
      void worker.terminate();
      reject(new Error(`CSV import worker: ${event.message}`));
    };
    worker.postMessage(request, ['bytes' in request.source ? request.source.bytes : request.source.multipart.body]);
  });
}

// The worker cuts the rows into pieces of PIECE rows; each insert statement takes as many pieces
// as keep it near STATEMENT_MS. With PGlite the statement runs on this thread, so its length is
// how long every other request waits; on PostgreSQL the batches simply grow. See decision 086.
const PIECE = 100;
const STATEMENT_MS = 15;
const MAX_PIECES = 50;

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
    insert into ${contacts} (id, workspace_id, created_by, list_id, name, first_name, last_name, email, company, position, linkedin_url, phone_number, fields, created_at, updated_at)
    select x.id, ${c.scope.workspaceId}, ${c.scope.userId}, ${c.listId}, x.name, x.first_name, x.last_name, x.email, x.company, x.position, x.linkedin_url, x.phone_number, coalesce(x.fields, '{}'::jsonb),
           ${c.at}::timestamptz + x.seq * interval '1 microsecond', ${c.at}::timestamptz
    from json_to_recordset(${c.payload}::json) as x(id text, name text, first_name text, last_name text, email text, company text,
                                                    position text, linkedin_url text, phone_number text, fields jsonb, seq int)
    on conflict do nothing
    returning id`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: string }[] }).rows) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/**
 * CSV import into one of the workspace's lists: every row validated, duplicates by e-mail or phone
 * (within the file and against the list) skipped with their line numbers, and the rest written
 * in chunks inside one transaction, so a failure leaves the list as it was. `file` is the CSV, or
 * an upload still in its multipart envelope (field "file") so that even that is read off-thread.
 * `inProcessDatabase` (PGlite) keeps each insert statement short, since it runs on this thread.
 */
export async function importContactsCsv(opts: {
  db: Db;
  scope: Scope;
  listId: string;
  file: Blob | MultipartBody | null | undefined;
  inProcessDatabase?: boolean;
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
  const prepared = await prepareInWorker({ source, emails: emails.join('\n'), phones: phones.join('\n'), chunkSize: PIECE });

  const errors = prepared.errors;
  let lost = 0;
  let imported = 0;
  if (prepared.chunks.length) {
    const now = new Date().toISOString();
    await db.transaction(async (tx) => {
      let take = opts.inProcessDatabase ? 1 : MAX_PIECES;
      for (let i = 0; i < prepared.chunks.length; ) {
        const pieces = prepared.chunks.slice(i, i + take);
        i += pieces.length;
        const payload = joinPieces(pieces);
        const count = pieces.reduce((n, p) => n + p.count, 0);
        const started = performance.now();
        const inserted = await insertChunk(tx as unknown as Db, { scope, listId, at: now, payload });
        const ms = performance.now() - started;
        imported += inserted.size;
        // A concurrent insert of the same e-mail or phone loses quietly (ON CONFLICT) and is reported.
        if (inserted.size < count) {
          for (const r of JSON.parse(payload) as { id: string; line: number }[])
            if (!inserted.has(r.id)) {
              errors.push({ row: r.line, reason: 'Duplicate: already in the list' });
              lost++;
            }
        }
        // The next statement's size: with PGlite doubled while short, halved when long.
        const next = !opts.inProcessDatabase ? MAX_PIECES : ms < STATEMENT_MS / 2 ? take * 2 : ms > STATEMENT_MS * 2 ? Math.floor(take / 2) : take;
        take = Math.max(1, Math.min(MAX_PIECES, next));
        await yieldToEventLoop();
      }
      await tx
        .update(contactLists)
        .set({ updatedAt: new Date(now) })
        .where(eq(contactLists.id, listId));
    });
  }

  errors.sort((a, b) => a.row - b.row);
  const errorCount = prepared.errorCount + lost;
  return {
    imported,
    skipped: errorCount,
    errors: errors.slice(0, MAX_IMPORT_ERRORS),
    errorCount,
    errorsTruncated: errorCount > MAX_IMPORT_ERRORS,
    totalRows: prepared.totalRows,
  };
}
