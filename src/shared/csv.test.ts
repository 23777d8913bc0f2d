import { describe, expect, test } from 'bun:test';
import Papa from 'papaparse';
import { parseContactsCsv } from '../domains/contacts/import-parse';
import { csvText, recordsToCsv, toCsv } from './csv';

const parse = (csv: string, delimiter = ',') => Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true }).data;

describe('toCsv', () => {
  test('formula-looking cells get a leading quote: = + - @, tab, CR, spaces before a sign, full-width signs', () => {
    for (const v of ['=1+1', '+33 6 12 34 56 78', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '  =cmd|"/c calc"!A1', '＝1+1']) expect(csvText(v)).toBe(`'${v}`);
    for (const v of ['Ada', 'a=b', 'e-mail', 'x@example.com', '1+1', '']) expect(csvText(v)).toBe(v);
  });

  test('numbers, booleans, dates and blanks are data, never prefixed', () => {
    expect([-5, 1.5, Number.NaN, true, false, null, undefined, new Date('2030-01-02T03:04:05Z')].map(csvText)).toEqual([
      '-5',
      '1.5',
      '',
      'true',
      'false',
      '',
      '',
      '2030-01-02T03:04:05.000Z',
    ]);
  });

  test('RFC 4180 quoting: delimiter, quotes, line breaks, edge spaces; CRLF and a BOM by default', () => {
    const csv = toCsv([
      ['name', 'note'],
      ['Doe, Jane', 'said "hi"'],
      ['Multi\nLine', ' padded '],
    ]);
    expect(csv).toBe('\uFEFFname,note\r\n"Doe, Jane","said ""hi"""\r\n"Multi\nLine"," padded "\r\n');
    expect(toCsv([['a;b', 'c']], { delimiter: ';', bom: false, eol: '\n' })).toBe('"a;b";c\n');
    expect(toCsv([])).toBe('\uFEFF');
  });

  test('a spreadsheet parser reads back every cell (formulas as text)', () => {
    const rows = [
      ['name', 'email', 'phone', 'company'],
      ['=HYPERLINK("http://evil.example","click")', 'a@example.com', '+1 555 0100', 'Acme, "the" company'],
      ['Grace\r\nHopper', '@b@example.com', '-', '\ttab'],
    ];
    expect(parse(toCsv(rows))).toEqual([rows[0]!, rows[1]!.map(csvText), rows[2]!.map(csvText)]);
    expect(parse(toCsv(rows, { delimiter: '\t' }), '\t')[1]).toEqual(rows[1]!.map(csvText));
  });

  test('what we export, our own contact import reads back', () => {
    const csv = recordsToCsv(
      [
        { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Engines, Ltd' },
        { name: '=1+1', email: 'f@example.com', company: null },
      ],
      [
        { label: 'Name', value: (r) => r.name },
        { label: 'Email', value: (r) => r.email },
        { label: 'Company', value: (r) => r.company },
      ],
    );
    const { valid } = parseContactsCsv(csv.replace(/^\uFEFF/, ''));
    expect(valid.map((v) => [v.value.name, v.value.email, v.value.company])).toEqual([
      ['Ada Lovelace', 'ada@example.com', 'Engines, Ltd'],
      ["'=1+1", 'f@example.com', null],
    ]);
  });
});
