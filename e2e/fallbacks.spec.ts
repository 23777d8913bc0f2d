import { expect, test, type Page } from '@playwright/test';
import { renderVideo, signUpViaApi } from './helpers';

// Fallbacks per placeholder and per language (decision 226): a contact without a first name gets
// the sentence with the word left out, in the e-mail and on the page; a French contact a French
// e-mail and page; the page's big play button plays on a tap at phone size; the wizard writes each
// occurrence's choice into the script.

type Mail = { to: string; text: string; subject: string | null };

async function send(page: Page) {
  const videoId = await renderVideo(page, 'Thanks for your time today. Here is the short tour I promised.');
  const list = await (await page.request.post('/api/contact-lists', { data: { name: 'Mixed' } })).json();
  const add = (data: Record<string, string>) => page.request.post(`/api/contact-lists/${list.id}/contacts`, { data });
  expect((await add({ email: 'nameless@example.com' })).status()).toBe(201);
  expect((await add({ firstName: 'Zoé', lastName: 'Martin', email: 'zoe@example.com', language: 'fr' })).status()).toBe(201);
  const res = await page.request.post(`/api/videos/${videoId}/distribute`, {
    data: { listIds: [list.id], platforms: ['email'], message: 'Thanks, {first_name|}, talk soon!' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { distributionId } = (await res.json()) as { distributionId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/distributions/${distributionId}/progress`)).json()) as { deliveries: { sent: number } }).deliveries.sent,
      {
        timeout: 60_000,
      },
    )
    .toBe(2);
  const { deliveries } = (await (await page.request.get(`/api/distributions/${distributionId}`)).json()) as {
    deliveries: { address: string; landingUrl: string }[];
  };
  const pageOf = (address: string) => new URL(deliveries.find((d) => d.address === address)!.landingUrl).pathname;
  return { nameless: pageOf('nameless@example.com'), zoe: pageOf('zoe@example.com') };
}

test('the dropped first name and the French contact, in the e-mail and on the page; the big play button plays on a phone', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signUpViaApi(page);
  const pages = await send(page);

  // The e-mails, as the sandbox inbox shows them.
  const { messages } = (await (await page.request.get('/api/sandbox/inbox?channel=email')).json()) as { messages: Mail[] };
  const to = (a: string) => messages.find((m) => m.to.includes(a))!;
  expect(to('nameless@example.com').text).toMatch(/^Thanks, talk soon!\n/);
  expect(to('zoe@example.com').text).toMatch(/^Thanks, Zoé, talk soon!\n/);
  expect(to('zoe@example.com').text).toContain('Regarder votre vidéo');
  expect(to('zoe@example.com').subject).toContain('une vidéo pour vous');
  await page.goto('/sandbox/inbox');
  await expect(page.getByText('Thanks, talk soon!').first()).toBeVisible();

  // A phone: the page greets without the missing name, and a tap on the big button plays.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const p = await phone.newPage();
  await p.goto(pages.nameless);
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('Hi!');
  await expect(p.locator('video#v')).not.toHaveAttribute('poster', /poster\.jpg/);
  const play = p.getByRole('button', { name: 'Play the video' });
  await expect(play).toBeVisible();
  await play.tap();
  await expect.poll(() => p.locator('video#v').evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  await expect(play).toBeHidden();
  expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The French contact's page is French.
  await p.goto(pages.zoe);
  await expect(p.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(p.getByRole('heading', { level: 1 })).toHaveText('Bonjour Zoé!');
  await expect(p.getByText('a enregistré une vidéo pour vous')).toBeVisible();
  await expect(p.getByRole('link', { name: 'Prendre contact' })).toBeVisible();
  await expect(p.getByRole('button', { name: 'Lire la vidéo' })).toBeVisible();
  await phone.close();
});

test('the wizard: each place a variable appears gets its own fallback, written into the script; French defaults', async ({ page }) => {
  await signUpViaApi(page);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  await page.goto('/dashboard');
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    `create-video:${me.id}`,
    JSON.stringify({ step: 'template', reached: 3, script: 'Hi {first_name}! Thanks, {first_name}, talk soon.' }),
  ] as const);
  await page.goto('/create-video');
  const occurrences = page.getByTestId('occurrences-first_name');
  await expect(occurrences.getByTestId('occurrence-heard-1')).toContainText('Thanks, there, talk soon.');
  await occurrences.getByTestId('occurrence-mode-1').selectOption('drop');
  await expect(occurrences.getByTestId('occurrence-heard-1')).toContainText('Thanks, talk soon.');
  await occurrences.getByTestId('occurrence-mode-0').selectOption('text');
  await occurrences.getByTestId('occurrence-words-0').fill('my friend');
  await expect(occurrences.getByTestId('occurrence-heard-0')).toContainText('Hi my friend!');
  const stored = await page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '{}').script, `create-video:${me.id}`);
  expect(stored).toBe('Hi {first_name|my friend}! Thanks, {first_name|}, talk soon.');

  // A French screen: the default fallback is French.
  await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [
    `create-video:${me.id}`,
    JSON.stringify({ step: 'template', reached: 3, script: 'Bonjour {company}.' }),
  ] as const);
  await page.request.patch('/api/settings', { data: { language: 'fr' } });
  await page.goto('/create-video');
  await expect(page.getByTestId('variable-fallback-company')).toHaveValue('votre équipe');
});

test('the sidebar’s help card says it opens written guides', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Open the guides' }).first().click();
  await expect(page).toHaveURL(/\/tutorial$/);
  await expect(page.locator('main video')).toHaveCount(0);
});
