import { expect, type Page, test } from '@playwright/test';
import { closeToast, signUpViaApi } from './helpers';

// The wizard's step is in the address (docs/decisions/133-wizard-address-parameters.md); its draft is
// saved per tab, versioned (docs/decisions/232-wizard-step-in-url.md).

const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);
const at = (page: Page, slug: string) => expect(page).toHaveURL(new RegExp(`/create-video\\?step=${slug}$`));
const userId = async (page: Page) => ((await (await page.request.get('/api/user')).json()) as { id: string }).id;
const savedDraft = (page: Page, id: string) =>
  page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as { version?: number; script?: string; step?: string } | null,
    `create-video:${id}`,
  );

test('script → avatar: a reload stays on the avatar step with the script kept; Back is the script step, Forward the avatar step', async ({ page }) => {
  await signUpViaApi(page);
  const id = await userId(page);
  await page.goto('/create-video');
  await at(page, 'script');
  await page.getByTestId('script-input').fill('Hello {first_name}, a reload keeps me.');
  await page.getByTestId('wizard-next').click();
  await onStep(page, 'avatar');
  await at(page, 'avatar');

  await page.reload();
  await onStep(page, 'avatar');
  await at(page, 'avatar');
  expect(await savedDraft(page, id)).toMatchObject({ version: 1, step: 'avatar', script: 'Hello {first_name}, a reload keeps me.' });

  await page.goBack();
  await onStep(page, 'script');
  await at(page, 'script');
  await expect(page.getByTestId('script-input')).toHaveValue('Hello {first_name}, a reload keeps me.');

  await page.goForward();
  await onStep(page, 'avatar');
  await at(page, 'avatar');
});

test('an address to a later step without its input is sent back with the reason; in a new tab too', async ({ page, context }) => {
  await signUpViaApi(page);
  // Nothing written yet: Visualize asks for the script.
  await page.goto('/create-video?step=visualize');
  await closeToast(page, 'Write a script first.');
  await onStep(page, 'script');
  await at(page, 'script');

  await page.getByTestId('script-input').fill('Hello there.');
  await page.getByTestId('wizard-next').click();
  await at(page, 'avatar');
  // Customize without an avatar: Select Avatar; Send without a saved video: Visualize.
  await page.goto('/create-video?step=customize');
  await closeToast(page, 'Select an avatar', 'Choose an avatar before customizing it.');
  await onStep(page, 'avatar');
  await at(page, 'avatar');
  await page.goto('/create-video?step=send');
  await closeToast(page, 'No video is available for distribution.');
  await onStep(page, 'preview');
  await at(page, 'visualize');

  // A shared address opens in a tab of its own, whose wizard is empty: the script step, with the reason.
  const other = await context.newPage();
  await other.goto('/create-video?step=avatar');
  await closeToast(other, 'Write a script first.');
  await onStep(other, 'script');
  await at(other, 'script');
  await expect(other.getByTestId('script-input')).toHaveValue('');
});

test('a draft saved in another format is dropped: the wizard starts afresh', async ({ page }) => {
  await signUpViaApi(page);
  const id = await userId(page);
  await page.addInitScript(
    ([key, value]) => {
      // Once: the wizard's own saving must not be overwritten on the next load.
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem(key, value);
      sessionStorage.setItem('seeded', '1');
    },
    [`create-video:${id}`, JSON.stringify({ version: 99, step: 'avatar', reached: 1, script: 'From an older wizard.' })] as const,
  );
  await page.goto('/create-video');
  await onStep(page, 'script');
  await at(page, 'script');
  await expect(page.getByTestId('script-input')).toHaveValue('');
  expect(await savedDraft(page, id)).toMatchObject({ version: 1, step: 'script', script: '' });
});
