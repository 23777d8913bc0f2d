import { describe, expect, test } from 'bun:test';
import { PAGE_DEFAULT, PAGING_MESSAGES, ZPage } from '../../shared/paging';
import { decodeCursor, encodeCursor, toPage } from './keyset';

const KEY = '2026-11-25T17:00:00.123456Z';

describe('cursor', () => {
  test('round-trips (key, id) as opaque base64url', () => {
    const c = encodeCursor({ key: KEY, id: 'abc_123' });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c)).toEqual({ key: KEY, id: 'abc_123' });
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor(null)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  test('garbage or tampered cursors are a 400 with a message', () => {
    const bad = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    for (const raw of [
      'zzz',
      bad({ key: KEY, id: 'a' }),
      bad([KEY]),
      bad([KEY, 'a', 'b']),
      bad(['2026-11-25T17:00:00.123Z', 'a']), // millisecond key: would skip rows
      bad(['2026-13-45T17:00:00.123456Z', 'a']),
      bad([KEY, 42]),
      bad([KEY, 'a b']),
      bad([KEY, 'x'.repeat(65)]),
      bad(["2026-11-25T17:00:00.123456Z'; drop table campaigns; --", 'a']),
    ])
      expect(() => decodeCursor(raw)).toThrow(expect.objectContaining({ code: 'INVALID_INPUT', message: PAGING_MESSAGES.cursor }));
  });

  test('toPage keeps limit rows and makes a cursor only when one more row exists', () => {
    const rows = [1, 2, 3].map((n) => ({ n, key: KEY, id: `r${n}` }));
    const p = toPage(
      rows,
      { limit: 2 },
      (r) => ({ key: r.key, id: r.id }),
      (r) => r.n,
    );
    expect(p.items).toEqual([1, 2]);
    expect(decodeCursor(p.nextCursor)).toEqual({ key: KEY, id: 'r2' });
    expect(
      toPage(
        rows.slice(0, 2),
        { limit: 2 },
        (r) => ({ key: r.key, id: r.id }),
        (r) => r.n,
      ).nextCursor,
    ).toBeNull();
  });
});

describe('ZPage', () => {
  test('limit defaults to 50 (left to the service), coerces query strings, and stays within 1..200', () => {
    expect(PAGE_DEFAULT).toBe(50);
    expect(ZPage.parse({})).toEqual({});
    expect(ZPage.parse({ limit: '200' })).toEqual({ limit: 200 });
    for (const limit of ['0', '201', '1.5', 'abc', '-1']) expect(ZPage.safeParse({ limit }).error?.issues[0].message).toBe(PAGING_MESSAGES.limit);
    expect(ZPage.safeParse({ cursor: 'a+b/c=' }).error?.issues[0].message).toBe(PAGING_MESSAGES.cursor);
    expect(ZPage.safeParse({ cursor: 'a'.repeat(201) }).error?.issues[0].message).toBe(PAGING_MESSAGES.cursor);
  });
});
