import { randomUUID } from 'node:crypto';
import { expect, request, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

// Campaign dates are UTC calendar days on the server.
const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function saveVideo(page: Page, title: string) {
  const res = await page.request.post('/api/videos', { data: { title, videoUrl: `https://cdn.example.com/e2e/${randomUUID()}.mp4`, duration: 42 } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; title: string; status: string };
}

/**
 * Posts beacons as an anonymous visitor of the video's share link (the owner's own previews never
 * count): each view is a page load, whose page token the beacons carry (docs/decisions/206).
 */
async function postEvents(page: Page, baseURL: string, videoId: string, views: [string, number?][][]) {
  const share = await page.request.post(`/api/videos/${videoId}/share`, { data: {} });
  const { token } = (await share.json()) as { token: string };
  const anon = await request.newContext({ baseURL });
  for (const events of views) {
    const html = await (await anon.get(`/v/${token}`)).text();
    const pageToken = /P="([A-Za-z0-9_.-]+)"/.exec(html)?.[1];
    for (const [event, percent] of events) {
      const res = await anon.post('/api/track', { data: { token, page: pageToken, event, ...(percent === undefined ? {} : { percent }) } });
      expect(res.status(), await res.text()).toBe(204);
    }
  }
  await anon.dispose();
}

/** Checks the toast, then closes it: it sits over the bottom-right corner, where the wizard's buttons are. */
async function seeToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
  await toast(page).getByRole('button').click();
  await expect(toast(page)).toHaveCount(0);
}

const card = (page: Page, name: string) => page.getByTestId('campaign-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const statValue = (page: Page, key: string) => page.getByTestId(`stat-${key}`).getByTestId('stat-value');

test('wizard with a saved video, list filters, pause and resume, real figures, edit, settings, delete', async ({ page, baseURL }) => {
  // One long journey (the wizard, the list, the detail's four tabs, the dashboard): more than the default minute.
  test.slow();
  await signUpViaApi(page);
  const video = await saveVideo(page, 'Showroom tour');
  // Another campaign, so that the filters have something to leave out.
  const other = await page.request.post('/api/campaigns', { data: { name: 'Cloud webinar', sector: 'Technology', platforms: ['linkedin'] } });
  expect(other.status()).toBe(201);

  // ── The wizard ─────────────────────────────────────────────────────────────
  await page.goto('/create-campaign');
  await expect(page.getByRole('heading', { name: 'Create Campaign' })).toBeVisible();
  await expect(page.getByTestId('wizard-tab-details')).toBeDisabled();
  await expect(page.getByTestId('wizard-tab-distribution')).toBeDisabled();

  await page.getByTestId('wizard-next').click();
  await seeToast(page, 'No videos selected');
  await expect(page.getByTestId('wizard-step-videos')).toBeVisible();

  await page.getByTestId('picker-video').filter({ hasText: 'Showroom tour' }).click();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-step-details')).toBeVisible();
  await expect(page.getByTestId('wizard-tab-details')).toBeEnabled();
  await expect(page.getByTestId('wizard-tab-distribution')).toBeDisabled();

  await page.getByTestId('wizard-next').click();
  await seeToast(page, 'Missing information', 'Please provide a name for your campaign.');
  await expect(page.getByTestId('wizard-step-details')).toBeVisible();

  const start = utcDay();
  const end = utcDay(30);
  await page.getByLabel('Campaign name').fill('Spring Test Drive');
  await page.getByLabel('Description').fill('Invite last year’s visitors to a test drive.');
  await page.getByLabel('Sector').selectOption('Automotive');
  await page.getByLabel('Start date').fill(start);
  // The end-date picker starts at the start date; an earlier end is refused.
  await expect(page.getByLabel('End date')).toHaveAttribute('min', start);
  await page.getByLabel('End date').fill(utcDay(-1));
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-step-details').getByTestId('field-error')).toHaveText('End date cannot be before start date');
  await expect(page.getByTestId('wizard-step-distribution')).toHaveCount(0);
  await page.getByLabel('End date').fill(end);
  await page.getByLabel('Total budget').fill('5000');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard-step-distribution')).toBeVisible();

  await page.getByTestId('wizard-submit').click();
  await seeToast(page, 'No platforms selected');
  // Back moves one step, and the details are kept.
  await page.getByTestId('wizard-back').click();
  await expect(page.getByLabel('Campaign name')).toHaveValue('Spring Test Drive');
  await page.getByTestId('wizard-next').click();
  // Publishing platforms, then the send channels and the share link (decision 231); never TikTok.
  await expect(page.getByTestId('platforms-publishTo').getByTestId('platform-facebook')).toBeVisible();
  await expect(page.getByTestId('platforms-publishTo').getByTestId('platform-youtube')).toBeVisible();
  await expect(page.getByTestId('platforms-sendThrough').getByTestId('platform-email')).toBeVisible();
  await expect(page.getByTestId('platform-tiktok')).toHaveCount(0);
  await page.getByTestId('platform-email').check();
  await page.getByTestId('platform-youtube').check();
  await page.getByTestId('platform-share').check();
  await expect(page.getByTestId('wizard-summary')).toContainText('Spring Test Drive');
  await page.getByTestId('wizard-submit').click();

  await expect(page).toHaveURL(/\/campaigns\/[^/?]+$/);
  const campaignId = page.url().split('/').pop()!;
  await seeToast(page, 'Campaign created');
  await expect(page.getByTestId('campaign-title')).toHaveText('Spring Test Drive');
  const badge = page.getByTestId('campaign-detail').getByTestId('status-badge').first();
  await expect(badge).toHaveText('Draft');
  await expect(page.getByTestId('detail-total-videos')).toContainText('1');
  await expect(page.getByTestId('detail-pending-videos')).toContainText('1');
  await expect(page.getByTestId('detail-published-videos')).toContainText('0');
  await expect(page.getByTestId('detail-duration')).toContainText('30 days');
  await expect(page.getByTestId('detail-budget')).toContainText('$0 of $5,000');
  await expect(page.getByTestId('recent-videos').getByTestId('video-card')).toHaveCount(1);
  const saved = await (await page.request.get(`/api/campaigns/${campaignId}`)).json();
  expect(saved).toMatchObject({
    name: 'Spring Test Drive',
    sector: 'Automotive',
    startDate: start,
    endDate: end,
    totalBudget: 5000,
    platforms: ['email', 'youtube', 'share'],
    totalVideos: 1,
  });

  // ── Launch, pause, resume ──────────────────────────────────────────────────
  await page.getByTestId('campaign-launch').click();
  await expect(badge).toHaveText('Active');
  await page.getByTestId('campaign-pause').click();
  await seeToast(page, 'Campaign paused');
  await expect(badge).toHaveText('Paused');
  expect((await (await page.request.get(`/api/campaigns/${campaignId}`)).json()).status).toBe('paused');
  await page.getByTestId('campaign-resume').click();
  await seeToast(page, 'Campaign resumed');
  await expect(badge).toHaveText('Active');
  expect((await (await page.request.get(`/api/campaigns/${campaignId}`)).json()).status).toBe('active');

  // Before any view, the analytics tab says so honestly.
  await page.getByTestId('campaign-tab-analytics').click();
  await expect(page.getByTestId('analytics-empty')).toContainText('No data yet');

  // ── The list: search, sector and status ───────────────────────────────────
  await page.getByTestId('back-to-campaigns').click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByTestId('campaign-card')).toHaveCount(2);
  await page.getByTestId('campaign-search').fill('sPrInG');
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await expect(card(page, 'Spring Test Drive')).toBeVisible();
  await page.getByTestId('campaign-search').fill('nothing like this');
  await expect(page.getByTestId('campaigns-no-match')).toBeVisible();
  await page.getByTestId('campaign-search').fill('');
  await expect(page.getByTestId('campaign-card')).toHaveCount(2);
  await page.getByTestId('status-filter').selectOption({ label: 'Draft' });
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await expect(card(page, 'Cloud webinar')).toBeVisible();
  await page.getByTestId('status-filter').selectOption({ label: 'Active' });
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await expect(card(page, 'Spring Test Drive')).toBeVisible();
  await expect(page).toHaveURL(/status=active/);
  await page.getByTestId('status-filter').selectOption({ label: 'All Statuses' });
  await page.getByTestId('sector-filter').selectOption({ label: 'Technology' });
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await expect(card(page, 'Cloud webinar')).toBeVisible();
  await page.getByTestId('sector-filter').selectOption({ label: 'All Sectors' });
  await expect(page.getByTestId('campaign-card')).toHaveCount(2);

  // ── Real figures: zero, then the tracked views ────────────────────────────
  const ours = card(page, 'Spring Test Drive');
  await expect(ours.getByTestId('card-videos')).toHaveText('1');
  await expect(ours.getByTestId('card-views')).toHaveText('0');
  await expect(ours.getByTestId('card-engagement')).toHaveText('0%');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Performance Indicator' }).click();
  await expect(statValue(page, 'videos')).toHaveText('1');
  await expect(statValue(page, 'views')).toHaveText('0');
  await expect(statValue(page, 'engagement')).toHaveText('0%');

  await postEvents(page, baseURL!, video.id, [
    [['view'], ['view'], ['progress', 90]], // the same view again counts once
    [['view'], ['progress', 60]],
    [['view'], ['cta']],
  ]);
  // 3 views; engagement (90 + 60 + 0) / 3 = 50%; CTR 1 click / 3 views = 33.3%.
  await page.getByTestId('sidebar').getByRole('link', { name: 'Campaigns' }).click();
  await expect(ours.getByTestId('card-views')).toHaveText('3');
  await expect(ours.getByTestId('card-engagement')).toHaveText('50%');
  // Views through the share link: watched, but delivered to nobody.
  await expect(ours.getByTestId('card-delivered')).toHaveText('0');
  await expect(card(page, 'Cloud webinar').getByTestId('card-views')).toHaveText('0');
  await page.getByTestId('sidebar').getByRole('link', { name: 'Performance Indicator' }).click();
  await expect(statValue(page, 'views')).toHaveText('3');
  await expect(statValue(page, 'engagement')).toHaveText('50%');
  const top = page.getByTestId('top-campaign-row').first();
  await expect(top).toContainText('Spring Test Drive');
  await expect(top.getByTestId('top-campaign-views')).toHaveText('3');
  await expect(top.getByTestId('top-campaign-delivered')).toHaveText('0');

  await top.getByRole('link', { name: 'Spring Test Drive' }).click();
  await expect(page.getByTestId('metric-views').getByTestId('metric-value')).toHaveText('3');
  await expect(page.getByTestId('metric-engagement').getByTestId('metric-value')).toHaveText('50%');
  await expect(page.getByTestId('metric-ctr').getByTestId('metric-value')).toHaveText('33.3%');
  await expect(page.getByTestId('metric-delivered')).toContainText('Delivered to');
  await expect(page.getByTestId('metric-delivered').getByTestId('metric-value')).toHaveText('0');
  await expect(page.getByTestId('metric-watched')).toContainText('Watched by');
  await expect(page.getByTestId('metric-watched').getByTestId('metric-value')).toHaveText('1');
  await expect(page.getByTestId('platform-row').filter({ hasText: 'Share link' }).getByTestId('platform-views')).toHaveText('3');
  await expect(page.getByTestId('platform-row').filter({ hasText: 'YouTube' }).getByTestId('platform-views')).toHaveText('0');
  await page.getByTestId('campaign-tab-analytics').click();
  await expect(page.getByTestId('views-chart').locator('svg.recharts-surface')).toBeVisible();
  await expect(page.getByTestId('platform-table').locator('tr', { hasText: 'Share link' }).getByTestId('platform-table-views')).toHaveText('3');

  // ── Videos tab: publish, rename, share; add another of My Videos ──────────
  const second = await saveVideo(page, 'Price list walkthrough');
  await page.getByTestId('campaign-tab-videos').click();
  await expect(page.getByRole('heading', { name: 'Campaign Videos' })).toBeVisible();
  await expect(page.getByText('Manage all videos in this campaign')).toBeVisible();
  const tour = page.getByTestId('video-card').filter({ hasText: 'Showroom tour' });
  await expect(tour.getByTestId('unpublished-badge')).toHaveText('Unpublished');
  await tour.getByTestId('video-publish').click();
  await seeToast(page, 'Video published');
  await expect(tour.getByTestId('video-status')).toHaveText('Published');
  await expect(tour.getByTestId('video-publish')).toHaveCount(0);

  await tour.getByTestId('video-edit').click();
  await page.getByTestId('video-title-input').fill('Showroom tour 2026');
  await page.getByTestId('video-title-save').click();
  await seeToast(page, 'Video updated');
  await expect(page.getByTestId('video-card').filter({ hasText: 'Showroom tour 2026' })).toBeVisible();

  // Share gives the video's tracked landing page, never the raw file.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByTestId('video-card').filter({ hasText: 'Showroom tour 2026' }).getByTestId('video-share').click();
  await expect(toast(page)).toContainText('Link copied');
  const shared = await page.evaluate(() => navigator.clipboard.readText());
  expect(shared).toMatch(new RegExp(`^${baseURL}/v/[a-z2-7]{32}$`));
  await expect(page.getByTestId('share-link')).toHaveValue(shared);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('share-dialog')).not.toBeVisible();
  await toast(page).getByRole('button').click();

  await page.getByTestId('add-video').click();
  const picker = page.getByTestId('add-video-dialog');
  await expect(picker.getByTestId('picker-video')).toHaveCount(1); // only the video not in this campaign
  await picker.getByTestId('picker-video').filter({ hasText: 'Price list walkthrough' }).click();
  await picker.getByTestId('add-selected-videos').click();
  await seeToast(page, 'Videos added');
  await expect(page.getByTestId('campaign-videos').getByTestId('video-card')).toHaveCount(2);
  expect((await (await page.request.get(`/api/videos/${second.id}`)).json()).campaignId).toBe(campaignId);
  await page.getByTestId('campaign-tab-overview').click();
  await expect(page.getByTestId('detail-total-videos')).toContainText('2');
  await expect(page.getByTestId('detail-published-videos')).toContainText('1');
  await expect(page.getByTestId('detail-pending-videos')).toContainText('1');

  // ── Settings tab ──────────────────────────────────────────────────────────
  await page.getByTestId('campaign-tab-settings').click();
  await page.getByTestId('cta-label').fill('Book a test drive');
  await page.getByTestId('cta-url').fill('not a link');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-tab').getByTestId('field-error')).toHaveText('The call-to-action link must start with http:// or https://');
  await page.getByTestId('cta-url').fill('https://dealer.example.com/test-drive');
  await page.getByTestId('sender-name').fill('Jane from Acme Motors');
  await page.getByTestId('settings-save').click();
  await seeToast(page, 'Settings saved');
  await page.reload();
  await expect(page.getByTestId('cta-url')).toHaveValue('https://dealer.example.com/test-drive');
  await expect(page.getByTestId('sender-name')).toHaveValue('Jane from Acme Motors');

  // ── Edit ──────────────────────────────────────────────────────────────────
  await page.getByTestId('campaign-edit').click();
  const dialog = page.getByTestId('edit-campaign-dialog');
  await dialog.getByLabel('Campaign name').fill('Spring Test Drive — North');
  await dialog.getByLabel('End date').fill(utcDay(-3));
  await dialog.getByTestId('edit-campaign-save').click();
  await expect(dialog.getByTestId('field-error')).toHaveText('End date cannot be before start date');
  await dialog.getByLabel('End date').fill(utcDay(10));
  await dialog.getByLabel('Spent budget').fill('1250');
  await dialog.getByTestId('edit-campaign-save').click();
  await seeToast(page, 'Campaign updated');
  await expect(page.getByTestId('campaign-title')).toHaveText('Spring Test Drive — North');
  await page.getByTestId('campaign-tab-overview').click();
  await expect(page.getByTestId('detail-duration')).toContainText('10 days');
  await expect(page.getByTestId('budget-percent')).toHaveText('25%');

  // ── Delete ────────────────────────────────────────────────────────────────
  await page.getByTestId('campaign-delete').click();
  await expect(page.getByTestId('delete-confirm-text')).toHaveText("Are you sure? This can't be undone.");
  await page.getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await seeToast(page, 'Campaign deleted');
  await expect(page.getByTestId('campaign-card')).toHaveCount(1);
  await expect(card(page, 'Spring Test Drive — North')).toHaveCount(0);
  expect((await page.request.get(`/api/campaigns/${campaignId}`)).status()).toBe(404);
  // Its videos are kept and unlinked.
  const kept = await (await page.request.get(`/api/videos/${video.id}`)).json();
  expect(kept).toMatchObject({ title: 'Showroom tour 2026', campaignId: null, status: 'published' });
});

test('empty states, a failed load with Try again, an unknown id, unlimited credits, dates in French', async ({ page }) => {
  await signUpViaApi(page);

  // A failed load shows an error with Try again, never sample data.
  let fail = true;
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('campaigns.list'),
    (route) => (fail ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.fallback()),
  );
  await page.goto('/campaigns');
  await expect(page.getByRole('alert').filter({ hasText: 'The page could not be loaded.' })).toBeVisible();
  await expect(page.getByTestId('campaign-card')).toHaveCount(0);
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('campaigns-empty')).toContainText('No campaigns yet');
  await expect(page.getByTestId('campaigns-empty')).toContainText('Create your first campaign to start distributing your videos');
  await page.getByTestId('campaigns-empty').getByRole('link', { name: 'Create Campaign' }).click();
  await expect(page).toHaveURL(/\/create-campaign$/);
  // No video yet: the wizard offers to create one.
  await expect(page.getByTestId('wizard-no-videos').getByRole('link', { name: 'Create a video' })).toHaveAttribute('href', '/create-video');

  // An unknown (or another user's) id is a not-found state.
  await page.goto('/campaigns/no-such-campaign');
  await expect(page.getByTestId('campaign-not-found')).toContainText('Campaign not found');
  const stranger = await request.newContext({ baseURL: test.info().project.use.baseURL });
  const other = { fullName: 'Other', email: `other.${randomUUID()}@example.com`, username: `other_${randomUUID().slice(0, 8)}`, password: 'correct-horse-9' };
  expect((await stranger.post('/api/register', { data: other })).status()).toBe(201);
  const foreign = await (await stranger.post('/api/campaigns', { data: { name: 'Not yours', platforms: ['email'] } })).json();
  await stranger.dispose();
  await page.goto(`/campaigns/${foreign.id}`);
  await expect(page.getByTestId('campaign-not-found')).toBeVisible();
  await expect(page.getByText('Not yours')).toHaveCount(0);

  // The dashboard's credits: a number on a limited plan, ∞ on an unlimited one.
  await page.goto('/dashboard');
  await expect(statValue(page, 'credits')).toHaveText(/^\d+$/);
  await expect(page.getByTestId('top-campaigns-empty')).toBeVisible();
  await expect(page.getByTestId('template-card')).toHaveCount(4);
  expect((await page.request.post('/api/subscription', { data: { planId: 'enterprise', billingCycle: 'monthly' } })).status()).toBe(200);
  await page.goto('/');
  await expect(statValue(page, 'credits')).toContainText('∞');
  await page.goto('/performance');
  await expect(page.getByRole('heading', { name: 'Performance Indicator' })).toBeVisible();
  await expect(statValue(page, 'credits')).toContainText('∞');

  // Dates follow the chosen language's locale.
  const res = await page.request.post('/api/campaigns', { data: { name: 'Rentrée', platforms: ['email'], startDate: '2026-09-01', endDate: '2026-09-30' } });
  const { id } = await res.json();
  await page.request.patch('/api/settings', { data: { language: 'fr' } });
  await page.goto(`/campaigns/${id}`);
  await expect(page.getByTestId('detail-start')).toContainText('1 sept. 2026');
  await expect(page.getByTestId('detail-duration')).toContainText('29 jours');
  await expect(page.getByRole('button', { name: 'Lancer' })).toBeVisible();
});

test('a video in another campaign: the picker says where it is, and creating asks before moving it', async ({ page }) => {
  await signUpViaApi(page);
  const video = await saveVideo(page, 'Showroom tour');
  const spring = await (await page.request.post('/api/campaigns', { data: { name: 'Spring', platforms: ['email'], videoIds: [video.id] } })).json();
  await page.goto('/create-campaign');
  const item = page.getByTestId('picker-video').filter({ hasText: 'Showroom tour' });
  await expect(item).toContainText('In “Spring”');
  await item.click();
  await page.getByTestId('wizard-next').click();
  await page.getByLabel('Campaign name').fill('Summer');
  await page.getByTestId('wizard-next').click();
  await page.getByTestId('platform-email').check();
  await page.getByTestId('wizard-submit').click();
  const ask = page.getByTestId('move-videos-dialog');
  await expect(ask).toContainText('“Showroom tour”, now in “Spring”');
  await expect(ask).toContainText('Moving takes its views and deliveries along');
  await page.getByTestId('confirm-button').click();
  await expect(page).toHaveURL(/\/campaigns\/[^/?]+$/);
  await expect(page.getByTestId('detail-total-videos')).toContainText('1');
  expect((await (await page.request.get(`/api/campaigns/${spring.id}`)).json()).totalVideos).toBe(0);
});
