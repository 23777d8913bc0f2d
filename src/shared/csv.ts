// The one way this app writes CSV (exports, downloads). Cells are written as RFC 4180 text and
// cells a spreadsheet would run as a formula are neutralised (CSV injection, OWASP): imports keep
// such values verbatim, so every export must go through here.

export type CsvCell = string | number | boolean | Date | null | undefined;
export type CsvOptions = { delimiter?: ',' | ';' | '\t'; eol?: '\r\n' | '\n'; bom?: boolean };

/**
 * Text that Excel, LibreOffice or Google Sheets would read as a formula or a DDE call: starting
 * with = + - @, or with a tab or carriage return (which some of them skip before the formula
 * sign), or with spaces before one of those signs.
 */
const FORMULA = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** A cell's text: a leading ' makes a formula-looking value plain text (spreadsheets hide it). */
export function csvText(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  // Numbers and booleans are data, not formulas: -5 stays -5.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return FORMULA.test(value) ? `'${value}` : value;
}

function quote(text: string, delimiter: string): string {
  return text.includes('"') || text.includes(delimiter) || /[\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Rows (the first is usually the header) as CSV text: quoted where needed, formulas neutralised,
 * CRLF line ends and a UTF-8 BOM by default, so that Excel opens accents and emoji correctly.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], opts: CsvOptions = {}): string {
  const delimiter = opts.delimiter ?? ',';
  const eol = opts.eol ?? '\r\n';
  const body = rows.map((row) => row.map((cell) => quote(csvText(cell), delimiter)).join(delimiter)).join(eol);
  return (opts.bom === false ? '' : '\uFEFF') + body + (rows.length ? eol : '');
}

/** Objects as CSV: one column per entry of `columns` (header = label, cell = value(record)). */
export function recordsToCsv<T>(records: readonly T[], columns: readonly { label: string; value: (record: T) => CsvCell }[], opts?: CsvOptions): string {
  return toCsv([columns.map((c) => c.label), ...records.map((r) => columns.map((c) => c.value(r)))], opts);
}
