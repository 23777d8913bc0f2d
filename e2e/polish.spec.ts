import { expect, type Locator, type Page, test } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

const MOBILE = { width: 390, height: 844 };

const intersects = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** A real tap at the element's centre: whatever is on top there receives it. */
async function tapCentre(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

test('390 px: a tap in the centre of the account avatar opens the menu, with the toast region present', async ({ page }) => {
  await page.setViewportSize(MOBILE);
  await signUpViaApi(page);
  await page.goto('/settings');
  await expect(page.getByRole('region', { name: 'Notifications (F8)' })).toBeAttached();
  await tapCentre(page, page.getByTestId('account-menu'));
  await expect(page.locator('details[open]').getByRole('link', { name: 'Profile' })).toBeVisible();

  // With a toast showing, the avatar still answers and the toast sits below the header.
  await page.keyboard.press('Escape');
  await page.getByText('Dark', { exact: true }).click();
  await expect(toast(page)).toContainText('Settings updated');
  const header = (await page.locator('header').boundingBox())!;
  expect((await toast(page).boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await page.locator('main h1').first().click();
  await tapCentre(page, page.getByTestId('account-menu'));
  await expect(page.locator('details[open]').getByRole('link', { name: 'Profile' })).toBeVisible();
});

test('desktop: a success toast does not cover the open account menu', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/settings');
  await page.getByText('Dark', { exact: true }).click();
  await expect(toast(page)).toContainText('Settings updated');
  await page.getByTestId('account-menu').click();
  const menu = page.locator('details[open] ul.menu');
  await expect(menu).toBeVisible();
  expect(intersects((await toast(page).boundingBox())!, (await menu.boundingBox())!)).toBe(false);
  expect(intersects((await toast(page).boundingBox())!, (await page.getByTestId('account-menu').boundingBox())!)).toBe(false);
});

for (const lang of ['en', 'fr'] as const) {
  test(`390 px (${lang}): every step label of the wizard is in sight, no sideways scrolling`, async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await signUpViaApi(page);
    if (lang !== 'en') await page.request.patch('/api/settings', { data: { language: lang } });
    await page.goto('/create-video');
    const stepper = page.getByTestId('wizard-stepper');
    await expect(stepper).toBeVisible();
    const labels = stepper.getByRole('button');
    await expect(labels).toHaveCount(7);
    for (const label of await labels.all()) {
      await expect(label).toBeInViewport({ ratio: 0.99 });
      // Not clipped by its step either: the text fits in the box the user sees.
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
    await page.screenshot({ path: `test-results/polish-stepper-390-${lang}.png` });
  });
}

test('pricing: the words Monthly and Yearly pick the billing cycle', async ({ page }) => {
  await page.goto('/');
  const price = page.getByTestId('pricing-card-basic').getByTestId('plan-price');
  await expect(price).toHaveText('$49');
  await page.getByRole('button', { name: 'Yearly', exact: true }).click();
  await expect(price).toHaveText('$39');
  await expect(page.getByTestId('billing-cycle-toggle')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Yearly', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Monthly', exact: true }).click();
  await expect(price).toHaveText('$49');
  await expect(page.getByTestId('billing-cycle-toggle')).not.toBeChecked();
  // Keyboard: the word is a button in the tab order.
  await page.getByRole('button', { name: 'Yearly', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(price).toHaveText('$39');
});

/** The share of the image the user sees in its box: 1 when shown whole, less when cropped. */
const shownShare = (img: HTMLImageElement) => {
  const box = img.clientWidth / img.clientHeight;
  const picture = img.naturalWidth / img.naturalHeight;
  const fit = getComputedStyle(img).objectFit;
  return fit === 'contain' || fit === 'scale-down' ? 1 : fit === 'cover' ? Math.min(box / picture, picture / box) : 0;
};

test('portrait templates are shown whole in the template grid', async ({ page }) => {
  await signUpViaApi(page);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const state = {
    step: 'template',
    reached: 3,
    script: 'Hello there.',
    avatar: { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' },
    voiceId: 'local-en-male',
  };
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [`create-video:${me.id}`, JSON.stringify(state)] as const);
  await page.goto('/create-video');
  for (const id of ['story-welcome', 'product-launch', 'sales-intro']) {
    const img = page.locator(`[data-testid="template-card"][data-template-id="${id}"] img:not([aria-hidden])`);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.evaluate(shownShare), id).toBeGreaterThan(0.99);
  }
  await page.locator('[data-template-id="story-welcome"]').screenshot({ path: 'test-results/polish-portrait-template.png' });
});

test('tooltips: open after 700 ms of hover, at once on keyboard focus, close on leave and Escape', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/avatar-library');
  const button = page.getByTestId('avatars-refresh');
  await expect(button).toBeEnabled();
  const tipId = await button.getAttribute('aria-describedby');
  expect(tipId).toBeTruthy();
  const tip = page.locator(`[id="${tipId}"]`);
  await expect(tip).toHaveAttribute('role', 'tooltip');
  await expect(tip).toHaveText('Refresh');
  await expect(tip).toBeHidden();

  const box = (await button.boundingBox())!;
  // The moment the pointer enters, and the moment the tooltip shows, as the page sees them.
  await page.evaluate((id) => {
    const w = window as unknown as { entered?: number; shown?: number };
    document.querySelector('[data-testid="avatars-refresh"]')!.addEventListener('mouseenter', () => (w.entered ??= performance.now()));
    new MutationObserver(() => {
      if (!document.getElementById(id)!.hidden) w.shown ??= performance.now();
    }).observe(document.getElementById(id)!, { attributes: true });
  }, tipId!);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(tip).toBeVisible({ timeout: 2000 });
  const { entered, shown } = await page.evaluate(() => {
    const w = window as unknown as { entered: number; shown: number };
    return { entered: w.entered, shown: w.shown };
  });
  console.log('tooltip delay', Math.round(shown - entered), 'ms');
  expect(shown - entered).toBeGreaterThanOrEqual(690);
  expect(shown - entered).toBeLessThan(1200);
  // Above the button, not over it.
  expect((await tip.boundingBox())!.y + (await tip.boundingBox())!.height).toBeLessThanOrEqual((await button.boundingBox())!.y + 1);
  await page.mouse.move(5, 5);
  await expect(tip).toBeHidden();

  // Keyboard: focus shows it without waiting, Escape hides it.
  // (A key press first: the browser then treats the focus as keyboard focus, :focus-visible.)
  await page.keyboard.press('Shift');
  await button.focus();
  await expect(button).toBeFocused();
  await expect(tip).toBeVisible({ timeout: 300 });
  await page.keyboard.press('Escape');
  await expect(tip).toBeHidden();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`sandbox inbox (${scheme}): dates in the viewer's language, the app's look, no CSP violation`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signUpViaApi(page);
    await page.request.patch('/api/settings', { data: { language: 'fr' } });
    await page.request.post('/api/social-connections/whatsapp/direct', { data: { phoneNumber: '+33612345678' } });
    await page.request.post('/api/unipile/send-whatsapp', { data: { phoneNumber: '+1 555 010 0000', message: 'Bonjour Sam, voici votre vidéo.' } });
    const violations: string[] = [];
    page.on('console', (m) => m.type() === 'error' && violations.push(m.text()));
    await page.goto('/sandbox/inbox');
    const time = page.locator('time').first();
    const iso = (await time.getAttribute('datetime'))!;
    // The browser's own zone and the viewer's language (the page's script re-wrote the server's UTC text).
    const local = await page.evaluate(
      (d) => new Intl.DateTimeFormat('fr', { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(new Date(d)),
      iso,
    );
    await expect(time).toHaveText(local);
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).not.toBe('rgba(0, 0, 0, 0)');
    expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(scheme === 'dark');
    expect(violations).toEqual([]);
    await page.screenshot({ path: `test-results/polish-inbox-${scheme}.png` });
  });
}
