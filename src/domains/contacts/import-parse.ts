import Papa from 'papaparse';
import { newId } from '../../shared/ids';
import { type ColumnTarget, customColumns, mapHeaders, namesAContact } from './constants';
import { CsvRefusal, decodeCsv, detectDelimiter } from './import-decode';
import { CONTACT_MESSAGES, MAX_IMPORT_ERRORS, MAX_IMPORT_ROWS, checkContact, emailKey, phoneKey, type ContactField, type ContactValues } from './schemas';

// The CPU-heavy half of a CSV import: bytes → checked text → rows → validated, de-duplicated
// contacts as ready-to-insert JSON pieces, streamed a bounded batch at a time. It runs in a worker
// thread (import-worker.ts), so that a big file never blocks the server's event loop.

export type ImportRowError = { row: number; reason: string };

/**
 * Each column's standard field and custom-field name: from the user's mapping when given (the
 * import dialog's choice, one target per column; missing columns ignored), else recognised from the header.
 */
export function resolveColumns(header: string[], mapping?: readonly ColumnTarget[] | null): { fields: (ContactField | null)[]; custom: (string | null)[] } {
  if (!mapping) {
    const fields = mapHeaders(header);
    return { fields, custom: customColumns(header, fields) };
  }
  const fields = header.map((_, i) => {
    const t = mapping[i];
    return t && t !== 'custom' && t !== 'ignore' ? t : null;
  });
  const kept = header.map((h, i) => (mapping[i] === 'custom' ? h : ''));
  return { fields, custom: customColumns(kept, fields).map((c, i) => (mapping[i] === 'custom' ? c : null)) };
}

type Parsed = { line: number; value: ContactValues };
const usable = namesAContact;
const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The data rows of the file (blank rows and the header not counted), counted by the same parser
 * up to `cap` + 1 and no further: a file over the row cap is refused after reading that many rows,
 * before any row is validated or written (issue 25 item 6). 0 when the header is unusable (the
 * parse then says why).
 */
export function rowsUpTo(text: string, delimiter: string, cap = MAX_IMPORT_ROWS, mapping?: readonly ColumnTarget[] | null): number {
  let header = false;
  let rows = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      if (blank(result.data)) return;
      if (!header) {
        header = true;
        if (!usable(resolveColumns(result.data, mapping).fields)) parser.abort();
        return;
      }
      if (++rows > cap) parser.abort();
    },
  });
  return rows;
}

type RowHandlers = {
  /** A valid row; a promise returned pauses the parse until it settles (back-pressure). */
  valid(line: number, value: ContactValues): Promise<void> | undefined;
  invalid(row: number, reason: string): void;
};
type ScanResult = { columns: (ContactField | null)[] | null; totalRows: number; tooMany: boolean; failure?: unknown };

/**
 * Parses and validates row by row (papaparse's step mode), handing each row over as it comes; a
 * handler's promise pauses the parser until the rows were written. `done` is called once, at the
 * end (synchronously when nothing paused).
 */
function scanRows(text: string, delimiter: string, h: RowHandlers, done: (r: ScanResult) => void, mapping?: readonly ColumnTarget[] | null) {
  let columns: (ContactField | null)[] | null = null;
  let custom: (string | null)[] = [];
  let totalRows = 0;
  let tooMany = false;
  let failure: unknown;
  // Line numbers: a record starts after the previous record's end, past blank lines.
  let cursor = 0;
  let line = 1;
  const advanceTo = (pos: number) => {
    for (; cursor < pos; cursor++) if (text.charCodeAt(cursor) === 10) line++;
  };
  const skipBlank = () => {
    while (cursor < text.length) {
      const c = text.charCodeAt(cursor);
      if (c === 10) line++;
      else if (c !== 13) break;
      cursor++;
    }
  };

  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    complete: () => done({ columns, totalRows, tooMany, failure }),
    step: (result, parser) => {
      skipBlank();
      const row = line;
      advanceTo(result.meta.cursor);
      const cells = result.data;
      if (blank(cells)) return;
      if (!columns) {
        ({ fields: columns, custom } = resolveColumns(cells, mapping));
        if (!usable(columns)) parser.abort();
        return;
      }
      totalRows++;
      if (totalRows > MAX_IMPORT_ROWS) {
        tooMany = true;
        parser.abort();
        return;
      }
      if (result.errors.some((e) => e.type === 'Quotes')) {
        h.invalid(row, 'Malformed row: a quoted field is not closed');
        return;
      }
      const raw: Partial<Record<ContactField, string>> & { fields: Record<string, string> } = { fields: {} };
      for (let i = 0; i < columns.length; i++) {
        const f = columns[i];
        if (f && cells[i] !== undefined) raw[f] = cells[i];
        const c = custom[i];
        if (c && cells[i] !== undefined) raw.fields[c] = cells[i];
      }
      const checked = checkContact(raw);
      if (!checked.ok) {
        h.invalid(row, checked.reason);
        return;
      }
      const wait = h.valid(row, checked.value);
      if (wait) {
        parser.pause();
        wait.then(
          () => parser.resume(),
          (e) => {
            failure = e;
            parser.abort();
          },
        );
      }
    },
  });
}

/** The refusals of a whole file once it is parsed (nothing was handed over in these cases). */
function refusalOf(r: ScanResult): CsvRefusal | null {
  if (r.tooMany) return new CsvRefusal(400, CONTACT_MESSAGES.tooManyRows);
  if (!r.columns) return new CsvRefusal(400, CONTACT_MESSAGES.empty);
  if (!usable(r.columns)) return new CsvRefusal(400, CONTACT_MESSAGES.noColumns);
  if (r.totalRows === 0) return new CsvRefusal(400, CONTACT_MESSAGES.empty);
  return null;
}

/** Parses and validates every row; refuses the file when it is unusable as a whole. */
export function parseContactsCsv(text: string, mapping?: readonly ColumnTarget[] | null) {
  const valid: Parsed[] = [];
  const invalid: ImportRowError[] = [];
  let result: ScanResult | undefined;
  scanRows(
    text,
    detectDelimiter(text),
    {
      valid: (line, value) => {
        valid.push({ line, value });
        return undefined;
      },
      invalid: (row, reason) => void invalid.push({ row, reason }),
    },
    (r) => {
      result = r;
    },
    mapping,
  );
  const refusal = refusalOf(result!);
  if (refusal) throw refusal;
  return { valid, invalid, totalRows: result!.totalRows };
}

/** One insert statement's rows, as the JSON json_to_recordset expands (see import.ts). */
export type ImportChunk = { payload: string; count: number };

export type ImportSummary = {
  totalRows: number;
  /** Every skipped row (invalid or duplicate), even past the reasons' cap. */
  errorCount: number;
  /** The first MAX_IMPORT_ERRORS of them, by line number. */
  errors: ImportRowError[];
};

export type StreamOptions = {
  /** Rows per piece (one JSON array). */
  pieceSize: number;
  /** Pieces handed over at a time; the parse waits until `send` settles (memory stays bounded). */
  batchPieces: number;
  send: (pieces: ImportChunk[]) => Promise<void>;
  /** The user's choice of what each column becomes (the import dialog); recognised from the header when absent. */
  mapping?: readonly ColumnTarget[] | null;
  /** Counts for tests: rows validated. */
  stats?: { rowsChecked: number };
};

/**
 * The CPU side of an import, streamed: decode, refuse a file over the row cap after counting rows
 * up to the cap (nothing validated), then parse, validate and drop duplicates (within the file and
 * against the list's `existing` keys) row by row, handing the rows over as ready-to-insert JSON
 * pieces, a bounded batch at a time. Only strings leave: cheap to hand from a worker to the main thread.
 */
export async function streamImport(bytes: Uint8Array, existing: { emails: Set<string>; phones: Set<string> }, o: StreamOptions): Promise<ImportSummary> {
  const text = decodeCsv(bytes);
  const delimiter = detectDelimiter(text);
  if (rowsUpTo(text, delimiter, MAX_IMPORT_ROWS, o.mapping) > MAX_IMPORT_ROWS) throw new CsvRefusal(400, CONTACT_MESSAGES.tooManyRows);
  const errors: ImportRowError[] = [];
  const fileEmails = new Map<string, number>();
  const filePhones = new Map<string, number>();
  let seq = 0;
  let piece: object[] = [];
  let batch: ImportChunk[] = [];
  const closePiece = () => {
    if (piece.length) batch.push({ payload: JSON.stringify(piece), count: piece.length });
    piece = [];
  };
  const result = await new Promise<ScanResult>((resolve) =>
    scanRows(
      text,
      delimiter,
      {
        invalid: (row, reason) => void errors.push({ row, reason }),
        valid: (line, value) => {
          if (o.stats) o.stats.rowsChecked++;
          const ek = value.email ? emailKey(value.email) : null;
          const pk = value.phoneNumber ? phoneKey(value.phoneNumber) : null;
          let reason: string | null = null;
          if (ek && existing.emails.has(ek)) reason = `Duplicate email: ${value.email} is already in the list`;
          else if (pk && existing.phones.has(pk)) reason = `Duplicate phone number: ${value.phoneNumber} is already in the list`;
          else if (ek && fileEmails.has(ek)) reason = `Duplicate email: same as row ${fileEmails.get(ek)}`;
          else if (pk && filePhones.has(pk)) reason = `Duplicate phone number: same as row ${filePhones.get(pk)}`;
          if (reason) {
            errors.push({ row: line, reason });
            return undefined;
          }
          if (ek) fileEmails.set(ek, line);
          if (pk) filePhones.set(pk, line);
          const v = value;
          piece.push({
            id: newId(),
            line,
            seq: seq++,
            name: v.name,
            first_name: v.firstName,
            last_name: v.lastName,
            email: v.email,
            company: v.company,
            position: v.position,
            linkedin_url: v.linkedinUrl,
            phone_number: v.phoneNumber,
            language: v.language,
            fields: v.fields,
          });
          if (piece.length < o.pieceSize) return undefined;
          closePiece();
          if (batch.length < o.batchPieces) return undefined;
          const full = batch;
          batch = [];
          return o.send(full);
        },
      },
      resolve,
      o.mapping,
    ),
  );
  if (result.failure) throw result.failure;
  const refusal = refusalOf(result);
  if (refusal) throw refusal;
  closePiece();
  if (batch.length) await o.send(batch);
  errors.sort((a, b) => a.row - b.row);
  return { totalRows: result.totalRows, errorCount: errors.length, errors: errors.slice(0, MAX_IMPORT_ERRORS) };
}
