import { expect, test } from '@playwright/test';
import { dismissToast, PNG_1x1, signUpViaApi, toast } from './helpers';

test('language switch to fr applies at once, is saved and survives a reload', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar.getByRole('link', { name: 'Settings' })).toBeVisible();

  await sidebar.getByTestId('language-select').selectOption('fr');
  await expect(sidebar.getByRole('link', { name: 'Paramètres' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).settings.language).toBe('fr');

  await page.reload();
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Paramètres' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Indicateurs de performance' })).toBeVisible();

  // The saved language wins in a new browser too (nothing in local storage).
  const other = await page
    .context()
    .browser()!
    .newContext({ baseURL: test.info().project.use.baseURL, storageState: await page.context().storageState() });
  const page2 = await other.newPage();
  await page2.evaluate(() => localStorage.clear()).catch(() => {});
  await page2.goto('/settings');
  await expect(page2.getByRole('heading', { name: 'Paramètres' })).toBeVisible();
  await other.close();

  // German has no full table: translated keys show, the others fall back to English.
  await page.getByTestId('sidebar').getByTestId('language-select').selectOption('de');
  await expect(page.getByTestId('sidebar').getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByTestId('sidebar').getByText('Need help?')).toBeVisible();
});

test('theme switch sets data-theme on <html> and is saved', async ({ page }) => {
  await signUpViaApi(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/settings');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByText('Dark', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(toast(page)).toContainText('Settings updated');
  await expect(toast(page)).toContainText('Changes have been applied successfully');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.getByText('Light', { exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  // System follows the OS, and keeps following it.
  await page.getByText('System', { exact: true }).click();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).settings.theme).toBe('system');
});

test('profile: avatar upload shows the new image; wrong type and size are refused with their own toasts', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  await expect(page.getByTestId('account-menu').getByTestId('user-initials')).toHaveText(user.username.slice(0, 2).toUpperCase());

  await page.getByTestId('avatar-input').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(toast(page)).toContainText('Invalid file type');
  await page.getByTestId('avatar-input').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(toast(page)).toContainText('File too large');

  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(toast(page)).toContainText('Profile picture updated');
  const img = page.getByTestId('account-menu').getByTestId('user-avatar-img');
  await expect(img).toHaveAttribute('src', /^\/files\//);
  // The image really loads from the server.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  await page.reload();
  await expect(page.getByTestId('account-menu').getByTestId('user-avatar-img')).toBeVisible();
});

test('profile: Edit, Save and Cancel', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/profile');
  const fullName = page.getByLabel('Full name');
  await expect(fullName).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(fullName).not.toHaveAttribute('readonly', '');
  await fullName.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await fullName.fill('Janet Cooper');
  await page.getByLabel('Position').fill('Head of Sales');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page)).toContainText('Profile updated');
  await expect(fullName).toHaveAttribute('readonly', '');
  await expect(fullName).toHaveValue('Janet Cooper');

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Position').fill('Something else');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByLabel('Position')).toHaveValue('Head of Sales');
  const saved = await (await page.request.get('/api/user')).json();
  expect(saved.fullName).toBe('Janet Cooper');
  expect(saved.position).toBe('Head of Sales');
});

test('profile: change password needs the current password', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.goto('/profile');
  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
  await form.getByLabel('Confirm new password').fill('brand-new-pass-1');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page)).toContainText('Current password is incorrect');
  await dismissToast(page);

  await form.getByLabel('Current password').fill(user.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page)).toContainText('Password changed');
  await page.request.post('/api/logout');
  expect((await page.request.post('/api/login', { data: { username: user.username, password: 'brand-new-pass-1' } })).status()).toBe(200);
});

test('profile: a password change can also revoke every API key (off by default)', async ({ page }) => {
  const user = await signUpViaApi(page);
  const created = await (await page.request.post('/trpc/apiKeys.create', { data: { name: 'Zapier' } })).json();
  const key: string = created.result.data.key;
  const viaKey = () => page.request.fetch('/api/user', { headers: { authorization: `Bearer ${key}`, cookie: '' } });
  expect((await viaKey()).status()).toBe(200);

  await page.goto('/profile');
  const form = page.getByTestId('change-password-form');
  await expect(form.getByTestId('revoke-api-keys')).not.toBeChecked();
  await form.getByLabel('Current password').fill(user.password);
  await form.getByLabel('New password', { exact: true }).fill('brand-new-pass-2');
  await form.getByLabel('Confirm new password').fill('brand-new-pass-2');
  await form.getByText('Also revoke every API key').click();
  await expect(form.getByTestId('revoke-api-keys')).toBeChecked();
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(toast(page)).toContainText('1 API key revoked');
  expect((await viaKey()).status()).toBe(401);
});

test('settings: API key generate (shown once), copy, revoke', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page);
  await page.goto('/settings?tab=advanced');
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  await page.getByTestId('api-key-name').fill('CRM integration');
  await page.getByTestId('api-key-generate').click();
  await expect(toast(page)).toContainText('API key created');
  const secret = await page.getByTestId('api-key-secret').inputValue();
  expect(secret).toMatch(/^avs_/);
  const row = page.getByTestId('api-key-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('CRM integration');
  await expect(row).toContainText(secret.slice(0, 10));
  // Spending is off unless chosen when the key is made.
  await expect(row.getByTestId('api-key-permissions')).toHaveText('Data');

  // The key works as a Bearer token on /api/*.
  const viaKey = await page.request.fetch('/api/user', { headers: { authorization: `Bearer ${secret}`, cookie: '' } });
  expect(viaKey.status()).toBe(200);
  // …and only there: on /trpc, where keys are managed, a key is not signed in.
  const onTrpc = await page.request.fetch('/trpc/apiKeys.list', { headers: { authorization: `Bearer ${secret}`, cookie: '' } });
  expect(onTrpc.status()).toBe(401);

  await page.getByRole('button', { name: 'Copy' }).click();
  await expect(toast(page)).toContainText('ID Copied');
  await page.getByRole('button', { name: 'I have saved it' }).click();
  await expect(page.getByTestId('api-key-secret')).toHaveCount(0);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('API key revoked');
  await expect(page.getByTestId('api-key-row')).toHaveCount(0);
  await expect(page.getByText('No API keys yet.')).toBeVisible();

  // A key given the billing scope at its creation says so in the list, and may spend.
  await page.getByTestId('api-key-name').fill('Billing bot');
  await page.getByTestId('api-key-scope-billing').check();
  await page.getByTestId('api-key-generate').click();
  await expect(page.getByTestId('api-key-permissions')).toHaveText('Data and spending');
  await expect(page.getByTestId('api-key-scope-billing')).not.toBeChecked();
});

test('settings: toggles save; reset account needs RESET typed', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/settings?tab=notifications');
  await page.getByTestId('notify-push-analytics').check();
  await expect(toast(page)).toContainText('Settings updated');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).settings.notifications.push.analytics).toBe(true);

  await page.getByTestId('settings-tab-advanced').click();
  await page.getByTestId('danger-reset').click();
  const confirm = page.getByTestId('confirm-button');
  await expect(page.getByText("Are you sure? This can't be undone.")).toBeVisible();
  await expect(confirm).toBeDisabled();
  await page.getByTestId('confirm-input').fill('reset');
  await expect(confirm).toBeDisabled();
  await page.getByTestId('confirm-input').fill('RESET');
  await confirm.click();
  await expect(toast(page)).toContainText('Account reset');
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).settings.notifications.push.analytics).toBe(false);
});

test('settings: delete account after typing DELETE goes to /auth', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.goto('/settings?tab=advanced');
  await page.getByTestId('danger-account').click();
  await page.getByTestId('confirm-input').fill('DELETE');
  await page.getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(toast(page)).toContainText('Your account has been permanently deleted.');
  expect((await page.request.post('/api/login', { data: { username: user.username, password: user.password } })).status()).toBe(401);
});

test('subscription: changing the plan shows the new plan and an invoice', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/subscription');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Pro');
  await expect(page.getByTestId('current-plan-status')).toHaveText('Free trial');
  await expect(page.getByTestId('current-plan-period')).toContainText('Trial ends on');
  await expect(page.getByTestId('no-invoices')).toBeVisible();

  await page.getByTestId('billing-cycle-toggle').check();
  await page.getByTestId('select-plan-enterprise').click();
  await expect(page.getByTestId('change-plan-dialog')).toContainText('Enterprise');
  await expect(page.getByTestId('change-plan-dialog')).toContainText('$1,908');
  await page.getByTestId('confirm-button').click();

  await expect(toast(page)).toContainText('Plan updated');
  await expect(page.getByTestId('current-plan-name')).toHaveText('Enterprise');
  await expect(page.getByTestId('current-plan-status')).toHaveText('Active');
  await expect(page.getByTestId('current-plan-period')).toContainText('Renews on');
  const invoice = page.getByTestId('invoice-row');
  await expect(invoice).toHaveCount(1);
  await expect(invoice).toContainText('Enterprise');
  await expect(invoice).toContainText('$1,908');
  await expect(page.getByTestId('select-plan-enterprise')).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId('current-plan-name')).toHaveText('Enterprise');
  await expect(page.getByTestId('invoice-row')).toHaveCount(1);
});

test('help: search filters the FAQ', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/help');
  const items = page.getByTestId('faq-item');
  await expect(items.first()).toBeVisible();
  const all = await items.count();
  expect(all).toBeGreaterThan(4);
  await page.getByTestId('help-search').fill('trial');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('15-day');
  await page.getByTestId('help-search').fill('minutes');
  await expect(items.first()).toContainText('Up to 2 minutes on Basic, 5 minutes on Pro and 10 minutes on Enterprise.');
  await page.getByTestId('help-search').fill('zzzz-nothing');
  await expect(page.getByTestId('faq-empty')).toBeVisible();
});

test('mobile: the sidebar is a drawer opened by the menu button', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signUpViaApi(page);
  await page.goto('/dashboard');
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-open', 'false');
  await expect(sidebar).not.toBeInViewport();
  await page.getByTestId('menu-button').click();
  await expect(sidebar).toBeInViewport();
  await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 400 } });
  await expect(sidebar).toHaveAttribute('data-open', 'false');
  await page.getByTestId('menu-button').click();
  await sidebar.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/help$/);
  await expect(sidebar).toHaveAttribute('data-open', 'false');
});
