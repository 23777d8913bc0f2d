import { describe, expect, test } from 'bun:test';
import { PNG_1x1 } from '../../test/fixtures';
import { personalScope } from '../../server/scope';
import { csvForm, setup, t, setUpTestApp } from './fixtures/import';
import { importContactsCsv } from './import';
import { CONTACT_MESSAGES } from './schemas';

/**
 * CSV import, whole files: row, line and byte caps, missing/empty/binary/non-UTF-8 files, the
 * server answering during a large import, and a failed import leaving the list untouched.
 */
setUpTestApp();

describe('CSV import', () => {
  test('more than 50,000 rows is refused and nothing is written', async () => {
    const { upload, contacts } = await setup();
    const rows = ['email', ...Array.from({ length: 50_001 }, (_, i) => `p${i}@example.com`)];
    const res = await upload(rows.join('\n'));
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ message: CONTACT_MESSAGES.tooManyRows });
    expect(await contacts()).toEqual([]);
  });

  test('missing file, empty file, binary content, no usable header', async () => {
    const { client, list, upload } = await setup();
    const none = await client.post(`/api/contact-lists/${list.id}/import`, new FormData());
    expect(none.status).toBe(400);
    expect(none.data).toEqual({ message: 'No file selected: Please select a CSV file to upload' });
    expect((await upload('')).data).toEqual({ message: CONTACT_MESSAGES.empty });
    const png = await client.post(`/api/contact-lists/${list.id}/import`, csvForm(PNG_1x1, 'photo.csv'));
    expect(png.status).toBe(400);
    expect(png.data).toEqual({ message: CONTACT_MESSAGES.notCsv });
    expect((await upload('foo,bar\n1,2\n')).data).toEqual({ message: CONTACT_MESSAGES.noColumns });
    expect((await upload('name,email\n')).data).toEqual({ message: CONTACT_MESSAGES.empty });
  });

  test('UTF-8 only: Windows-1252, UTF-16 (with or without a BOM) and NUL anywhere are refused with the reason', async () => {
    const { upload, contacts } = await setup();
    const enc = (s: string) => new TextEncoder().encode(s);
    const latin1 = new Uint8Array([...enc('name,email\nRen'), 0xe9, ...enc(',rene@example.com\n')]);
    expect(await upload(latin1)).toMatchObject({ status: 400, data: { message: CONTACT_MESSAGES.notUtf8 } });
    const utf16 = (le: boolean, bom: boolean) => {
      const text = 'name,email\nAda,ada@example.com\n';
      const out = new Uint8Array((bom ? 2 : 0) + text.length * 2);
      if (bom) out.set(le ? [0xff, 0xfe] : [0xfe, 0xff]);
      for (let i = 0; i < text.length; i++) out.set(le ? [text.charCodeAt(i), 0] : [0, text.charCodeAt(i)], (bom ? 2 : 0) + i * 2);
      return out;
    };
    expect((await upload(utf16(true, true))).data).toEqual({ message: CONTACT_MESSAGES.notUtf8 });
    expect((await upload(utf16(false, true))).data).toEqual({ message: CONTACT_MESSAGES.notUtf8 });
    expect((await upload(utf16(true, false))).data).toEqual({ message: CONTACT_MESSAGES.notCsv });
    // A NUL far past the first 64 KB used to reach PostgreSQL (500).
    const late = ['name,email', ...Array.from({ length: 3000 }, (_, i) => `Person ${i},p${i}@example.com`), 'Nul\u0000Row,nul@example.com'].join('\n');
    expect(late.indexOf('\u0000')).toBeGreaterThan(64 * 1024);
    expect(await upload(late)).toMatchObject({ status: 400, data: { message: CONTACT_MESSAGES.notCsv } });
    // A UTF-8 BOM is dropped; accents and emoji survive.
    expect((await upload('\uFEFFname,email\nRené 😀,rene@example.com\n')).data).toMatchObject({ imported: 1 });
    expect((await contacts()).map((c) => c.name)).toEqual(['René 😀']);
  });

  test('caps before parsing: 20 MB of bytes (413), 100,000 lines (blank ones count)', async () => {
    const { client, list, upload, user } = await setup();
    const blank = '\n'.repeat(100_000);
    expect(await upload(`email\n${blank}a@example.com\n`)).toMatchObject({ status: 400, data: { message: CONTACT_MESSAGES.tooManyLines } });
    // Old Mac line ends (CR alone) count as lines too.
    expect((await upload(`email\r${'\r'.repeat(100_000)}`)).data).toEqual({ message: CONTACT_MESSAGES.tooManyLines });
    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61);
    const res = await client.post(`/api/contact-lists/${list.id}/import`, csvForm(big));
    expect(res).toMatchObject({ status: 413, data: { message: CONTACT_MESSAGES.tooLarge } });
    await expect(importContactsCsv({ db: t.deps.db, scope: personalScope(user.id), listId: list.id, file: new Blob([big]) })).rejects.toThrow(
      CONTACT_MESSAGES.tooLarge,
    );
  });

  test('the server keeps answering while a large import is parsed and written', async () => {
    // Over a real socket: a stalled event loop (parsing on the request thread, or statement after
    // statement without a turn of the loop) delays every other request until the import ends.
    const { client, list } = await setup();
    const server = t.app.listen({ port: 0, hostname: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${server.server!.port}`;
      const csv = ['name,email,company', ...Array.from({ length: 20_000 }, (_, i) => `Person ${i},p${i}@example.com,"Company ${i}, Inc."`)].join('\n');
      let done = false;
      const answered: number[] = [];
      const importing = fetch(`${base}/api/contact-lists/${list.id}/import`, { method: 'POST', headers: { cookie: client.cookie }, body: csvForm(csv) }).then(
        async (r) => {
          done = true;
          return r.json();
        },
      );
      while (!done) {
        const r = await fetch(`${base}/api/health`);
        await r.arrayBuffer();
        if (!done) answered.push(performance.now());
        await Bun.sleep(10);
      }
      expect(await importing).toMatchObject({ imported: 20_000 });
      expect(answered.length).toBeGreaterThanOrEqual(5);
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test('a failure mid-import leaves the list as it was (one transaction)', async () => {
    const { user, list, contacts } = await setup();
    const db = t.deps.db;
    let inserts = 0;
    // The second chunk's insert fails: the first chunk must not stay behind.
    const failing = new Proxy(db, {
      get(target, key, receiver) {
        if (key !== 'transaction') return Reflect.get(target, key, receiver);
        return (fn: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            fn(
              new Proxy(tx, {
                get(txTarget, k, r) {
                  if (k === 'execute')
                    return (...args: unknown[]) => {
                      if (++inserts === 2) throw new Error('disk full');
                      return (txTarget.execute as (...a: unknown[]) => unknown).apply(txTarget, args);
                    };
                  const v = Reflect.get(txTarget, k, r);
                  return typeof v === 'function' ? v.bind(txTarget) : v;
                },
              }),
            ),
          );
      },
    });
    const csv = ['email', ...Array.from({ length: 6000 }, (_, i) => `tx${i}@example.com`)].join('\n');
    const file = new File([csv], 'c.csv');
    await expect(importContactsCsv({ db: failing, scope: personalScope(user.id), listId: list.id, file })).rejects.toThrow('disk full');
    expect(inserts).toBe(2);
    expect(await contacts()).toEqual([]);
  });
});
