import { expect, test, type Locator, type Page } from '@playwright/test';
import { renderVideo, signUpViaApi, toast } from './helpers';

/** A logo as a real PNG: a word drawn by the browser itself. */
async function makeLogo(page: Page): Promise<Buffer> {
  const scratch = await page.context().newPage();
  await scratch.setContent('<div id="l" style="display:inline-block;padding:6px 12px;background:#fff;color:#0f172a;font:700 30px sans-serif">ACME</div>');
  const png = await scratch.locator('#l').screenshot();
  await scratch.close();
  return png;
}

/** The colour of one pixel of an element's screenshot, decoded by the browser (no image library needed). */
async function pixelOf(page: Page, target: Locator, x: number, y: number): Promise<[number, number, number]> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, x, y }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(img, 0, 0);
      const [r, g, b] = ctx.getImageData(x, y, 1, 1).data;
      return [r!, g!, b!] as [number, number, number];
    },
    { png, x, y },
  );
}

const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 3);

test('brand in Profile and the campaign, a delivered landing page with that brand (screenshot), watched to the end; the per-contact row and the retention curve; Share in My Videos copies a tracked /v/ link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Hello! Here is a short tour for you.');

  // ── Brand in Profile: a logo (checked by the server) and a yellow brand colour ──
  await page.goto('/profile');
  const brand = page.getByTestId('brand-card');
  await expect(brand.getByRole('heading', { name: 'Landing page brand' })).toBeVisible();
  await brand.getByTestId('brand-logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await makeLogo(page) });
  await expect(toast(page)).toContainText('Logo updated');
  await expect(brand.getByTestId('brand-logo-preview')).toBeVisible();
  await brand.getByTestId('brand-color').fill('yellow;}');
  await expect(brand.getByTestId('field-error')).toHaveText('Brand colour must be a hex colour such as #4f46e5');
  await expect(brand.getByTestId('brand-color-save')).toBeDisabled();
  await brand.getByTestId('brand-color').fill('#FFCC00');
  await brand.getByTestId('brand-color-save').click();
  await expect(toast(page)).toContainText('Brand colour saved');
  // The preview picks dark text on yellow, as the landing page will.
  await expect(brand.getByTestId('brand-preview-cta')).toHaveCSS('background-color', 'rgb(255, 204, 0)');
  await expect(brand.getByTestId('brand-preview-cta')).toHaveCSS('color', 'rgb(17, 24, 39)');
  await page.screenshot({ path: '/tmp/h10-profile-brand.png', fullPage: true });

  // ── A campaign with the video, a CTA, and a contact sent the video by e-mail ──
  const campaign = await page.request.post('/api/campaigns', {
    data: {
      name: 'Brand tour',
      platforms: ['email'],
      videoIds: [videoId],
      ctaLabel: 'Book a test drive',
      ctaUrl: `${baseURL}/pricing`,
      senderName: 'Jane at Acme',
    },
  });
  expect(campaign.status()).toBe(201);
  const campaignId = ((await campaign.json()) as { id: string }).id;
  const list = (await (await page.request.post('/api/contact-lists', { data: { name: 'Leads' } })).json()) as { id: string };
  const contact = (await (
    await page.request.post(`/api/contact-lists/${list.id}/contacts`, { data: { name: 'Ada Lovelace', email: 'ada@example.com' } })
  ).json()) as { id: string };
  const sent = await page.request.post(`/api/videos/${videoId}/distribute`, { data: { contactIds: [contact.id], platforms: ['email'], campaignId } });
  expect(sent.status(), await sent.text()).toBe(201);
  const { distributionId } = (await sent.json()) as { distributionId: string };
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/distributions/${distributionId}/progress`)).json()) as { deliveries: { sent: number } }).deliveries.sent,
      { timeout: 30_000 },
    )
    .toBe(1);
  const landingUrl = ((await (await page.request.get(`/api/distributions/${distributionId}`)).json()) as { deliveries: { landingUrl: string }[] })
    .deliveries[0]!.landingUrl;

  // ── Ada's page carries the brand: logo band, yellow with dark text, checked on the pixels ──
  const visitor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const landing = await visitor.newPage();
  await landing.goto(new URL(landingUrl).pathname);
  await expect(landing.getByRole('heading', { name: 'Hi Ada!' })).toBeVisible();
  const logo = landing.locator('img[data-brand="logo"]');
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const header = landing.locator('header[data-brand="header"]');
  const cta = landing.locator('#cta');
  await expect(cta).toHaveText('Book a test drive');
  await expect(cta).toHaveCSS('background-color', 'rgb(255, 204, 0)');
  await expect(cta).toHaveCSS('color', 'rgb(17, 24, 39)');
  expect(near(await pixelOf(landing, header, 4, 4), [255, 204, 0])).toBe(true);
  const ctaBox = (await cta.boundingBox())!;
  expect(near(await pixelOf(landing, cta, 6, Math.floor(ctaBox.height / 2)), [255, 204, 0])).toBe(true);
  await landing.screenshot({ path: '/tmp/h10-landing-1440.png', fullPage: true });
  await landing.setViewportSize({ width: 390, height: 844 });
  await landing.screenshot({ path: '/tmp/h10-landing-390.png', fullPage: true });

  // She watches it to the end, then clicks the call-to-action.
  await landing.locator('video').evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    const ended = new Promise((r) => v.addEventListener('ended', r, { once: true }));
    await v.play();
    await ended;
  });
  const popup = landing.waitForEvent('popup');
  await cta.click();
  await (await popup).close();
  await expect
    .poll(async () => ((await (await page.request.get(`/api/campaigns/${campaignId}`)).json()) as { ctaClicks: number; engagementRate: number }).ctaClicks, {
      timeout: 15_000,
    })
    .toBe(1);
  await visitor.close();

  // ── The campaign's Analytics tab: her row, and the retention curve ─────────
  await page.goto(`/campaigns/${campaignId}`);
  await page.getByTestId('campaign-tab-analytics').click();
  const row = page.getByTestId('recipient-row').filter({ hasText: 'Ada Lovelace' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('ada@example.com');
  await expect(row).toContainText('E-mail');
  await expect(row.getByTestId('recipient-opened')).not.toHaveText('—');
  await expect(row.getByTestId('recipient-watched')).toHaveText('100%');
  await expect(row.getByTestId('recipient-cta').locator('svg')).toBeVisible();
  await expect(row.getByTestId('recipient-unsubscribed')).toHaveText('—');
  await page.getByTestId('recipients-search').fill('nobody-here');
  await expect(page.getByTestId('recipients-empty')).toBeVisible();
  await page.getByTestId('recipients-search').fill('ada');
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('retention-chart')).toHaveAttribute('data-views', '1');
  await expect(page.getByTestId('retention-chart').locator('svg.recharts-surface')).toBeVisible();
  await page.screenshot({ path: '/tmp/h10-analytics.png', fullPage: true });

  // ── A campaign colour overrides the profile's ─────────────────────────────
  await page.getByTestId('campaign-tab-settings').click();
  await page.getByTestId('campaign-brand-color').fill('navy');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-tab').getByTestId('field-error')).toHaveText('Brand colour must be a hex colour such as #4f46e5');
  await page.getByTestId('campaign-brand-color').fill('#1e3a8a');
  await page.getByTestId('settings-save').click();
  await expect(toast(page)).toContainText('Settings saved');
  const html = await (await page.request.get(new URL(landingUrl).pathname)).text();
  expect(html).toContain(':root{--brand:#1e3a8a;--on-brand:#ffffff}');

  // ── Share in My Videos: a tracked landing page link, never the file ───────
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/my-videos');
  await page.locator(`[data-testid="video-card"][data-video-id="${videoId}"]`).getByTestId('share-video').click();
  await expect(toast(page)).toContainText('Link copied');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${baseURL}/v/[a-z2-7]{32}$`));
  await expect(page.getByTestId('share-link')).toHaveValue(link);
  const stranger = await browser.newContext();
  const shared = await stranger.newPage();
  await shared.goto(link);
  await expect(shared.getByText('Jane at Acme shared a video with you.')).toBeVisible();
  await expect(shared.locator('video')).toHaveAttribute('src', /^\/files\//);
  await stranger.close();
});
