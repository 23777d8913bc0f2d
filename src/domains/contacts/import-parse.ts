import Papa from 'papaparse';
import { newId } from '../../shared/ids';
import { fieldKey, isStandardVariable } from '../../shared/variables';
import {
  CONTACT_MESSAGES,
  MAX_CUSTOM_FIELDS,
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_LINES,
  MAX_IMPORT_ROWS,
  checkContact,
  emailKey,
  phoneKey,
  type ContactField,
  type ContactValues,
} from './schemas';

// The CPU-heavy half of a CSV import: bytes → checked text → rows → validated, de-duplicated
// contacts as ready-to-insert JSON pieces, streamed a bounded batch at a time. It runs in a worker
// thread (import-worker.ts), so that a big file never blocks the server's event loop.

/** A refusal of the whole file: the HTTP status and the message. */
export class CsvRefusal extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export type ImportRowError = { row: number; reason: string };

// Header spellings, compared lower-case with spaces, underscores and punctuation removed.
const HEADERS = new Map<string, ContactField>();
const alias = (field: ContactField, ...names: string[]) => {
  for (const n of names) HEADERS.set(n, field);
};
alias('name', 'name', 'fullname', 'contactname', 'contact', 'displayname');
alias('firstName', 'firstname', 'first', 'givenname', 'forename');
alias('lastName', 'lastname', 'last', 'surname', 'familyname');
alias('email', 'email', 'emailaddress', 'mail', 'emailid', 'workemail');
alias('company', 'company', 'companyname', 'organization', 'organisation', 'org', 'employer');
alias('position', 'position', 'title', 'jobtitle', 'role', 'job', 'jobposition');
alias('linkedinUrl', 'linkedin', 'linkedinurl', 'linkedinprofile', 'linkedinprofileurl', 'profileurl', 'linkedinlink');
alias('language', 'language', 'lang', 'locale', 'langue', 'idioma', 'lengua');
alias('phoneNumber', 'phone', 'phonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'tel', 'telephone', 'cell', 'cellphone', 'whatsapp');

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

export function mapHeaders(header: string[]): (ContactField | null)[] {
  const seen = new Set<ContactField>();
  return header.map((h) => {
    const f = HEADERS.get(normaliseHeader(h));
    if (!f || seen.has(f)) return null;
    seen.add(f);
    return f;
  });
}

/**
 * Columns no standard field takes become custom fields under their normalised name ("Background
 * URL" → `background_url`), the first of a name winning; standard variable names are not custom.
 */
export function customColumns(header: string[], mapped: (ContactField | null)[]): (string | null)[] {
  const seen = new Set<string>();
  return header.map((h, i) => {
    if (mapped[i]) return null;
    const key = fieldKey(h);
    if (!key || isStandardVariable(key) || seen.has(key) || seen.size >= MAX_CUSTOM_FIELDS) return null;
    seen.add(key);
    return key;
  });
}

/** Line breaks in the raw bytes (LF, or CR alone for old Mac files), counted before any decoding. */
export function countLines(bytes: Uint8Array): number {
  let lf = 0;
  let cr = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 10) lf++;
    else if (b === 13) cr++;
  }
  return Math.max(lf, cr) + 1;
}

/**
 * The text of an uploaded CSV: UTF-8 only (a UTF-8 BOM is dropped). UTF-16 (with or without a
 * BOM), other encodings, NUL anywhere and binary content are refused with the reason; the line
 * count is capped before anything is decoded or parsed.
 */
export function decodeCsv(bytes: Uint8Array): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) throw new CsvRefusal(400, CONTACT_MESSAGES.notUtf8);
  // NUL never occurs in a text CSV; UTF-16 without a BOM has one in every ASCII character.
  if (bytes.includes(0)) throw new CsvRefusal(400, CONTACT_MESSAGES.notCsv);
  if (countLines(bytes) > MAX_IMPORT_LINES) throw new CsvRefusal(400, CONTACT_MESSAGES.tooManyLines);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvRefusal(400, CONTACT_MESSAGES.notUtf8);
  }
  const sample = text.slice(0, 64 * 1024);
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) control++;
  }
  if (control > sample.length * 0.01) throw new CsvRefusal(400, CONTACT_MESSAGES.notCsv);
  return text;
}

/** The delimiter that splits the header line most: comma, semicolon or tab. */
export function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && ch in counts) counts[ch]++;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? best : ',';
}

type Parsed = { line: number; value: ContactValues };
const usable = (c: (ContactField | null)[]) => c.some((f) => f === 'name' || f === 'email' || f === 'firstName' || f === 'lastName');
const blank = (cells: string[]) => cells.every((c) => c.trim() === '');

/**
 * The data rows of the file (blank rows and the header not counted), counted by the same parser
 * up to `cap` + 1 and no further: a file over the row cap is refused after reading that many rows,
 * before any row is validated or written (issue 25 item 6). 0 when the header is unusable (the
 * parse then says why).
 */
export function rowsUpTo(text: string, delimiter: string, cap = MAX_IMPORT_ROWS): number {
  let header = false;
  let rows = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result, parser) => {
      if (blank(result.data)) return;
      if (!header) {
        header = true;
        if (!usable(mapHeaders(result.data))) parser.abort();
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
function scanRows(text: string, delimiter: string, h: RowHandlers, done: (r: ScanResult) => void) {
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
        columns = mapHeaders(cells);
        custom = customColumns(cells, columns);
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
export function parseContactsCsv(text: string) {
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
  if (rowsUpTo(text, delimiter) > MAX_IMPORT_ROWS) throw new CsvRefusal(400, CONTACT_MESSAGES.tooManyRows);
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
