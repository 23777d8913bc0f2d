import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);

/** Seeds the signed-in user's saved wizard (sessionStorage) before the page loads. */
async function seedWizard(page: Page, state: Record<string, unknown>) {
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [`create-video:${me.id}`, JSON.stringify(state)] as const);
}

test('My Clips → Reuse: ?script= fills the script (with ?avatar=), then leaves the address', async ({ page }) => {
  await signUpViaApi(page);
  const script = 'Hi {first_name}, a clip worth reusing.\nSecond line.';
  await page.goto(`/create-video?avatar=stock-12&script=${encodeURIComponent(script)}`);
  await expect(page).toHaveURL(/\/create-video\?step=script$/);
  await expect(page.getByTestId('script-input')).toHaveValue(script);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('avatar-chosen')).toBeVisible();
  // An over-long script in the address is not taken.
  await page.goto(`/create-video?script=${'a'.repeat(5001)}`);
  await expect(page).toHaveURL(/\/create-video\?step=avatar$/);
  await page.getByTestId('stepper-script').getByRole('button').click();
  await expect(page.getByTestId('script-input')).toHaveValue(script);
});

test('step 1: Next with an empty script stays on the script step with the message', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/create-video');
  await page.getByTestId('script-input').fill('   ');
  await page.getByTestId('wizard-next').click();
  await expect(toast(page)).toContainText('Write a script first.');
  await onStep(page, 'script');
  await page.getByTestId('script-input').fill('Hello there.');
  await page.getByTestId('wizard-next').click();
  await onStep(page, 'avatar');
});

test('step 7 without its video: back to the preview step with the reason', async ({ page }) => {
  await signUpViaApi(page);
  await seedWizard(page, {
    step: 'distribute',
    reached: 6,
    script: 'Hello there.',
    avatar: { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' },
    voiceId: 'local-en-male',
    savedVideoId: 'deleted-video-id',
  });
  await page.goto('/create-video');
  await expect(toast(page)).toContainText('Error: This video no longer exists.');
  await onStep(page, 'preview');
  await expect(page.getByTestId('send-to-contact')).toHaveCount(0);
});

test('step 7 with no saved video at all: back to the preview step with the reason', async ({ page }) => {
  await signUpViaApi(page);
  await seedWizard(page, { step: 'distribute', reached: 6, script: 'Hello there.', savedVideoId: null });
  await page.goto('/create-video');
  await expect(toast(page)).toContainText('Error: No video is available for distribution.');
  await onStep(page, 'preview');
});
