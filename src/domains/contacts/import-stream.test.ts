import { describe, expect, test } from 'bun:test';
import { personalScope } from '../../server/scope';
import { setup, setUpTestApp, t } from './fixtures/import';
import { importContactsCsv } from './import';
import { detectDelimiter } from './import-decode';
import { rowsUpTo, streamImport } from './import-parse';
import { CONTACT_MESSAGES, MAX_IMPORT_ROWS } from './schemas';

/**
 * CSV import streamed (issue 25 item 6): a file over the row cap is refused after counting rows up
 * to the cap, before any row is validated or written; rows reach the database a bounded batch at a
 * time (the parse waits for each batch to be written); with PGlite, where each statement commits
 * alone, a failure still leaves the list as it was.
 */
setUpTestApp();

const none = { emails: new Set<string>(), phones: new Set<string>() };
const wide = (rows: number) => {
  const head = ['Name', 'Email', ...Array.from({ length: 38 }, (_, i) => `Extra ${i + 1}`)].join(',');
  const parts = [head];
  for (let i = 0; i < rows; i++) parts.push(`Person ${i},w${i}@example.com,${'abc,'.repeat(37)}abc`);
  return parts.join('\n');
};

describe('CSV import, streamed', () => {
  test('a 99,000-row file is refused at the cap: rows counted up to 50,001, none validated, none handed over', async () => {
    const text = wide(99_000);
    expect(rowsUpTo(text, detectDelimiter(text))).toBe(MAX_IMPORT_ROWS + 1);
    const stats = { rowsChecked: 0 };
    let sends = 0;
    const started = performance.now();
    await expect(
      streamImport(new TextEncoder().encode(text), none, {
        pieceSize: 100,
        batchPieces: 10,
        stats,
        send: async () => {
          sends++;
        },
      }),
    ).rejects.toThrow(CONTACT_MESSAGES.tooManyRows);
    expect(stats.rowsChecked).toBe(0);
    expect(sends).toBe(0);
    // Counting is cheap next to validating: well under the seconds a full parse took (18.5 s in the report).
    expect(performance.now() - started).toBeLessThan(5_000);
    // Blank lines and the header do not count; exactly the cap passes the count.
    const atCap = ['email', '', ...Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `c${i}@example.com`), ''].join('\n');
    expect(rowsUpTo(atCap, ',')).toBe(MAX_IMPORT_ROWS);
  }, 30_000);

  test('rows are handed over a bounded batch at a time: the parse waits until each batch is written', async () => {
    const text = ['name,email', ...Array.from({ length: 2_050 }, (_, i) => `P ${i},p${i}@example.com`)].join('\n');
    const stats = { rowsChecked: 0 };
    const seen: { rows: number; checkedWhenSent: number }[] = [];
    const result = await streamImport(new TextEncoder().encode(text), none, {
      pieceSize: 100,
      batchPieces: 5,
      stats,
      send: async (pieces) => {
        seen.push({ rows: pieces.reduce((n, p) => n + p.count, 0), checkedWhenSent: stats.rowsChecked });
        await Bun.sleep(2);
        // Nothing more was parsed while this batch was being written.
        expect(stats.rowsChecked).toBe(seen.at(-1)!.checkedWhenSent);
      },
    });
    expect(result).toMatchObject({ totalRows: 2_050, errorCount: 0 });
    expect(seen.map((s) => s.rows)).toEqual([500, 500, 500, 500, 50]);
    expect(seen.map((s) => s.checkedWhenSent)).toEqual([500, 1000, 1500, 2000, 2050]);
  });

  test('PGlite-style import (each statement commits alone): a failure mid-import deletes what it wrote', async () => {
    const { user, list, contacts } = await setup();
    const db = t.deps.db;
    let inserts = 0;
    const failing = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'execute')
          return (...args: unknown[]) => {
            if (++inserts === 3) throw new Error('disk full');
            return (target.execute as (...a: unknown[]) => unknown).apply(target, args);
          };
        const v = Reflect.get(target, key, receiver);
        return typeof v === 'function' ? v.bind(target) : v;
      },
    });
    const csv = ['email', ...Array.from({ length: 6000 }, (_, i) => `s${i}@example.com`)].join('\n');
    const file = new File([csv], 'c.csv');
    await expect(importContactsCsv({ db: failing, scope: personalScope(user.id), listId: list.id, file, inProcessDatabase: true })).rejects.toThrow(
      'disk full',
    );
    expect(inserts).toBe(3);
    expect(await contacts()).toEqual([]);
    // The same import without the failure writes every row.
    const ok = await importContactsCsv({ db, scope: personalScope(user.id), listId: list.id, file, inProcessDatabase: true });
    expect(ok).toMatchObject({ imported: 6000, skipped: 0 });
  }, 60_000);
});
