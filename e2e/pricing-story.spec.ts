import { expect, test, type Locator, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

// One pricing story (the landing page, Subscription and the wizard's Payment step read one catalogue),
// and limits told where the user can act (the script step, Add Profile).

/** Opens the wizard with a script and an avatar chosen, on `step` (its state lives in session storage). */
async function wizardAt(page: Page, step: string, script = 'Hello there.') {
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const state = {
    step,
    reached: 5,
    script,
    avatar: { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' },
    voiceId: 'local-en-male',
  };
  await page.addInitScript(
    ([key, value]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, value);
    },
    [`create-video:${me.id}`, JSON.stringify(state)] as const,
  );
  await page.goto('/create-video');
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);
}

/** What a plan card says: its price, videos a month, resolution and that a personalised video counts once. */
async function cardFacts(card: Locator) {
  return {
    price: await card.getByTestId('plan-price').innerText(),
    videos: await card.getByTestId('plan-feature-videos').innerText(),
    resolution: await card.getByTestId('plan-feature-resolution').innerText(),
    once: await card.getByTestId('plan-feature-once').innerText(),
  };
}

test('the landing page, Subscription and the wizard’s Payment step tell the same plan with the same numbers', async ({ page }) => {
  await page.goto('/');
  const landingPro = page.getByTestId('pricing-card-pro');
  const landing = await cardFacts(landingPro);
  expect(landing).toEqual({
    price: '$99',
    videos: '20 videos per month',
    resolution: 'Renders up to 1080p',
    once: 'A personalised video counts once, however many recipients it reaches',
  });
  await expect(landingPro.getByRole('heading')).toHaveText('Pro');
  // Yearly: the saving is stated as it is (20 % of twelve monthly payments, $240 on Pro), not as "3 months free".
  await page.getByTestId('billing-cycle-toggle').check();
  await expect(page.getByTestId('billing-toggle')).toContainText('Save 20%');
  await expect(landingPro.getByTestId('plan-price')).toHaveText('$79');
  await expect(landingPro.getByTestId('plan-billed')).toHaveText('Billed $948 yearly: you save $240');
  await expect(page.getByText('Save 20% with yearly billing')).toBeVisible();
  await expect(page.getByText(/months free/)).toHaveCount(0);

  // Subscription: the same card, and the current plan at the same price.
  await signUpViaApi(page);
  await page.goto('/subscription');
  expect(await cardFacts(page.getByTestId('plan-card-pro'))).toEqual(landing);
  await expect(page.getByTestId('current-plan-name')).toHaveText('Pro');
  await expect(page.getByTestId('current-plan-price')).toContainText('$99');

  // The wizard's Payment step: the plan as sold, and renders at its resolution (not 720p with 1080p for sale).
  await wizardAt(page, 'payment');
  const plan = page.getByTestId('payment-plan');
  await expect(plan.getByTestId('payment-plan-name')).toHaveText('Your plan: Pro');
  await expect(plan.getByTestId('plan-price')).toHaveText(landing.price);
  await expect(plan.getByTestId('payment-plan-facts')).toHaveText(`${landing.videos} · ${landing.resolution}`);
  await expect(plan).toContainText(landing.once);
  await expect(page.getByTestId('render-now')).toHaveText('Your renders now: 1080p, up to 20 videos a month.');
  await expect(page.getByTestId('tier-pro')).toContainText('In use');
  await expect(page.getByTestId('tier-pro').getByTestId('tier-note')).toHaveText(
    'Your Pro plan already renders at 1080p; this pack raises your videos to 50 a month, for one month',
  );
  await page.screenshot({ path: '/tmp/plans-payment-1440.png', fullPage: true });

  // The preview says that generating uses one video of the month.
  await page.getByTestId('wizard-previous').click();
  await expect(page.getByTestId('preview-credit')).toHaveText('Generating uses one video of your month: 20 left.');
});

test('the script step shows the plan’s video length, says when the script passes it and holds Next with the reason', async ({ page }) => {
  await signUpViaApi(page);
  await wizardAt(page, 'script');
  await expect(page.getByTestId('script-length-limit')).toContainText('Your Pro plan allows videos up to 5 min');
  // 900 words: about 328 s at the voices' 165 words a minute, past the Pro plan's 5 minutes.
  await page.getByTestId('script-input').fill('Hi '.repeat(900).trim());
  const reason =
    'This script makes a video of about 6 min; your Pro plan allows videos up to 5 min. Shorten it or upgrade to Enterprise for videos up to 10 min.';
  await expect(page.getByTestId('script-limit').getByTestId('plan-limit-text')).toHaveText(reason);
  await expect(page.getByTestId('wizard-next')).toBeDisabled();
  await expect(page.getByTestId('next-blocked-reason')).toHaveText(reason);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/plans-script-390.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId('script-input').fill('Hi '.repeat(800).trim());
  await expect(page.getByTestId('script-limit')).toHaveCount(0);
  await expect(page.getByTestId('wizard-next')).toBeEnabled();
});

test('Add Profile is disabled at the plan’s profile limit with the reason; a refusal for the plan is titled as one', async ({ page }) => {
  await signUpViaApi(page);
  expect((await page.request.post('/api/subscription', { data: { planId: 'basic', billingCycle: 'monthly' } })).status()).toBe(200);
  await page.goto('/social-profiles');
  await expect(page.getByTestId('profiles-add')).toBeEnabled();
  for (const n of [1, 2]) {
    const res = await page.request.post('/api/social-connections/whatsapp/direct', { data: { phoneNumber: `+3361234560${n}` } });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/social-profiles');
  await expect(page.getByTestId('profile-list').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('profiles-add')).toBeDisabled();
  await expect(page.getByTestId('profiles-limit').getByTestId('plan-limit-text')).toHaveText(
    'Your Basic plan allows 2 social profiles, all in use. Disconnect one or upgrade to Pro for 5.',
  );
  // Where a connection can still be asked for (the connect page), the server's refusal is titled for what it is.
  await page.goto('/connect-platforms?providers=linkedin');
  await page.getByTestId('provider-linkedin').click();
  await expect(toast(page)).toContainText('Plan limit reached');
  await expect(toast(page)).toContainText('Your Basic plan allows 2 social profiles.');
  await expect(toast(page)).not.toContainText('authorization URL');
});
