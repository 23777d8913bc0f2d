import { describe, expect, test } from 'bun:test';
import { csvForm, setup, setUpTestApp } from './fixtures/import';
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

  test.each([
    ['French Excel (semicolons, accents)', '\ufeffPrénom;Nom;E-mail;Société;Téléphone\nAda;Lovelace;ada@example.com;Engines SA;+33 6 12 34 56 78\n'],
    ['Spanish', 'Nombre,Apellido,Correo electrónico,Empresa,Teléfono\nAda,Lovelace,ada@example.com,Engines SA,+33 6 12 34 56 78\n'],
    ['other spellings, case and spacing', ' PRÉNOM ;Nom de famille;Courriel;Entreprise;Portable\nAda;Lovelace;ada@example.com;Engines SA;+33 6 12 34 56 78\n'],
  ])('headers in French and Spanish are recognised: %s', async (_, file) => {
    const { upload, contacts } = await setup();
    const res = await upload(file);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ imported: 1, skipped: 0 });
    expect((await contacts())[0]).toMatchObject({
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      company: 'Engines SA',
      phoneNumber: '+33 6 12 34 56 78',
    });
  });

  test('a mapping chosen by hand: an unusual header becomes the e-mail, a column is ignored, another kept as a variable', async () => {
    const { client, list, upload, contacts } = await setup();
    const file = 'Who,Reach me at,Secret,Favourite colour\nAda Lovelace,ada@example.com,hunter2,teal\n';
    // Without the mapping nothing names a contact.
    expect((await upload(file)).data.message).toBe(CONTACT_MESSAGES.noColumns);
    const res = await client.post(`/api/contact-lists/${list.id}/import?columns=name,email,ignore,custom`, csvForm(file));
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ imported: 1, skipped: 0 });
    const [ada] = await contacts();
    expect(ada).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', fields: { favourite_colour: 'teal' } });
    expect(JSON.stringify(ada)).not.toContain('hunter2');
    // A mapping that names nothing, an unknown choice or a field twice: 400 with the reason, nothing written.
    const none = await client.post(`/api/contact-lists/${list.id}/import?columns=ignore,ignore`, csvForm(file));
    expect([none.status, none.data.message]).toEqual([400, CONTACT_MESSAGES.noColumns]);
    const unknown = await client.post(`/api/contact-lists/${list.id}/import?columns=name,shoeSize`, csvForm(file));
    expect([unknown.status, unknown.data.message]).toEqual([400, 'Unknown column choice: shoeSize']);
    // In the user's language (their setting wins over the browser's).
    await client.patch('/api/settings', { language: 'fr' });
    const twice = await client.post(`/api/contact-lists/${list.id}/import?columns=email,email`, csvForm(file), { 'accept-language': 'es' });
    expect([twice.status, twice.data.message]).toEqual([400, 'Chaque champ ne peut être choisi que pour une colonne : email']);
    expect(await contacts()).toHaveLength(1);
  });
});
