import { describe, expect, test } from 'bun:test';
import { setup, setUpTestApp } from './fixtures/import';
import { CONTACT_MESSAGES } from './schemas';

/**
 * CSV import, row by row: invalid rows reported with their line and reason, duplicates within the
 * file and against the list, the capped errors list, control characters and formula-looking cells.
 */
setUpTestApp();

describe('CSV import', () => {
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

  test('control characters in a cell refuse that row; formula-looking cells are stored as written', async () => {
    const { upload, contacts } = await setup();
    const res = await upload('name,email,company\nBell\u0007,bell@example.com,X\n=HYPERLINK("x"),f@example.com,@SUM(A1)\n"+33 1",p@example.com,-1\n');
    expect(res.data).toMatchObject({ imported: 2, skipped: 1, errors: [{ row: 2, reason: 'Name must not contain control characters' }] });
    expect((await contacts()).map((c) => [c.name, c.company])).toEqual([
      ['=HYPERLINK("x")', '@SUM(A1)'],
      ['+33 1', '-1'],
    ]);
  });

  test('skip reasons come back in the user’s language (French, Spanish)', async () => {
    const file = [
      'Prénom;Nom;E-mail',
      'Ada;Lovelace;ada@example.com',
      'Ada;Bis;ADA@example.com',
      'Bob;Stone;bob@',
      `Cy;Long;${'a'.repeat(250)}@example.com`,
    ].join('\n');
    const fr = await setup();
    expect((await fr.client.patch('/api/settings', { language: 'fr' })).status).toBe(200);
    expect((await fr.upload(file)).data.errors).toEqual([
      { row: 3, reason: 'E-mail en double : identique à la ligne 2' },
      { row: 4, reason: 'Adresse e-mail invalide' },
      { row: 5, reason: 'E-mail doit comporter 254 caractères au plus' },
    ]);
    const es = await setup();
    expect((await es.client.patch('/api/settings', { language: 'es' })).status).toBe(200);
    expect((await es.upload(file)).data.errors[0]).toEqual({ row: 3, reason: 'Correo duplicado: igual que la fila 2' });
  });
});
