import { describe, expect, test } from 'bun:test';
import { setup, setUpTestApp } from './fixtures/import';
import { parseContactsCsv } from './import-parse';
import { CONTACT_MESSAGES } from './schemas';

/**
 * CSV import, reading the file: custom-field columns, header spellings, delimiters (commas,
 * semicolons, tabs, quoted ones), BOM, quoted fields over several lines.
 * Refused rows: import-rows.test.ts; refused files and limits: import-limits.test.ts.
 */
setUpTestApp();

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

  test.each([
    [
      'header spellings, semicolons: Full Name / E-mail / Organization / Job Title / LinkedIn URL / Mobile',
      'Full Name;E-mail;Organization;Job Title;LinkedIn URL;Mobile\n' +
        'Ada Lovelace;ada@example.com;Engines Ltd;CTO;https://linkedin.com/in/ada;+44 20 7946 0001\n' +
        'Alan Turing;alan@example.com;GCHQ;Analyst;;\n',
      { imported: 2, skipped: 0, errors: [], totalRows: 2 },
      {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        company: 'Engines Ltd',
        position: 'CTO',
        linkedinUrl: 'https://linkedin.com/in/ada',
        phoneNumber: '+44 20 7946 0001',
      },
    ],
    [
      'first_name + last name, Email Address, title, profile url, phone number; BOM and tabs',
      '\uFEFFFirst_Name\tlast name\tEmail Address\ttitle\tprofile url\tphone number\tnotes\nGrace\tHopper\tgrace@navy.mil\tAdmiral\thttps://linkedin.com/in/grace\t+1 202 555 0100\tignored\n',
      { imported: 1, skipped: 0 },
      { name: 'Grace Hopper', firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.mil', position: 'Admiral', phoneNumber: '+1 202 555 0100' },
    ],
  ])('%s', async (_title, file, summary, first) => {
    const { upload, contacts } = await setup();
    const res = await upload(file);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject(summary);
    expect((await contacts())[0]).toMatchObject(first);
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

  test('parser: delimiter detection ignores delimiters inside quotes', () => {
    const r = parseContactsCsv('"Full, Name";email\n"Doe, J";j@example.com\n');
    expect(r.valid).toEqual([{ line: 2, value: expect.objectContaining({ name: 'Doe, J', email: 'j@example.com' }) }]);
  });
});
