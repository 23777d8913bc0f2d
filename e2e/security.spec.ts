import { expect, test, type Page } from '@playwright/test';
import { PNG_1x1, renderVideo, signUpViaApi } from './helpers';

// Issue 9 item 10: every response carries a Content-Security-Policy; the built app must work under
// it. Each screen is walked with a listener for `securitypolicyviolation` events (and the console's
// "Refused to …" lines); none may appear.

type Violation = { directive: string; blocked: string; source: string };

async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: Violation[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  return {
    /** The violations of the current document and the console lines so far; both must be empty. */
    async expectNone(where: string) {
      // Lazy chunks, images and media of the screen have loaded (or failed) by now.
      await page.waitForLoadState('networkidle');
      const seen = await page.evaluate(() => (window as unknown as { __csp?: Violation[] }).__csp ?? []);
      expect({ where, violations: seen, console }).toEqual({ where, violations: [], console: [] });
    },
  };
}

test('the app runs under its Content-Security-Policy: no violation on the main screens', async ({ page }) => {
  test.setTimeout(240_000);
  const csp = await watchCsp(page);

  // ── Public pages ───────────────────────────────────────────────────────────
  for (const path of ['/', '/pricing', '/auth', '/auth?tab=register', '/forgot-password', '/terms']) {
    const res = await page.goto(path);
    expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(res?.headers()['x-frame-options']).toBe('DENY');
    await csp.expectNone(path);
  }

  // The theme is applied before the first paint by /theme-init.js (no inline script).
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await csp.expectNone('dark theme');

  // ── Signed in ──────────────────────────────────────────────────────────────
  await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Hello. This is our product.', { captions: 'none' });
  const campaign = await page.request.post('/api/campaigns', { data: { name: 'Spring', platforms: ['email'], videoIds: [videoId] } });
  const campaignId = ((await campaign.json()) as { id: string }).id;

  for (const path of [
    '/dashboard',
    '/campaigns',
    `/campaigns/${campaignId}`,
    '/create-campaign',
    '/my-videos',
    '/my-clips',
    '/avatar-library',
    '/social-profiles',
    '/settings',
    '/profile',
    '/subscription',
    '/performance',
    '/help',
  ]) {
    await page.goto(path);
    await expect(page.locator('#root > *').first()).toBeVisible();
    await csp.expectNone(path);
  }

  // A campaign's analytics (charts), a video playing from storage.
  await page.goto(`/campaigns/${campaignId}`);
  const analytics = page.getByRole('tab', { name: /analytics/i });
  if (await analytics.count()) await analytics.first().click();
  await csp.expectNone('campaign analytics');

  // ── Create video: the first steps (avatar images, a picked file's blob: preview, voices) ──
  await page.goto('/create-video');
  await page.getByTestId('script-input').fill('Hi {first_name}, here is a short video for you.');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('avatar-card').first()).toBeVisible();
  await csp.expectNone('create-video: avatars');
  await page.getByTestId('avatar-upload-open').click();
  await page.getByTestId('custom-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByTestId('custom-avatar-preview')).toBeVisible();
  await csp.expectNone('create-video: custom avatar preview');
  await page.getByTestId('custom-avatar-dialog').getByRole('button', { name: 'Cancel' }).click();
  await page
    .locator('[data-testid="avatar-card"][data-avatar-id="stock-7"]')
    .click()
    .catch(async () => {
      await page.getByTestId('avatar-search').fill('stock-7');
      await page.locator('[data-testid="avatar-card"][data-avatar-id="stock-7"]').click();
    });
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'avatar-customize');
  await csp.expectNone('create-video: voices');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'template');
  await csp.expectNone('create-video: templates and backgrounds');

  // ── The connect page never sends the browser off the app, whatever redirect_uri says ──
  for (const hostile of ['/\t/evil.example', '/\n/evil.example', '/\\evil.example', '//evil.example', 'https://evil.example', 'javascript:alert(1)']) {
    await page.goto(`/connect-platforms?providers=linkedin&redirect_uri=${encodeURIComponent(hostile)}`);
    await expect(page.getByTestId('connect-cancel')).toHaveAttribute('href', '/social-profiles');
  }
  await page.goto(`/connect-platforms?providers=linkedin&redirect_uri=${encodeURIComponent('/create-video?step=1')}`);
  await expect(page.getByTestId('connect-cancel')).toHaveAttribute('href', '/create-video?step=1');
  await csp.expectNone('connect-platforms');

  // ── A delivery's landing page (server-rendered, its own nonce policy) with the video ──
  const list = (await (await page.request.post('/api/contact-lists', { data: { name: 'One' } })).json()) as { id: string };
  await page.request.post(`/api/contact-lists/${list.id}/contacts`, { data: { firstName: 'Alice', email: 'alice@example.com' } });
  const sent = (await (await page.request.post(`/api/videos/${videoId}/distribute`, { data: { listIds: [list.id], platforms: ['email'] } })).json()) as {
    distributionId: string;
  };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/distributions/${sent.distributionId}/progress`)).json()) as { done: boolean }).done, {
      timeout: 60_000,
    })
    .toBe(true);
  const { deliveries } = (await (await page.request.get(`/api/videos/${videoId}/deliveries`)).json()) as { deliveries: { landingUrl: string }[] };
  const landing = new URL(deliveries[0]!.landingUrl).pathname;
  const res = await page.goto(landing);
  expect(res?.headers()['content-security-policy']).toContain("script-src 'nonce-");
  await expect(page.locator('video')).toBeVisible();
  await page.locator('video').evaluate((v: HTMLVideoElement) => v.play().catch(() => undefined));
  await csp.expectNone('landing page');
});
