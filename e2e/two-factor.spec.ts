import { expect, type Page, test } from '@playwright/test';
import { totp } from '../src/domains/auth/totp';
import { dismissToast, signUpViaApi, toast } from './helpers';

// The codes are computed here with the app's own RFC 6238 function, from the key read off the screen.
// The code that turns 2FA on is spent (a code works once): later sign-ins use the next step's code,
// which the server accepts (±1 step).
const nextCode = (secret: string) => totp(secret, Date.now() + 30_000);

async function enableTwoFactor(page: Page, password: string) {
  await page.goto('/profile');
  const card = page.getByTestId('two-factor-card');
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByTestId('two-factor-qr')).toBeVisible();
  // The QR code is a data: image drawn by the server (allowed by the CSP), and it loaded.
  await expect(card.getByTestId('two-factor-qr')).toHaveAttribute('src', /^data:image\/svg\+xml/);
  expect(await card.getByTestId('two-factor-qr').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await card.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // Turning it on asks for the current password too: a wrong one is refused and the code is not spent.
  await card.getByLabel('Code from the app').fill(totp(secret));
  await card.getByLabel('Password', { exact: true }).fill('not-my-password');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page)).toContainText('Password or code is incorrect');
  await dismissToast(page);
  await card.getByLabel('Password', { exact: true }).fill(password);
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page)).toContainText('Two-factor sign-in is on');
  const codes = await card.getByTestId('recovery-code').allTextContents();
  expect(codes).toHaveLength(10);
  await card.getByRole('button', { name: "I've saved them" }).click();
  await expect(card.getByTestId('recovery-code')).toHaveCount(0);
  await expect(card.getByTestId('two-factor-state')).toHaveText('On');
  await expect(card).toContainText('10 recovery codes left');
  return { secret, codes };
}

async function signOut(page: Page) {
  await page.goto('/sign-out');
  await page.getByTestId('confirm-sign-out').click();
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
}

async function passwordStep(page: Page, user: { username: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email Id').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
  // No session yet: the password alone signs nobody in.
  expect((await page.request.get('/api/user')).status()).toBe(401);
}

test('enable 2FA in Profile → Security, log out, log in with the password then a code; then with a recovery code, once', async ({ page, browser }) => {
  const user = await signUpViaApi(page);
  // Another session of the same account (another browser): turning 2FA on signs it out, not this one.
  const elsewhere = await browser.newContext();
  expect((await elsewhere.request.post('/api/login', { data: { username: user.username, password: user.password } })).status()).toBe(200);
  const { secret, codes } = await enableTwoFactor(page, user.password);
  expect((await elsewhere.request.get('/api/user')).status()).toBe(401);
  expect((await page.request.get('/api/user')).status()).toBe(200);
  await elsewhere.close();
  await signOut(page);

  await passwordStep(page, user);
  // A wrong code is refused and the step stays.
  await page.getByTestId('two-factor-code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page)).toContainText('Invalid code');
  await page.getByTestId('two-factor-code').fill(nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { name: 'Performance Indicator' })).toBeVisible();

  await signOut(page);
  await passwordStep(page, user);
  await page.getByTestId('two-factor-code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.goto('/profile');
  await expect(page.getByTestId('two-factor-card')).toContainText('9 recovery codes left');

  // The same recovery code does not work twice.
  await signOut(page);
  await passwordStep(page, user);
  await page.getByTestId('two-factor-code').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(toast(page)).toContainText('Invalid code');
  await expect(page.getByTestId('two-factor-step')).toBeVisible();
});

test('turning 2FA off needs the password and a code; the login is one step again', async ({ page }) => {
  const user = await signUpViaApi(page);
  const { codes } = await enableTwoFactor(page, user.password);
  const card = page.getByTestId('two-factor-card');
  const form = card.getByTestId('two-factor-disable');
  await form.getByLabel('Password', { exact: true }).fill('not-my-password');
  await form.getByTestId('two-factor-disable-code').fill(codes[1]!);
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(toast(page)).toContainText('Password or code is incorrect');
  await form.getByLabel('Password', { exact: true }).fill(user.password);
  await form.getByRole('button', { name: 'Turn off' }).click();
  await expect(card.getByTestId('two-factor-state')).toHaveText('Off');

  await signOut(page);
  await page.goto('/auth');
  await page.getByLabel('Email Id').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
});
