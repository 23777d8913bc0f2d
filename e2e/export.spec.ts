import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { unzipSync } from 'fflate';
import Papa from 'papaparse';
import { signUpViaApi, toast } from './helpers';

test('settings: export my data — progress to ready, the download is a zip whose CSVs parse, formulas neutralised', async ({ page }) => {
  await signUpViaApi(page);
  // Some data: a campaign and a contact list whose contacts include formula-looking cells.
  expect((await page.request.post('/api/campaigns', { data: { name: 'Spring launch', platforms: ['email'] } })).status()).toBe(201);
  const list = await (await page.request.post('/api/contact-lists', { data: { name: 'Prospects' } })).json();
  for (const c of [
    { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical, Inc.' },
    { name: 'Mallory', email: 'mallory@example.com', company: '=HYPERLINK("http://evil.example","click")' },
  ])
    expect((await page.request.post(`/api/contact-lists/${list.id}/contacts`, { data: c })).status()).toBe(201);

  await page.goto('/settings?tab=advanced');
  const section = page.getByTestId('data-export');
  await expect(section).toContainText('Export your data');
  await expect(section).toContainText('No exports yet.');
  await page.getByTestId('export-request').click();
  await expect(toast(page)).toContainText('Export started');
  const row = page.getByTestId('export-row');
  await expect(row).toHaveCount(1);
  // The screen polls while the job runs: the row moves from waiting/preparing to ready.
  await expect(row).toHaveAttribute('data-status', 'ready', { timeout: 30_000 });
  await expect(page.getByTestId('export-request')).toBeEnabled();
  await page.screenshot({ path: test.info().outputPath('export-ready.png'), fullPage: true });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^avatar-studio-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  for (const name of ['campaigns', 'videos', 'contact-lists', 'contacts', 'deliveries', 'events']) {
    expect(zip[`${name}.json`]).toBeDefined();
    expect(zip[`${name}.csv`]).toBeDefined();
  }
  const csv = (name: string) => {
    const parsed = Papa.parse<Record<string, string>>(new TextDecoder().decode(zip[name]), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    return parsed.data;
  };
  const contacts = csv('contacts.csv');
  expect(contacts.map((c) => c.name).sort()).toEqual(['Ada Lovelace', 'Mallory']);
  expect(contacts.find((c) => c.name === 'Mallory')!.company).toBe(`'=HYPERLINK("http://evil.example","click")`);
  expect(contacts.find((c) => c.name === 'Ada Lovelace')!.company).toBe('Analytical, Inc.');
  expect(csv('campaigns.csv').map((c) => c.name)).toEqual(['Spring launch']);

  // Another browser session (another user) cannot fetch it.
  const href = await page.getByTestId('export-download').getAttribute('href');
  const other = await page.context().browser()!.newContext({ baseURL: page.url() });
  const stranger = await other.newPage();
  await signUpViaApi(stranger);
  expect((await stranger.request.get(href!)).status()).toBe(404);
  await other.close();

  // The same screen in French, dark.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByTestId('sidebar').getByTestId('language-select').selectOption('fr');
  await expect(section).toContainText('Exporter vos données');
  await expect(row).toContainText('Télécharger');
  await page.screenshot({ path: test.info().outputPath('export-dark.png'), fullPage: true });
});
