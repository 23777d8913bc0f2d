import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi } from './helpers';

/** The wizard's Send To Contact step for a video saved through the API (no render needed to import contacts). */
async function openSendStep(page: Page) {
  const res = await page.request.post('/api/videos', { data: { title: 'Mapping journey', videoUrl: 'https://cdn.example.com/e2e/mapping.mp4' } });
  expect(res.status(), await res.text()).toBe(201);
  const video = (await res.json()) as { id: string };
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  await page.goto('/dashboard');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    `create-video:${user.id}`,
    JSON.stringify({ step: 'distribute', reached: 6, savedVideoId: video.id }),
  ] as const);
  await page.goto('/create-video');
  await expect(page.getByTestId('send-to-contact')).toBeVisible();
}

// French Excel: semicolons, a BOM, accents; one header no one would recognise ("Joignable à").
const CSV =
  '\ufeffPrénom;Nom;Joignable à;Société;Notes internes\nAda;Lovelace;ada@example.com;Engines SA;ne pas importer\nGrace;Hopper;grace@example.com;US Navy;secret\n';

test('CSV import: the detected mapping with a preview, a column mapped by hand, then imported', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpViaApi(page);
  await openSendStep(page);
  await page.getByTestId('open-csv').click();
  const csv = page.getByTestId('csv-dialog');
  await csv.getByTestId('csv-list-name').fill('Mapped by hand');
  await csv.getByTestId('csv-file').setInputFiles({ name: 'export-excel.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV, 'utf8') });

  // What the server would do: Prénom, Nom and Société recognised, the rest kept as variables.
  const mapping = csv.getByTestId('csv-mapping');
  await expect(mapping.getByTestId('csv-mapping-column')).toHaveCount(5);
  await expect(mapping.getByTestId('csv-mapping-0')).toHaveValue('firstName');
  await expect(mapping.getByTestId('csv-mapping-1')).toHaveValue('lastName');
  await expect(mapping.getByTestId('csv-mapping-2')).toHaveValue('custom');
  await expect(mapping.getByTestId('csv-mapping-3')).toHaveValue('company');
  await expect(mapping.getByTestId('csv-mapping-column').nth(2)).toContainText('Column 3: Joignable à');
  await expect(mapping.getByTestId('csv-mapping-column').nth(2)).toContainText('e.g. ada@example.com');
  await expect(csv.getByTestId('csv-preview').locator('tbody tr')).toHaveCount(2);
  await expect(csv.getByTestId('csv-preview')).toContainText('grace@example.com');

  // Fixed by hand: the unusual column is the e-mail, the notes are not imported.
  await mapping.getByTestId('csv-mapping-2').selectOption('email');
  await mapping.getByTestId('csv-mapping-4').selectOption('ignore');
  await expect(csv.getByTestId('csv-preview').locator('thead')).toContainText('E-mail');
  // The dialog fits the phone: the preview scrolls inside its box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // A mapping that names nobody is stopped before the upload.
  await mapping.getByTestId('csv-mapping-0').selectOption('ignore');
  await mapping.getByTestId('csv-mapping-1').selectOption('ignore');
  await mapping.getByTestId('csv-mapping-2').selectOption('ignore');
  await csv.getByTestId('csv-import').click();
  await expect(csv.getByTestId('csv-problem')).toHaveText('Choose a column for the name, the e-mail, or the first or last name.');
  await mapping.getByTestId('csv-mapping-0').selectOption('firstName');
  await mapping.getByTestId('csv-mapping-1').selectOption('lastName');
  await mapping.getByTestId('csv-mapping-2').selectOption('email');

  await csv.getByTestId('csv-import').click();
  await expect(csv.getByTestId('csv-report-counts')).toHaveText('2 imported, 0 skipped');
  const lists = (await (await page.request.get('/api/contact-lists')).json()) as { id: string; name: string }[];
  const list = lists.find((l) => l.name === 'Mapped by hand')!;
  const contacts = (await (await page.request.get(`/api/contact-lists/${list.id}/contacts`)).json()) as Record<string, unknown>[];
  expect(contacts.map((c) => [c.name, c.email, c.company, c.fields])).toEqual([
    ['Ada Lovelace', 'ada@example.com', 'Engines SA', {}],
    ['Grace Hopper', 'grace@example.com', 'US Navy', {}],
  ]);
});
