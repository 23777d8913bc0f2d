import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

const LIMIT_TEXT = 'You have used the 5 videos of your Basic plan this month. Upgrade to Pro for 20 a month.';

/** Chooses a plan on the subscription screen, as a user does; returns when the invoice is listed. */
async function choosePlan(page: Page, plan: 'basic' | 'pro' | 'enterprise', invoices: number) {
  await page.goto('/subscription');
  await page.getByTestId(`select-plan-${plan}`).click();
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('Plan updated');
  await toast(page).getByRole('button').click();
  await expect(page.getByTestId('invoice-row')).toHaveCount(invoices);
}

/** Opens the wizard on its preview step with a short script and an avatar chosen (its state lives in session storage). */
async function wizardAtPreview(page: Page) {
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const state = {
    step: 'preview',
    reached: 4,
    script: 'Hello there.',
    avatar: { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' },
    voiceId: 'local-en-male',
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
    },
    [`create-video:${me.id}`, JSON.stringify(state)] as const,
  );
}

async function renderInWizard(page: Page) {
  await page.goto('/create-video');
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'preview');
  const generate = page.getByTestId('preview-generate');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByTestId('preview-ready')).toBeVisible({ timeout: 120_000 });
}

test('a Basic user renders up to the monthly limit, sees why Generate is disabled, upgrades and renders again', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  await choosePlan(page, 'basic', 1);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Basic');

  // Four of the month's five videos through the API (short renders), the fifth in the wizard.
  for (let i = 0; i < 4; i++) {
    const res = await page.request.post('/api/avatars/talk', { data: { avatarId: 'stock-1', script: `Video ${i + 1}.`, captions: 'none' } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await wizardAtPreview(page);
  await renderInWizard(page);

  // At the limit: Generate is disabled, the reason names the limit and the plan that lifts it, with a link.
  await expect(page.getByTestId('preview-generate')).toBeDisabled();
  await expect(page.getByTestId('plan-limit-text')).toHaveText(LIMIT_TEXT);
  // The server refuses it too, whatever the screen shows.
  const refused = await page.request.post('/api/avatars/talk', { data: { avatarId: 'stock-1', script: 'One more.' } });
  expect(refused.status()).toBe(402);
  expect((await refused.json()).message).toBe(LIMIT_TEXT);
  await page.screenshot({ path: '/tmp/h12-limit.png' });

  // The link leads to the plans; upgrading leaves an invoice.
  await page.getByTestId('plan-limit-link').click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId('subscription-limit')).toContainText(LIMIT_TEXT);
  await expect(page.getByTestId('usage-videos')).toContainText('5');
  await page.getByTestId('select-plan-pro').click();
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('Plan updated');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Pro');
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await expect(page.getByTestId('invoice-row').first()).toContainText('Pro');
  await expect(page.getByTestId('subscription-limit')).toHaveCount(0);

  // And renders again.
  await page.goto('/create-video');
  await expect(page.getByTestId('plan-limit')).toHaveCount(0);
  const generate = page.getByTestId('preview-generate');
  await expect(generate).toBeEnabled();
  await generate.click();
  await expect(page.getByTestId('preview-progress')).toBeVisible();
  await expect(page.getByTestId('preview-ready')).toBeVisible({ timeout: 120_000 });
  const sub = (await (await page.request.get('/api/subscription')).json()) as { usage: { videosThisMonth: { used: number; limit: number } } };
  expect(sub.usage.videosThisMonth).toEqual({ used: 6, limit: 20 });
});

test('the payment step buys a render plan the subscription does not cover, and leaves an invoice', async ({ page }) => {
  await signUpViaApi(page);
  await choosePlan(page, 'basic', 1);
  await wizardAtPreview(page);
  await page.goto('/create-video');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'payment');
  await expect(page.getByTestId('tier-pro').getByTestId('tier-note')).toHaveText('Not in your Basic plan: added for one month');
  await page.getByTestId('choose-pro').click();
  const dialog = page.getByTestId('buy-tier-dialog');
  await expect(dialog).toContainText('$59.99 is charged now for one month: Up to 50 videos a month at 1080p.');
  await expect(dialog).toContainText('Sandbox billing');
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('1080p pack added');
  await expect(page.getByTestId('tier-pro')).toContainText('In use');
  await expect(page.getByTestId('tier-pro').getByTestId('tier-note')).toContainText('Added until');
  // The 720p plan is now covered: chosen for free.
  await expect(page.getByTestId('choose-basic')).toHaveText('Use 720p');

  await page.goto('/subscription');
  await expect(page.getByTestId('invoice-row')).toHaveCount(2);
  await expect(page.getByTestId('invoice-row').first()).toContainText('1080p pack');
  await expect(page.getByTestId('invoice-row').first()).toContainText('$59.99');
});

test('payment method: the sandbox card, changed through a validated form; the Team tab tells the truth for the plan', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/subscription');
  const method = page.getByTestId('payment-method');
  await expect(method.getByTestId('payment-method-card')).toHaveText('Sandbox card •••• 4242');
  await expect(method.getByTestId('payment-sandbox-badge')).toBeVisible();
  await method.getByTestId('payment-method-change').click();
  const form = page.getByTestId('payment-method-form');
  await form.getByTestId('card-number').fill('4111 1111 1111 1112');
  await form.getByTestId('card-exp-month').fill('13');
  await form.getByTestId('card-exp-year').fill(String(new Date().getFullYear() + 2));
  await form.getByTestId('card-cvc').fill('12');
  await form.getByTestId('card-save').click();
  await expect(form.getByTestId('field-error')).toHaveText(['Enter a valid card number', 'Enter a valid expiry date', 'Enter the 3 or 4 digit security code']);
  await form.getByTestId('card-number').fill('4111 1111 1111 1111');
  await form.getByTestId('card-exp-month').fill('7');
  await form.getByTestId('card-cvc').fill('123');
  await form.getByTestId('card-save').click();
  await expect(toast(page)).toContainText('Payment method saved');
  await expect(method.getByTestId('payment-method-card')).toHaveText('Visa •••• 1111');
  await expect(method).toContainText(`Expires 07/${new Date().getFullYear() + 2}`);

  // Pro trial: ten seats, the owner's one used, and the invite form; Basic: the plans that include teams.
  await page.goto('/settings?tab=team');
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 10 seats used');
  await expect(page.getByTestId('team-invite')).toBeVisible();
  await expect(page.getByTestId('team-upgrade')).toHaveCount(0);
  await choosePlan(page, 'enterprise', 1);
  await page.goto('/settings?tab=team');
  await expect(page.getByTestId('team-seats')).toHaveText('1 of 10 seats used');
  await choosePlan(page, 'basic', 2);
  await page.goto('/settings?tab=team');
  await expect(page.getByTestId('team-text')).toContainText('Teams are available on the Pro and Enterprise plans');
  await expect(page.getByTestId('team-tab').getByRole('link', { name: 'View plans' })).toBeVisible();
});
