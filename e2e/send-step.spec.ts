import { expect, test, type Page } from '@playwright/test';
import { closeToast, importList, openSendStep, renderVideo, signUpViaApi } from './helpers';

// The send moment (decision 224): what recipients see is typed in the send step and corrected after
// sending; any recipient's version is checked and tested to oneself; the reach counts distinct
// recipients; Send confirms that number; an address in two lists gets one e-mail.

type Message = { channel: string; to: string; subject: string | null; text: string };
const inbox = async (page: Page) => ((await (await page.request.get('/api/sandbox/inbox')).json()) as { messages: Message[] }).messages;

test('set what recipients see, check the 38th recipient, test it to me, confirm the reach, send once per address, change the page after', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const me = await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Hello! I recorded this short video for you. See you soon.');
  await importList(
    page,
    'Night prospects',
    Array.from({ length: 38 }, (_, i) => `Person${i + 1},Test,p${i + 1}.night@example.com`),
  );
  // The same person in a second list, typed differently: one recipient.
  await importList(page, 'Event guests', ['Pat,Twice,P7.NIGHT@example.com']);
  await openSendStep(page, videoId);
  await page.getByTestId('contact-list').filter({ hasText: 'Night prospects' }).click();
  await page.getByTestId('contact-list').filter({ hasText: 'Event guests' }).click();
  await page.getByTestId('channel-email').click();

  // ── What recipients see ────────────────────────────────────────────────────
  const view = page.getByTestId('recipient-view');
  await expect(view.getByTestId('view-subject')).toHaveValue('{first_name|Hi}, I made this video for you: {video_title}');
  await view.getByTestId('view-subject').fill('{first_name|Hi}, your plan: {video_title}');
  await view.getByTestId('view-title').fill('Your onboarding plan');
  await view.getByTestId('view-cta-label').fill('Pick a time');
  await view.getByTestId('view-cta-url').fill('https://cal.example.com/me/15min');
  await view.getByTestId('view-sender').fill('Ada Rep');

  // ── Counting right: 38 distinct recipients, the duplicate address merged ───
  await expect(page.getByTestId('summary-reach')).toHaveText('38');
  await expect(page.getByTestId('personalisation-merged')).toContainText('p7.night@example.com: Person7 Test, Pat Twice');

  // ── Any recipient's version: the 38th, found by search ─────────────────────
  const browserPanel = page.getByTestId('recipient-browser');
  await expect(browserPanel).toContainText('38 recipients');
  await browserPanel.getByTestId('browser-search').fill('person38');
  await expect(browserPanel.getByTestId('browser-recipient')).toHaveCount(1);
  await browserPanel.getByTestId('browser-recipient').click();
  const version = page.getByTestId('recipient-version');
  await expect(version.getByTestId('version-subject')).toHaveText('Person38, your plan: Your onboarding plan');
  await expect(version.getByTestId('version-title')).toHaveText('Your onboarding plan');
  await expect(version.getByTestId('version-cta')).toHaveText('Pick a time');
  await expect(version.getByTestId('version-message')).toContainText('Person38');
  await expect(version).toContainText('Sent by Ada Rep');

  // "Send a test to me": the real e-mail of that recipient, in my own inbox.
  await version.getByTestId('send-test').click();
  await closeToast(page, 'Test sent');
  const test38 = (await inbox(page)).find((m) => m.to.includes(me.email) && m.subject === 'Person38, your plan: Your onboarding plan');
  expect(test38, JSON.stringify(await inbox(page))).toBeTruthy();
  expect(test38!.text).toContain('/v-test/');

  // ── Send asks first, with the reach ────────────────────────────────────────
  await page.getByTestId('send-video').click();
  await expect(page.getByTestId('confirm-count')).toHaveText('It goes to 38 recipients now. Each address gets it once.');
  await expect(page.getByTestId('confirm-button')).toHaveText('Send to 38');
  await page.getByTestId('confirm-button').click();
  await closeToast(page, 'Distribution started');
  await expect(page.getByTestId('distribution-progress')).toHaveAttribute('data-phase', 'completed', { timeout: 120_000 });
  await expect(page.getByTestId('progress-sent')).toHaveText('38');

  const sent = (await inbox(page)).filter((m) => m.channel === 'email' && m.to.toLowerCase().includes('.night@example.com'));
  expect(sent).toHaveLength(38);
  expect(sent.filter((m) => m.to.toLowerCase().includes('p7.night@example.com'))).toHaveLength(1);
  const p1 = sent.find((m) => m.to.includes('p1.night@example.com'))!;
  expect(p1.subject).toBe('Person1, your plan: Your onboarding plan');
  const link = /https?:\/\/[^\s"<>]+\/v\/[a-z2-7]+/.exec(p1.text)![0];

  // Every landing page shows the call-to-action typed in the send step.
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  for (const m of [p1, sent.find((x) => x.to.includes('p38.night@example.com'))!]) {
    await landing.goto(/https?:\/\/[^\s"<>]+\/v\/[a-z2-7]+/.exec(m.text)![0]);
    await expect(landing.locator('#cta')).toHaveText('Pick a time');
    await expect(landing.locator('#cta')).toHaveAttribute('href', 'https://cal.example.com/me/15min');
    await expect(landing.locator('.lead strong')).toHaveText('Your onboarding plan');
  }

  // ── Changed after sending: the page already sent follows ───────────────────
  const after = page.getByTestId('landing-after-send');
  await after.locator('summary').click();
  await expect(after.getByTestId('view-cta-label')).toHaveValue('Pick a time');
  await after.getByTestId('view-cta-label').fill('Book a demo');
  await after.getByTestId('view-cta-url').fill('https://cal.example.com/me/demo');
  await after.getByTestId('view-title').fill('Your 30-day plan');
  await after.getByTestId('landing-save').click();
  await closeToast(page, 'Saved');
  await landing.goto(link);
  await expect(landing.locator('#cta')).toHaveText('Book a demo');
  await expect(landing.locator('#cta')).toHaveAttribute('href', 'https://cal.example.com/me/demo');
  await expect(landing.locator('.lead strong')).toHaveText('Your 30-day plan');
  await visitor.close();
});

test("one recipient's own video rendered before sending; the send's progress moves recipient by recipient", async ({ page }) => {
  test.setTimeout(360_000);
  await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Hi {first_name}! This short video is for you.', { previewValues: { first_name: 'Jane' } });
  // Openings of very different lengths: their renders end at different times, however many run at once.
  await importList(page, 'Trio', [
    'Al,Short,al.trio@example.com',
    'Alexandrina Maximiliana Josephine,Long,long.trio@example.com',
    'Bo,Short,bo.trio@example.com',
  ]);
  await openSendStep(page, videoId);
  await page.getByTestId('contact-list').filter({ hasText: 'Trio' }).click();
  await page.getByTestId('channel-email').click();
  await page.getByTestId('recipient-view').getByTestId('view-title').fill('For you');

  // ── Any recipient's video, rendered on demand (no credit), shown in their version ──
  const browserPanel = page.getByTestId('recipient-browser');
  await browserPanel.getByTestId('browser-search').fill('bo.trio');
  await expect(browserPanel.getByTestId('browser-recipient')).toHaveCount(1);
  await browserPanel.getByTestId('browser-recipient').click();
  const version = page.getByTestId('recipient-version');
  await expect(version.getByTestId('version-opening')).toHaveText('Hi Bo!');
  await expect(version.getByTestId('version-render-credit')).toHaveText('Uses no credit: a recipient’s version is part of this video.');
  await version.getByTestId('version-render').click();
  const own = version.getByTestId('version-own-video');
  await expect(own).toBeVisible({ timeout: 150_000 });
  const src = await own.getAttribute('src');
  expect(src).toMatch(/^\/v-test\/[a-z2-7]+\.[0-9a-f]{32}\/video\.mp4$/);
  expect((await page.request.get(src!)).headers()['content-type']).toBe('video/mp4');
  const captions = await (await page.request.get((await own.locator('track').getAttribute('src'))!)).text();
  expect(captions).toContain('Hi Bo!');
  expect(captions).not.toContain('Jane');
  // At a phone's width the version with its video does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // ── Send: the renders are counted done one by one, never only 0 then all ──
  const started = page.waitForResponse((r) => r.url().includes('/distribute'));
  await page.getByTestId('send-video').click();
  await page.getByTestId('confirm-button').click();
  const { distributionId, renders } = (await (await started).json()) as { distributionId: string; renders: number };
  expect(renders).toBe(3);
  const seen: number[] = [];
  const end = Date.now() + 180_000;
  for (;;) {
    const p = (await (await page.request.get(`/api/distributions/${distributionId}/progress`)).json()) as { renders: { done: number; failed: number } };
    if (seen.at(-1) !== p.renders.done) seen.push(p.renders.done);
    if (p.renders.done + p.renders.failed >= 3 || Date.now() > end) break;
    await page.waitForTimeout(100);
  }
  test.info().annotations.push({ type: 'renders done, as polled', description: seen.join(' → ') });
  expect(seen.at(-1), `renders done, as polled: ${seen.join(' → ')}`).toBe(3);
  expect(
    seen.some((n) => n > 0 && n < 3),
    `renders done, as polled: ${seen.join(' → ')}`,
  ).toBe(true);
  await expect(page.getByTestId('distribution-progress')).toHaveAttribute('data-phase', 'completed', { timeout: 60_000 });
  await expect(page.getByTestId('progress-renders')).toContainText('3 of 3 rendered');
  await expect(page.getByTestId('progress-sent')).toHaveText('3');
});
