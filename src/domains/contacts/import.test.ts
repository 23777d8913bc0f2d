import { beforeAll, describe, expect, test } from 'bun:test';
import { PNG_1x1 } from '../../test/fixtures';
import { signedInClient, testApp } from '../../test/harness';
import { importContactsCsv } from './import';
import { personalScope } from '../workspaces/scope';
import { parseContactsCsv } from './import-parse';
import { CONTACT_MESSAGES } from './schemas';

let t: Awaited<ReturnType<typeof testApp>>;
beforeAll(async () => {
  t = await testApp();
}, 120_000);

const csvForm = (content: string | Uint8Array, name = 'contacts.csv') => {
  const fd = new FormData();
  fd.append('file', new File([content as BlobPart], name, { type: 'text/csv' }));
  return fd;
};

async function setup() {
  const { client, user } = await signedInClient(t.app);
  const list = (await client.post('/api/contact-lists', { name: 'Import' })).data as { id: string };
  const upload = (content: string | Uint8Array) => client.post(`/api/contact-lists/${list.id}/import`, csvForm(content));
  // Every page, following X-Next-Cursor.
  const contacts = async () => {
    const all: Record<string, any>[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await client.get(`/api/contact-lists/${list.id}/contacts?limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      all.push(...(res.data as Record<string, any>[]));
      cursor = res.headers.get('x-next-cursor');
    }
    return all;
  };
  return { client, user, list, upload, contacts };
}

describe('CSV import', () => {
  test('columns no standard field takes are kept as custom fields (variables), by normalised name', async () => {
    const { client, list, upload, contacts } = await setup();
    const res = await upload(
      'Name,Email,Industry,Background URL,First Name,first name\nAda Lovelace,ada@example.com,Aerospace,https://img.example.com/a.png,Ada,Dup\nBob Stone,bob@example.com,,,,\n',
    );
    expect(res.data).toMatchObject({ imported: 2, skipped: 0 });
    const [ada, bob] = await contacts();
    // A standard column is never a custom one; a repeated header counts once.
    expect(ada).toMatchObject({ firstName: 'Ada', fields: { industry: 'Aerospace', background_url: 'https://img.example.com/a.png' } });
    expect(bob!.fields).toEqual({});
    // The create form takes them too; blank values are dropped, names normalised, sizes capped.
    const made = await client.post(`/api/contact-lists/${list.id}/contacts`, {
      name: 'Cy',
      email: 'cy@example.com',
      fields: { 'Favourite Colour': 'teal', empty: ' ' },
    });
    expect(made.data.fields).toEqual({ favourite_colour: 'teal' });
    const big = await client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'Dee', email: 'dee@example.com', fields: { note: 'x'.repeat(2001) } });
    expect(big.status).toBe(400);
    expect(big.data.message).toBe('note must be at most 2000 characters');
  });

  test('header spellings, semicolons: Full Name / E-mail / Organization / Job Title / LinkedIn URL / Mobile', async () => {
    const { upload, contacts } = await setup();
    const res = await upload(
      'Full Name;E-mail;Organization;Job Title;LinkedIn URL;Mobile\n' +
        'Ada Lovelace;ada@example.com;Engines Ltd;CTO;https://linkedin.com/in/ada;+44 20 7946 0001\n' +
        'Alan Turing;alan@example.com;GCHQ;Analyst;;\n',
    );
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ imported: 2, skipped: 0, errors: [], totalRows: 2 });
    expect((await contacts())[0]).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      company: 'Engines Ltd',
      position: 'CTO',
      linkedinUrl: 'https://linkedin.com/in/ada',
      phoneNumber: '+44 20 7946 0001',
    });
  });

  test('first_name + last name, Email Address, title, profile url, phone number; BOM and tabs', async () => {
    const { upload, contacts } = await setup();
    const res = await upload(
      '\uFEFFFirst_Name\tlast name\tEmail Address\ttitle\tprofile url\tphone number\tnotes\nGrace\tHopper\tgrace@navy.mil\tAdmiral\thttps://linkedin.com/in/grace\t+1 202 555 0100\tignored\n',
    );
    expect(res.data).toMatchObject({ imported: 1, skipped: 0 });
    expect((await contacts())[0]).toMatchObject({
      name: 'Grace Hopper',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@navy.mil',
      position: 'Admiral',
      phoneNumber: '+1 202 555 0100',
    });
  });

  test('quoted fields with delimiters, quotes and newlines; line numbers stay the file’s', async () => {
    const { upload, contacts } = await setup();
    const res = await upload(
      'name,email,company\r\n' + // line 1
        '"Doe, Jane",jane@example.com,"Acme, ""the"" company"\r\n' + // line 2
        '"Multi\nLine",multi@example.com,"Big\nCorp"\r\n' + // lines 3-5 (two newlines inside quotes)
        '\r\n' + // line 6 blank
        'Broken,not-an-email,X\r\n', // line 7
    );
    expect(res.data.imported).toBe(2);
    expect(res.data.errors).toEqual([{ row: 7, reason: CONTACT_MESSAGES.email }]);
    const list = await contacts();
    // Names and companies are single-line fields: a cell's line breaks become a space.
    expect(list.map((c) => [c.name, c.company])).toEqual([
      ['Doe, Jane', 'Acme, "the" company'],
      ['Multi Line', 'Big Corp'],
    ]);
  });

  test('invalid rows are reported with their line numbers and reasons', async () => {
    const { upload } = await setup();
    const res = await upload(
      [
        'name,email,phone,linkedin,company',
        'Ok,ok@example.com,,,',
        ',,,,Only a company',
        'Bad Mail,bad@,,,',
        'Short Phone,,12345,,',
        'Bad Link,,,ftp://x.y,',
        `Long,${'a'.repeat(250)}@example.com,,,`,
      ].join('\n'),
    );
    expect(res.data.imported).toBe(1);
    expect(res.data.skipped).toBe(5);
    expect(res.data.errors).toEqual([
      { row: 3, reason: CONTACT_MESSAGES.nameOrEmail },
      { row: 4, reason: CONTACT_MESSAGES.email },
      { row: 5, reason: CONTACT_MESSAGES.phone },
      { row: 6, reason: CONTACT_MESSAGES.linkedin },
      { row: 7, reason: 'Email must be at most 254 characters' },
    ]);
  });

  test('duplicates by e-mail (any case) or phone (any formatting): within the file and against the list', async () => {
    const { client, list, upload, contacts } = await setup();
    await client.post(`/api/contact-lists/${list.id}/contacts`, { name: 'Existing', email: 'Existing@Example.com', phoneNumber: '+33 6 00 00 00 01' });
    const res = await upload(
      [
        'name,email,phone',
        'A,a@example.com,', // 2 imported
        'A again,A@EXAMPLE.COM,', // 3 dup of row 2
        'Existing twin,existing@example.com,', // 4 in list
        'Phone twin,,+33600000001', // 5 in list by phone
        'P,,+1 (555) 010-0001', // 6 imported
        'P again,,+1 555 010 0001', // 7 dup of row 6
        'B,b@example.com,', // 8 imported
      ].join('\n'),
    );
    expect(res.data).toMatchObject({ imported: 3, skipped: 4 });
    expect(res.data.errors).toEqual([
      { row: 3, reason: 'Duplicate email: same as row 2' },
      { row: 4, reason: 'Duplicate email: existing@example.com is already in the list' },
      { row: 5, reason: 'Duplicate phone number: +33600000001 is already in the list' },
      { row: 7, reason: 'Duplicate phone number: same as row 6' },
    ]);
    expect((await contacts()).map((c) => c.name)).toEqual(['Existing', 'A', 'P', 'B']);
    // Importing the same file again adds nothing.
    const again = await upload('name,email\nA,a@example.com\nB,b@example.com\n');
    expect(again.data).toMatchObject({ imported: 0, skipped: 2 });
  });

  test('the errors list is capped, the count is not', async () => {
    const { upload } = await setup();
    const rows = ['name,email', ...Array.from({ length: 1500 }, (_, i) => `R${i},bad${i}@`)];
    const res = await upload(rows.join('\n'));
    expect(res.data).toMatchObject({ imported: 0, skipped: 1500, errorCount: 1500, errorsTruncated: true });
    expect(res.data.errors).toHaveLength(1000);
    expect(res.data.errors[999]).toEqual({ row: 1001, reason: CONTACT_MESSAGES.email });
  });

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

  test('control characters in a cell refuse that row; formula-looking cells are stored as written', async () => {
    const { upload, contacts } = await setup();
    const res = await upload('name,email,company\nBell\u0007,bell@example.com,X\n=HYPERLINK("x"),f@example.com,@SUM(A1)\n"+33 1",p@example.com,-1\n');
    expect(res.data).toMatchObject({ imported: 2, skipped: 1, errors: [{ row: 2, reason: 'Name must not contain control characters' }] });
    expect((await contacts()).map((c) => [c.name, c.company])).toEqual([
      ['=HYPERLINK("x")', '@SUM(A1)'],
      ['+33 1', '-1'],
    ]);
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

  test('parser: delimiter detection ignores delimiters inside quotes', () => {
    const r = parseContactsCsv('"Full, Name";email\n"Doe, J";j@example.com\n');
    expect(r.valid).toEqual([{ line: 2, value: expect.objectContaining({ name: 'Doe, J', email: 'j@example.com' }) }]);
  });
});
