import { CONTACT_MESSAGES, MAX_IMPORT_LINES } from './schemas';

// Reading an uploaded CSV before its rows: the bytes checked as UTF-8 text, the delimiter guessed.

/** A refusal of the whole file: the HTTP status and the message. */
export class CsvRefusal extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
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
