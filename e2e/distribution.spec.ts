import { expect, test, type Page } from '@playwright/test';
import { closeToast, importList, openSendStep, renderVideo, signUpViaApi, toast } from './helpers';

/** A rendered video as the API describes it. */
async function renderedVideo(page: Page, script: string) {
  const videoId = await renderVideo(page, script);
  return (await (await page.request.get(`/api/videos/${videoId}`)).json()) as { id: string; title: string; views: number };
}

/** While a modal dialog is open the toast cannot be clicked (the dialog holds the pointer): only read it. */
async function readToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
}

const summary = (page: Page, key: string) => page.getByTestId(`summary-${key}`);

const CSV = [
  'Full Name,E-mail,Company,Job Title',
  'Ada Lovelace,ada@example.com,Analytical Engines,Chief Programmer',
  'Grace Hopper,grace@example.com,US Navy,Rear Admiral',
  'Ada L.,ADA@example.com,Analytical Engines,Duplicate row',
].join('\n');

test('send to contact: real CSV import, list and e-mail, a LinkedIn contact, send, the landing page plays and the views go up', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const me = await signUpViaApi(page);
  const video = await renderedVideo(page, 'Hello! I recorded this short video for you. See you soon.');
  expect(video.views).toBe(0);
  await openSendStep(page, video.id);
  const step = page.getByTestId('send-to-contact');

  // ── The empty step: seven channels, e-mail only; nothing to send yet ──────
  await expect(step.getByRole('heading', { name: 'Send To Contact' })).toBeVisible();
  const channels = page.getByTestId('channels').locator('[data-testid^="channel-"]');
  await expect(channels).toHaveCount(7);
  await expect(channels.and(page.locator('[aria-pressed="false"]'))).toHaveCount(7);
  await expect(page.getByTestId('channel-email')).toBeEnabled();
  for (const c of ['linkedin', 'twitter', 'instagram', 'whatsapp', 'google', 'outlook']) {
    await expect(page.getByTestId(`channel-${c}`)).toBeDisabled();
    await expect(page.getByTestId(`channel-${c}`)).toContainText('Not connected');
  }
  await expect(page.getByTestId('send-video')).toBeDisabled();
  await expect(summary(page, 'reach')).toHaveText('0');
  // The default greeting: a name placeholder, the video title and today's date.
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date());
  await expect(page.getByTestId('message')).toHaveValue(
    new RegExp(`^Hi \\{first_name\\},[\\s\\S]*${video.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[\\s\\S]*${today}`),
  );
  await expect(page.getByTestId('social-contacts')).toHaveCount(0);
  // This script has no variable: everyone gets the same video, and the step says so.
  await expect(page.getByTestId('personalisation-mode')).toHaveText('Everyone gets the same video: its script has no variables.');

  // ── CSV Upload: a real import into a new list ─────────────────────────────
  await page.getByTestId('open-csv').click();
  const csv = page.getByTestId('csv-dialog');
  await csv.getByTestId('csv-import').click();
  await readToast(page, 'No file selected', 'Please select a CSV file to upload');
  await expect(csv.getByTestId('csv-problem')).toHaveText('No file selected: Please select a CSV file to upload');
  await csv.getByTestId('csv-list-name').fill('Spring prospects');
  const bytes = Buffer.from(CSV, 'utf8');
  await csv.getByTestId('csv-file').setInputFiles({ name: 'prospects.csv', mimeType: 'text/csv', buffer: bytes });
  await expect(csv.getByTestId('csv-file-info')).toHaveText(`prospects.csv (${Math.round(bytes.length / 102.4) / 10} KB)`);
  await csv.getByTestId('csv-import').click();
  await readToast(page, 'Contacts imported', '2 imported, 1 skipped');
  await expect(csv.getByTestId('csv-report-counts')).toHaveText('2 imported, 1 skipped');
  await expect(csv.getByTestId('csv-report-errors')).toHaveText(['Row 4: Duplicate email: same as row 2']);
  await csv.getByTestId('csv-done').click();
  await expect(csv).not.toBeVisible();
  const lists = (await (await page.request.get('/api/contact-lists')).json()) as { id: string; name: string; contactCount: number }[];
  expect(lists).toEqual([expect.objectContaining({ name: 'Spring prospects', contactCount: 2 })]);

  // The imported list is selected; its contacts show, and the search narrows them.
  const list = page.getByTestId('contact-list').filter({ hasText: 'Spring prospects' });
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(list).toContainText('2 contacts');
  const contacts = page.getByTestId('contact');
  await expect(contacts).toHaveCount(2);
  await page.getByTestId('contact-search').fill('ADMIRAL');
  await expect(contacts).toHaveText([/Grace Hopper/]);
  await page.getByTestId('contact-search').fill('analytical');
  await expect(contacts).toHaveText([/Ada Lovelace/]);
  await page.getByTestId('contact-search').fill('nobody');
  await expect(contacts).toHaveCount(0);
  await page.getByTestId('contact-search').fill('');
  await expect(summary(page, 'lists')).toHaveText('1');
  // No channel yet: nobody is reached (the reach counts distinct recipients per selected channel).
  await expect(summary(page, 'reach')).toHaveText('0');
  await expect(page.getByTestId('send-video')).toBeDisabled();
  await expect(page.getByTestId('send-hint')).toHaveText('Choose at least one distribution channel.');

  // ── E-mail, and a contact of the list: the reach counts Grace once ──
  await page.getByTestId('channel-email').click();
  await expect(page.getByTestId('channel-email')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('social-contacts')).toHaveCount(0);
  await contacts.filter({ hasText: 'Grace Hopper' }).click();
  await expect(summary(page, 'contacts')).toHaveText('1');
  await expect(summary(page, 'reach')).toHaveText('2');
  await expect(page.getByTestId('send-video')).toBeEnabled();

  // ── Social Connector: Direct Login to LinkedIn (with a verification code) ──
  await page.getByTestId('open-connector').click();
  const dialog = page.getByTestId('connect-dialog');
  await expect(dialog.getByRole('tab')).toHaveText(['OAuth Connection', 'Direct Login']);
  // It comes back to this step: the step is in the address.
  await expect(dialog.getByTestId('connect-platforms-link')).toHaveAttribute(
    'href',
    `/connect-platforms?providers=linkedin,twitter,instagram,whatsapp,google,outlook&redirect_uri=${encodeURIComponent(`${baseURL}/create-video?step=send`)}`,
  );
  await dialog.getByTestId('connect-tab-direct').click();
  await dialog.getByTestId('direct-linkedin-submit').click();
  await expect(dialog.getByTestId('field-error')).toHaveText(['Email or username is required', 'Password is required']);
  // The sandbox asks for a code when the username holds "2fa".
  await dialog.getByTestId('direct-username').fill('jane.2fa@example.com');
  await dialog.getByTestId('direct-password').fill('secret-password');
  await dialog.getByTestId('direct-linkedin-submit').click();
  await expect(dialog.getByTestId('checkpoint-form')).toContainText('2FA');
  await dialog.getByTestId('checkpoint-code').fill('12');
  await dialog.getByTestId('checkpoint-submit').click();
  await readToast(page, 'Connection Failed', 'Invalid verification code');
  await expect(dialog.getByTestId('direct-problem')).toContainText('Invalid verification code');
  await dialog.getByTestId('checkpoint-code').fill('123456');
  await dialog.getByTestId('checkpoint-submit').click();
  await readToast(page, 'LinkedIn Connected');
  await expect(dialog.getByTestId('direct-linkedin-submit')).toHaveText('Connected');
  await expect(dialog.getByTestId('direct-linkedin-submit')).toBeDisabled();
  // WhatsApp: a phone number of at least 10 characters.
  await dialog.getByTestId('direct-tab-whatsapp').click();
  await dialog.getByTestId('direct-phone').fill('+3361234');
  await dialog.getByTestId('direct-whatsapp-submit').click();
  await expect(dialog.getByTestId('field-error')).toHaveText('Valid phone number is required');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(dialog).not.toBeVisible();

  // LinkedIn is a channel now; its contacts show once it is selected.
  await expect(page.getByTestId('channel-linkedin')).toBeEnabled();
  await expect(page.getByTestId('channel-linkedin')).toContainText('Connected');
  await expect(page.getByTestId('channel-whatsapp')).toBeDisabled();
  await page.getByTestId('channel-linkedin').click();
  const social = page.getByTestId('social-contact');
  await expect(page.getByTestId('social-contacts')).toBeVisible();
  await expect(social.first()).toBeVisible();
  expect(await social.count()).toBeGreaterThan(1);
  const first = social.first();
  const firstName = ((await first.locator('.font-medium').first().textContent()) ?? '').trim();
  await page.getByTestId('social-search').fill(firstName.split(' ')[0]!.toUpperCase());
  await expect(social.first()).toContainText(firstName.split(' ')[0]!);
  await social.first().click();
  await expect(summary(page, 'social')).toHaveText('1');
  await expect(summary(page, 'platforms')).toHaveText('2');
  // Ada and Grace by e-mail, the LinkedIn contact (Ada and Grace have no LinkedIn URL).
  await expect(summary(page, 'reach')).toHaveText('3');
  await expect(summary(page, 'reach-email')).toHaveText('2');
  await expect(summary(page, 'reach-linkedin')).toHaveText('1');
  // Unselecting LinkedIn hides its contacts, and they leave the count.
  await page.getByTestId('channel-linkedin').click();
  await expect(page.getByTestId('social-contacts')).toHaveCount(0);
  await expect(summary(page, 'social')).toHaveText('0');
  await expect(summary(page, 'reach')).toHaveText('2');
  await page.getByTestId('channel-linkedin').click();
  await expect(summary(page, 'reach')).toHaveText('3');

  // ── Inspire Me writes a message for the first selected channel ────────────
  const greeting = await page.getByTestId('message').inputValue();
  await page.getByTestId('inspire-me').click();
  await expect(page.getByTestId('message')).not.toHaveValue(greeting);
  await expect(page.getByTestId('message')).not.toHaveValue('');
  await page.route('**/trpc/scripts.inspireMessage**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByTestId('inspire-me').click();
  await closeToast(page, 'Error', 'Failed to generate message suggestion');
  await page.unroute('**/trpc/scripts.inspireMessage**');

  // ── Send ───────────────────────────────────────────────────────────────────
  await page.getByTestId('message').fill('Hi {first_name}, here is the video I promised: enjoy!');
  await page.getByTestId('send-video').click();
  // Send asks first, with the number it reaches.
  await expect(page.getByTestId('confirm-count')).toHaveText('It goes to 3 recipients now. Each address gets it once.');
  await page.getByTestId('confirm-button').click();
  await closeToast(page, 'Distribution started', 'Your video is being sent to the selected contacts.');
  const progress = page.getByTestId('distribution-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('data-phase', 'completed', { timeout: 90_000 });
  await expect(page.getByTestId('progress-title')).toHaveText('Congratulations!');
  // Ada and Grace by e-mail (Grace once, though picked twice), Grace by LinkedIn is skipped (no LinkedIn URL), the LinkedIn contact.
  await expect(page.getByTestId('progress-sent')).toHaveText('3');
  await expect(page.getByTestId('progress-failed')).toHaveText('0');
  await expect(page.getByTestId('progress-skipped')).toContainText('2 recipients skipped');
  // Each delivery's state per recipient, and who was skipped.
  await page.getByTestId('recipients').locator('summary').click();
  await expect(page.getByTestId('recipient')).toHaveCount(3);
  await expect(page.getByTestId('recipient').and(page.locator('[data-status="sent"]'))).toHaveCount(3);
  await expect(page.getByTestId('recipient').filter({ hasText: 'ada@example.com' })).toContainText('Sent');
  await expect(page.getByTestId('skipped-list').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('skipped-list')).toContainText('Grace Hopper');

  // ── The e-mails are in the sandbox inbox, with each recipient's link ───────
  type Message = { channel: string; to: string; subject: string | null; text: string };
  const inbox = (await (await page.request.get('/api/sandbox/inbox')).json()) as { messages: Message[] };
  // The sender's own mail (the sign-up's address check) is in their inbox too: the campaign's are the others.
  const emails = inbox.messages.filter((m) => m.channel === 'email' && !m.to.includes(me.email));
  expect(emails.map((m) => m.to).sort()).toEqual(['Ada Lovelace <ada@example.com>', 'Grace Hopper <grace@example.com>']);
  const linkedin = inbox.messages.filter((m) => m.channel === 'linkedin');
  expect(linkedin).toHaveLength(1);
  expect(linkedin[0]!.text).toContain('here is the video I promised');
  const ada = emails.find((m) => m.to.includes('ada@example.com'))!;
  expect(ada.subject).toContain(video.title);
  expect(ada.text).toContain('Hi Ada, here is the video I promised');
  const link = /https?:\/\/[^\s"<>]+\/v\/[A-Za-z0-9_-]+/.exec(ada.text)?.[0];
  expect(link, ada.text).toBeTruthy();

  // ── Ada opens her link (another browser, no session) and plays the video ───
  const visitor = await browser.newContext();
  const landing = await visitor.newPage();
  await landing.goto(link!);
  await expect(landing.getByRole('heading', { name: 'Hi Ada!' })).toBeVisible();
  const player = landing.locator('video');
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  await visitor.close();

  // The video's views and the dashboard's total go up.
  await expect.poll(async () => ((await (await page.request.get(`/api/videos/${video.id}`)).json()) as { views: number }).views, { timeout: 15_000 }).toBe(1);
  const dashboard = (await (await page.request.get('/api/dashboard')).json()) as { totalViews: number };
  expect(dashboard.totalViews).toBe(1);

  // Continue returns to the site root, and the wizard starts afresh.
  await page.getByTestId('progress-continue').click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await page.goto('/create-video');
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'script');
});

test('social profiles: sandbox connect in a popup, refresh, disconnect; /connect-platforms; diagnostics', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto('/social-profiles');
  await expect(page.getByRole('heading', { name: 'Social Profiles', level: 1 })).toBeVisible();
  await expect(page.getByTestId('profiles-empty')).toContainText('No social profiles connected');
  await expect(page.getByTestId('how-it-works').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('sandbox-notice')).toContainText('Sandbox');

  // ── Add: the platform list, the consent page in a 600x700 popup ───────────
  await page.getByTestId('profiles-add').click();
  const dialog = page.getByTestId('add-profile-dialog');
  await expect(dialog.locator('[data-testid^="connect-"]').filter({ hasText: /./ })).toHaveText([
    'LinkedIn',
    'X (Twitter)',
    'Instagram',
    'WhatsApp',
    'Google',
    'Outlook',
  ]);
  const popupPromise = page.waitForEvent('popup');
  await dialog.getByTestId('connect-linkedin').click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toMatch(/^\/sandbox\/connect\//);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 700]);
  await expect(dialog.getByTestId('connect-waiting')).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Connect LinkedIn (sandbox)' })).toBeVisible();
  await popup.getByLabel('Account name').fill('Jane Sandbox');
  const closed = popup.waitForEvent('close', { timeout: 15_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;
  // The 1 s poll notices the closed popup: the list is read again.
  await closeToast(page, 'Account Connected', 'Jane Sandbox (LinkedIn)');
  await expect(dialog).not.toBeVisible();
  const row = page.getByTestId('profile-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('profile-name')).toHaveText('Jane Sandbox');
  await expect(row.getByTestId('profile-status')).toHaveText('Connected');
  await expect(row.getByTestId('sandbox-badge')).toBeVisible();
  await expect(row).toHaveAttribute('data-platform', 'linkedin');

  // A closed popup without consent connects nothing, and says so.
  await page.getByTestId('profiles-add').click();
  const cancelled = page.waitForEvent('popup');
  await dialog.getByTestId('connect-instagram').click();
  const popup2 = await cancelled;
  await popup2.waitForLoadState();
  await popup2.close();
  await closeToast(page, 'Connection window closed');
  await expect(row).toHaveCount(1);

  // Refresh asks the provider for every account.
  await page.getByTestId('profiles-refresh').click();
  await closeToast(page, 'Social accounts updated', '1 account checked.');

  // ── Diagnostics ────────────────────────────────────────────────────────────
  await page.goto('/unipile-test');
  await expect(page.getByTestId('account-row')).toHaveCount(1);
  await expect(page.getByTestId('account-row')).toContainText('Jane Sandbox');
  await page.getByTestId('whatsapp-send').click();
  await closeToast(page, 'Phone Number Required');
  await page.getByTestId('linkedin-send').click();
  await closeToast(page, 'LinkedIn ID Required');
  await page.getByTestId('whatsapp-phone').fill('+15550100001');
  await page.getByTestId('whatsapp-message').fill('Test');
  await page.getByTestId('whatsapp-send').click();
  await closeToast(page, 'Failed to Send WhatsApp Message', 'WhatsApp');
  await page.getByTestId('linkedin-id').fill('https://www.linkedin.com/in/someone');
  await page.getByTestId('linkedin-message').fill('Hello from the diagnostic page');
  await page.getByTestId('linkedin-send').click();
  await closeToast(page, 'Message sent', 'sandbox inbox');
  const inbox = (await (await page.request.get('/api/sandbox/inbox?channel=linkedin')).json()) as { messages: { text: string }[] };
  expect(inbox.messages.map((m) => m.text)).toEqual([expect.stringContaining('Hello from the diagnostic page')]);
  // A failed account load offers Retry.
  await page.route('**/api/unipile/accounts', (route) => route.fulfill({ status: 500, body: '{"message":"down"}' }));
  await page.reload();
  await expect(page.getByTestId('accounts-error')).toContainText('Failed to load accounts');
  await page.unroute('**/api/unipile/accounts');
  await page.getByTestId('accounts-error').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('account-row')).toHaveCount(1);

  await page.goto('/whatsapp-test');
  await expect(page.getByTestId('whatsapp-message')).toHaveText('No WhatsApp account connected');

  // ── /connect-platforms: a full-page connection that comes back ────────────
  await page.goto('/connect-platforms');
  await expect(page.getByTestId('no-providers')).toHaveText('No platforms specified for connection');
  await expect(page.getByTestId('connect-cancel')).toHaveAttribute('href', '/social-profiles');
  await page.goto('/connect-platforms?providers=whatsapp,bogus,linkedin&redirect_uri=/whatsapp-test&state=xyz');
  await expect(page.getByTestId('connect-platforms').locator('[data-testid^="provider-"]')).toHaveText(['Connect WhatsApp', 'Connect LinkedIn']);
  await expect(page.getByTestId('connect-cancel')).toHaveAttribute('href', '/whatsapp-test');
  await page.getByTestId('provider-whatsapp').click();
  await expect(page).toHaveURL(/\/sandbox\/connect\//);
  await page.getByLabel('Account name').fill('+15550109999');
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/whatsapp-test$/);
  await expect(page.getByTestId('whatsapp-message')).toContainText('WhatsApp contacts loaded from +15550109999');
  await expect(page.getByTestId('whatsapp-contact').first()).toBeVisible();
  expect(await page.getByTestId('whatsapp-contact').count()).toBeGreaterThan(1);

  // An anonymous visitor is asked to sign in first.
  const anon = await browser.newContext();
  const visitor = await anon.newPage();
  await visitor.goto('/connect-platforms?providers=linkedin');
  await expect(visitor.getByTestId('connect-sign-in')).toBeVisible();
  await expect(visitor.getByTestId('connect-sign-in').getByRole('link')).toHaveAttribute('href', /\/auth\?tab=login&redirect=/);
  await anon.close();

  // ── The send step's OAuth tab: a 600x600 popup, then Connection completed ──
  // (Any saved video will do: the send step with a missing one goes back to the preview step.)
  const user = (await (await page.request.get('/api/user')).json()) as { id: string };
  const saved = (await (
    await page.request.post('/api/videos', { data: { title: 'Connector test', videoUrl: 'https://cdn.example.com/c.mp4', status: 'completed' } })
  ).json()) as { id: string };
  await page.evaluate(([k, v]) => sessionStorage.setItem(k, v), [
    `create-video:${user.id}`,
    JSON.stringify({ step: 'distribute', reached: 6, script: 'Hello.', savedVideoId: saved.id }),
  ] as const);
  await page.goto('/create-video');
  await expect(page.getByTestId('channel-instagram')).toBeDisabled();
  await page.getByTestId('open-connector').click();
  const connector = page.getByTestId('connect-dialog');
  const oauthPopup = page.waitForEvent('popup');
  await connector.getByTestId('oauth-instagram').click();
  const consent = await oauthPopup;
  await consent.waitForLoadState();
  expect(await consent.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([600, 600]);
  await expect(connector.getByTestId('oauth-waiting')).toBeVisible();
  const consentClosed = consent.waitForEvent('close', { timeout: 15_000 });
  await consent.getByRole('button', { name: 'Allow' }).click();
  await consentClosed;
  await closeToast(page, 'Connection completed');
  await expect(connector).not.toBeVisible();
  await expect(page.getByTestId('channel-instagram')).toBeEnabled();
  await page.getByTestId('channel-instagram').click();
  await expect(page.getByTestId('social-contact').first()).toBeVisible();

  // ── Disconnect ─────────────────────────────────────────────────────────────
  await page.goto('/social-profiles');
  await expect(page.getByTestId('profile-row')).toHaveCount(3);
  await page.getByTestId('profile-row').filter({ hasText: 'Jane Sandbox' }).getByTestId('profile-disconnect').click();
  await page.getByTestId('confirm-button').click();
  await closeToast(page, 'Account disconnected');
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
  await expect(page.getByTestId('profile-row').filter({ hasText: 'Jane Sandbox' })).toHaveCount(0);
  // A failed disconnection says so.
  await page.route('**/trpc/social.disconnect**', (route) => route.fulfill({ status: 500, body: '' }));
  await page.getByTestId('profile-disconnect').first().click();
  await page.getByTestId('confirm-button').click();
  await closeToast(page, 'Disconnection failed');
  await expect(page.getByTestId('profile-row')).toHaveCount(2);
});

test('a personalised video per contact: the final screen follows the renders, then the deliveries', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  const video = await renderedVideo(page, 'Hi {first_name}! This short video is for you. See you soon.');
  await importList(page, 'Personal', ['Ada Lovelace,ada@example.com', 'Grace Hopper,grace@example.com'], 'name,email');
  await openSendStep(page, video.id);
  await page.getByTestId('contact-list').first().click();
  await page.getByTestId('channel-email').click();
  // Personalised by default: no toggle; the step shows what each will hear.
  await expect(page.getByTestId('personalize')).toHaveCount(0);
  await expect(page.getByTestId('personalisation')).toHaveAttribute('data-personalised', 'true');
  await expect(page.getByTestId('personalisation-sample')).toHaveText([/Ada Lovelace.*Hi Ada!.*Their page greets: “Hi Ada!”/, /Grace Hopper.*Hi Grace!/]);
  const sent = page.waitForResponse((r) => r.url().endsWith(`/api/videos/${video.id}/distribute`));
  await page.getByTestId('send-video').click();
  await page.getByTestId('confirm-button').click();
  const body = (await (await sent).json()) as { distributionId: string; renders: number; deliveries: number };
  expect(body).toMatchObject({ renders: 2, deliveries: 2 });
  await closeToast(page, 'Distribution started');
  await expect(page.getByTestId('distribution-progress')).toHaveAttribute('data-phase', 'completed', { timeout: 240_000 });
  await expect(page.getByTestId('progress-renders')).toContainText('2 of 2 rendered');
  await expect(page.getByTestId('progress-sent')).toHaveText('2');
  const detail = (await (await page.request.get(`/api/distributions/${body.distributionId}`)).json()) as {
    personalizeVideo: boolean;
    deliveries: { personalVideoUrl: string | null }[];
  };
  expect(detail.personalizeVideo).toBe(true);
  expect(detail.deliveries.every((d) => !!d.personalVideoUrl)).toBe(true);
  expect(new Set(detail.deliveries.map((d) => d.personalVideoUrl)).size).toBe(2);
});
