import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

test('forgot password: the e-mailed link sets a new password', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.request.post('/api/logout');

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('field-error')).toHaveText('Invalid email address');
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByTestId('reset-link-sent')).toContainText(user.email);
  await expect(page.getByText('sandbox mode')).toBeVisible();

  // The sandbox keeps the e-mail in the user's inbox (a job sends it): read it as that user, then sign out again.
  await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  const resetMail = async () => {
    const inbox = await (await page.request.get('/api/sandbox/inbox?channel=email')).json();
    return inbox.messages.find((m: { subject: string }) => m.subject === 'Reset your password') as { text: string } | undefined;
  };
  await expect.poll(resetMail).toBeTruthy();
  const text: string = (await resetMail())!.text;
  await page.request.post('/api/logout');
  const link = text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)![0];

  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByTestId('reset-revokes-keys')).toContainText('Every API key of your account will also be revoked');
  await page.getByLabel('New password').fill('a fresh password 42');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByTestId('toast')).toContainText('Password changed');

  const old = await page.request.post('/api/login', { data: { username: user.username, password: user.password } });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/api/login', { data: { username: user.username, password: 'a fresh password 42' } });
  expect(fresh.status()).toBe(200);
});

test('a reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired');
});
