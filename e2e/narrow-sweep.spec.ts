import { type Browser, expect, type Page, test } from '@playwright/test';
import { importList, openSendStep, signUpViaApi } from './helpers';

// Every page and the main dialogs of the app, on a 390 px phone in English and French: nothing may scroll
// sideways (document wider than the screen). One signed-in user, no renders.
const PHONE = { width: 390, height: 844 };
const LANGS = ['en', 'fr'] as const;

const SIGNED_IN = [
  '/dashboard',
  '/create-video',
  '/create-campaign',
  '/campaigns',
  '/my-videos',
  '/my-clips',
  '/avatar-library',
  '/performance',
  '/profile',
  '/settings?tab=general',
  '/settings?tab=notifications',
  '/settings?tab=security',
  '/settings?tab=team',
  '/settings?tab=integrations',
  '/settings?tab=advanced',
  '/social-profiles',
  '/subscription',
  '/help',
  '/tutorial',
  '/unipile-test',
  '/whatsapp-test',
  '/test-creatify',
  '/connect-platforms',
  '/sandbox/inbox',
];
const PUBLIC = ['/', '/auth', '/pricing', '/privacy', '/terms', '/forgot-password', '/reset-password?token=x', '/verify-email?token=x', '/invite/not-a-token'];

/** The page has settled (no spinner, no skeleton), then the document is no wider than the phone. */
async function expectNoSideways(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.loading, .skeleton')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // On failure, name the innermost elements that reach past the screen's right edge.
  const past =
    width > PHONE.width
      ? await page.evaluate((w) => {
          const all = [...document.querySelectorAll<HTMLElement>('body *')].filter((e) => e.getBoundingClientRect().right > w + 0.5);
          return all
            .filter((e) => ![...e.children].some((c) => all.includes(c as HTMLElement)))
            .slice(0, 5)
            .map((e) => `<${e.tagName.toLowerCase()} class="${e.className}">${(e.textContent ?? '').slice(0, 60)}`);
        }, PHONE.width)
      : [];
  expect(width, `${what} is ${width} px wide at 390 px: ${past.join(' | ')}`).toBeLessThanOrEqual(PHONE.width);
}

/** Opens a dialog by its button, measures, closes it with Escape. */
async function dialog(page: Page, path: string, opener: string, what: string) {
  await page.goto(path);
  await page.getByTestId(opener).first().click();
  await expect(page.locator('dialog[open], [role="dialog"]').first()).toBeVisible();
  await expectNoSideways(page, `${what} dialog`);
  await page.keyboard.press('Escape');
}

async function anonymousPage(browser: Browser, lang: string) {
  const context = await browser.newContext({ viewport: PHONE });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  return context.newPage();
}

test.describe.configure({ timeout: 240_000 });

for (const lang of LANGS) {
  test(`390 px in ${lang}: no page or dialog scrolls sideways`, async ({ page, browser }) => {
    await page.setViewportSize(PHONE);
    await signUpViaApi(page);
    await page.request.patch('/api/settings', { data: { language: lang } });
    const campaign = await (
      await page.request.post('/api/campaigns', { data: { name: 'Une campagne au nom assez long pour tester', platforms: ['email'] } })
    ).json();

    for (const path of [...SIGNED_IN, `/campaigns/${campaign.id}`]) {
      await page.goto(path);
      await expectNoSideways(page, path);
    }

    await dialog(page, '/avatar-library', 'upload-custom', 'upload avatar');
    await dialog(page, '/avatar-library', 'create-avatar-card', 'create avatar');
    await dialog(page, '/social-profiles', 'profiles-add', 'connect a profile');
    await dialog(page, `/campaigns/${campaign.id}`, 'campaign-edit', 'edit campaign');
    await dialog(page, `/campaigns/${campaign.id}`, 'campaign-delete', 'delete campaign');
    await dialog(page, '/settings?tab=advanced', 'danger-account', 'delete account');
    await dialog(page, '/settings?tab=advanced', 'danger-videos', 'delete all videos');
    await dialog(page, '/create-video', 'script-generate', 'generate script');

    const anon = await anonymousPage(browser, lang);
    for (const path of PUBLIC) {
      await anon.goto(path);
      await expectNoSideways(anon, path);
    }
    await anon.context().close();
  });
}

for (const lang of LANGS) {
  test(`390 px in ${lang}: the send step, a recipient's version, the confirmation and the progress do not scroll sideways`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signUpViaApi(page);
    await page.request.patch('/api/settings', { data: { language: lang } });
    // A video saved from elsewhere (no render) and a list of three with long names and addresses.
    const video = await (
      await page.request.post('/api/videos', {
        data: { title: 'Une présentation au titre assez long pour tester la largeur', videoUrl: 'https://cdn.example.com/narrow.mp4', status: 'completed' },
      })
    ).json();
    await importList(page, 'Prospects de la soirée au nom assez long', [
      'Alexandrina,Maximiliana-Josephine,alexandrina.maximiliana-josephine@tres-longue-entreprise.example.com',
      'Bo,Li,bo@example.com',
      ',,anonyme@example.com',
    ]);

    await openSendStep(page, video.id);
    await page.getByTestId('contact-list').first().click();
    await page.getByTestId('channel-email').click();
    await expect(page.getByTestId('recipient-browser')).toBeVisible();
    await expectNoSideways(page, 'send step');

    await page.getByTestId('browser-recipient').first().click();
    await expect(page.getByTestId('recipient-version')).toBeVisible();
    await expectNoSideways(page, "a recipient's version");

    await page.getByTestId('send-video').click();
    await expect(page.getByTestId('confirm-count')).toBeVisible();
    await expectNoSideways(page, 'send confirmation dialog');
    await page.getByTestId('confirm-button').click();

    await expect(page.getByTestId('distribution-progress')).toHaveAttribute('data-phase', 'completed', { timeout: 60_000 });
    await page.getByTestId('recipients').locator('summary').click();
    await expect(page.getByTestId('recipient-list')).toBeVisible();
    await page.getByTestId('landing-after-send').locator('summary').click();
    await expectNoSideways(page, 'send progress');
  });
}
