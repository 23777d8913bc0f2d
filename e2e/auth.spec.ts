import { expect, test } from '@playwright/test';
import { newUser, signUpViaApi, toast } from './helpers';

test('sign up through the form and land on /dashboard', async ({ page }) => {
  const user = newUser();
  await page.goto('/auth?tab=register');
  await page.getByLabel('Full name').fill(user.fullName);
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByLabel('Company (optional)').fill('Acme');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page)).toContainText('Registration successful');
  await expect(toast(page)).toContainText(`Welcome, ${user.fullName}!`);
  await expect(page.getByRole('heading', { name: 'Performance Indicator' })).toBeVisible();
  // Account menu: initials (first two letters of the username, in capitals) and the username.
  await expect(page.getByTestId('user-initials')).toHaveText(user.username.slice(0, 2).toUpperCase());
  await expect(page.getByTestId('account-username')).toHaveText(user.username);
  // The sidebar marks the current page.
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Performance Indicator' })).toHaveAttribute('aria-current', 'page');
});

test('log in with the form, then log out from the account menu', async ({ page }) => {
  const user = newUser();
  const res = await page.request.post('/api/register', { data: user });
  expect(res.status()).toBe(201);
  await page.request.post('/api/logout');

  await page.goto('/auth');
  await expect(page.getByLabel('Email Id')).toBeVisible();
  await page.getByLabel('Email Id').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toast(page)).toContainText('Login failed');
  await expect(toast(page)).toContainText('Invalid username or password');

  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page)).toContainText(`Welcome back, ${user.fullName}!`);

  await page.getByTestId('account-menu').click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(toast(page)).toContainText('Logged out');
  // The session is really gone on the server.
  expect((await page.request.get('/api/user')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth/);
});

test('sign out from the confirmation page', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/sign-out');
  await expect(page.getByRole('heading', { name: 'Sign out' })).toBeVisible();
  await page.getByTestId('confirm-sign-out').click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(toast(page)).toContainText('Signed out');
  expect((await page.request.get('/api/user')).status()).toBe(401);
});

test('the guard: anonymous /profile goes to /auth, signed-in /auth goes to /dashboard', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();

  await signUpViaApi(page);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  // After login the visitor returns to the page they asked for.
  await page.request.post('/api/logout');
  const user = newUser();
  await page.request.post('/api/register', { data: user });
  await page.request.post('/api/logout');
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?.*redirect=/);
  await page.getByLabel('Email Id').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/settings/);
});

test('/ shows the landing when anonymous and the dashboard when signed in', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('pricing-card-pro')).toBeVisible();
  await expect(page.getByTestId('pricing-card-basic')).toContainText('Basic');
  await expect(page.getByTestId('pricing-card-basic').getByTestId('plan-price')).toHaveText('$49');
  await page.getByTestId('billing-cycle-toggle').check();
  await expect(page.getByTestId('pricing-card-basic').getByTestId('plan-price')).toHaveText('$39');
  await expect(page.getByTestId('pricing-card-basic').getByTestId('plan-billed')).toHaveText('Billed $468 yearly: you save $120');

  await signUpViaApi(page);
  await page.goto('/');
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Performance Indicator' })).toHaveAttribute('aria-current', 'page');
});

test('bad sign-up input shows the spec messages', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  // Strength hint: weak below 8 characters, strong at 8 or more.
  await page.getByLabel('Password', { exact: true }).fill('short');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'weak');
  await page.getByLabel('Password', { exact: true }).fill('longenough');
  await expect(page.getByTestId('password-strength')).toHaveAttribute('data-strength', 'strong');

  await page.getByLabel('Email', { exact: true }).fill('not-an-email');
  await page.getByLabel('Username').fill('ab');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Username must be at least 3 characters')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await page.getByRole('tab', { name: 'Login' }).click();
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('a taken username answers with the server message', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.request.post('/api/logout');
  await page.goto('/auth?tab=register');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email', { exact: true }).fill(`other.${user.email}`);
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill('another-pass-1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(toast(page)).toContainText('Registration failed');
  await expect(toast(page)).toContainText('This username is already taken');
});

test('unknown paths show the 404 page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('404')).toBeVisible();
});
