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

// The CPU-heavy half of a CSV import, pure and synchronous: bytes → checked text → rows →
// validated, de-duplicated contacts as ready-to-insert JSON chunks. It runs in a worker thread
// (import-worker.ts), so that a big file never blocks the server's event loop.

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

/** Parses and validates every row; refuses the file when it is unusable as a whole. */
export function parseContactsCsv(text: string) {
  const delimiter = detectDelimiter(text);
  let columns: (ContactField | null)[] | null = null;
  let custom: (string | null)[] = [];
  const valid: Parsed[] = [];
  const invalid: ImportRowError[] = [];
  let totalRows = 0;
  let tooMany = false;
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
    step: (result, parser) => {
      skipBlank();
      const row = line;
      advanceTo(result.meta.cursor);
      const cells = result.data;
      if (cells.every((c) => c.trim() === '')) return;
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
        invalid.push({ row, reason: 'Malformed row: a quoted field is not closed' });
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
      if (checked.ok) valid.push({ line: row, value: checked.value });
      else invalid.push({ row, reason: checked.reason });
    },
  });

  if (tooMany) throw new CsvRefusal(400, CONTACT_MESSAGES.tooManyRows);
  const mapped = columns as (ContactField | null)[] | null;
  if (!mapped) throw new CsvRefusal(400, CONTACT_MESSAGES.empty);
  if (!usable(mapped)) throw new CsvRefusal(400, CONTACT_MESSAGES.noColumns);
  if (totalRows === 0) throw new CsvRefusal(400, CONTACT_MESSAGES.empty);
  return { valid, invalid, totalRows };
}

/** One insert statement's rows, as the JSON json_to_recordset expands (see import.ts). */
export type ImportChunk = { payload: string; count: number };

export type PreparedImport = {
  totalRows: number;
  /** Every skipped row so far (invalid or duplicate), even past the reasons' cap. */
  errorCount: number;
  /** The first MAX_IMPORT_ERRORS of them, by line number. */
  errors: ImportRowError[];
  chunks: ImportChunk[];
};

/**
 * The whole CPU side of an import: decode, parse, validate, drop duplicates (within the file and
 * against the list's `existing` e-mail and phone keys) and cut the rest into insert chunks with
 * their ids and order. Only strings leave: cheap to hand from a worker to the main thread.
 */
export function prepareImport(bytes: Uint8Array, existing: { emails: Set<string>; phones: Set<string> }, chunkSize: number): PreparedImport {
  const { valid, invalid, totalRows } = parseContactsCsv(decodeCsv(bytes));
  const errors = invalid;
  const fileEmails = new Map<string, number>();
  const filePhones = new Map<string, number>();
  const rows: object[] = [];
  for (const { line, value } of valid) {
    const ek = value.email ? emailKey(value.email) : null;
    const pk = value.phoneNumber ? phoneKey(value.phoneNumber) : null;
    let reason: string | null = null;
    if (ek && existing.emails.has(ek)) reason = `Duplicate email: ${value.email} is already in the list`;
    else if (pk && existing.phones.has(pk)) reason = `Duplicate phone number: ${value.phoneNumber} is already in the list`;
    else if (ek && fileEmails.has(ek)) reason = `Duplicate email: same as row ${fileEmails.get(ek)}`;
    else if (pk && filePhones.has(pk)) reason = `Duplicate phone number: same as row ${filePhones.get(pk)}`;
    if (reason) {
      errors.push({ row: line, reason });
      continue;
    }
    if (ek) fileEmails.set(ek, line);
    if (pk) filePhones.set(pk, line);
    const v = value;
    rows.push({
      id: newId(),
      line,
      seq: rows.length,
      name: v.name,
      first_name: v.firstName,
      last_name: v.lastName,
      email: v.email,
      company: v.company,
      position: v.position,
      linkedin_url: v.linkedinUrl,
      phone_number: v.phoneNumber,
      fields: v.fields,
    });
  }
  const chunks: ImportChunk[] = [];
  for (let i = 0; i < rows.length; i += chunkSize) {
    const part = rows.slice(i, i + chunkSize);
    chunks.push({ payload: JSON.stringify(part), count: part.length });
  }
  errors.sort((a, b) => a.row - b.row);
  return { totalRows, errorCount: errors.length, errors: errors.slice(0, MAX_IMPORT_ERRORS), chunks };
}
