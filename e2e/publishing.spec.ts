import { expect, test, type Page } from '@playwright/test';
import { closeToast, renderVideo, signUpViaApi, toast } from './helpers';

// Publishing a campaign's video to Facebook, Instagram and YouTube through the publishing sandbox
// (docs/decisions/229): connect each platform on its consent page, publish from the campaign, see the
// posts on the sandbox's page, play one there (a real view in the sandbox), and find that view in
// the campaign's platform figures once the insights are refreshed.

const PLATFORMS = ['facebook', 'instagram', 'youtube'] as const;

async function connectThroughSandbox(page: Page, platform: (typeof PLATFORMS)[number], account: string) {
  await page.getByTestId(`publish-connect-${platform}`).click();
  await expect(page).toHaveURL(/\/sandbox\/publishing\/authorize/);
  await page.getByLabel('Account name').fill(account);
  await page.getByRole('button', { name: 'Allow' }).click();
  await expect(page).toHaveURL(new RegExp(`/connect-platforms\\?connected=${platform}`));
  await expect(toast(page)).toContainText('connected');
  await closeToast(page);
  const row = page.getByTestId(`publish-connection-${platform}`);
  await expect(row).toHaveAttribute('data-status', 'connected');
  await expect(row.getByTestId('connection-targets')).toContainText(account);
}

test('publishing: connect the three platforms in the sandbox, publish a campaign video, its sandbox views reach the campaign', async ({ page }) => {
  test.setTimeout(150_000);
  await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Welcome to the spring collection. Here is a short tour of what is new in the showroom this season.');
  const made = await page.request.post('/api/campaigns', { data: { name: 'Spring launch', sector: 'Technology', platforms: ['linkedin'] } });
  expect(made.status(), await made.text()).toBe(201);
  const campaign = (await made.json()) as { id: string };
  const moved = await page.request.patch(`/api/videos/${videoId}`, { data: { campaignId: campaign.id } });
  expect(moved.status(), await moved.text()).toBe(200);

  // ── Connect: Social Profiles' "Publish to", then the page the callback comes back to ──
  await page.goto('/social-profiles');
  const section = page.getByTestId('publish-connections');
  for (const p of PLATFORMS) await expect(section.getByTestId(`publish-connection-${p}`)).toHaveAttribute('data-status', 'disconnected');
  await connectThroughSandbox(page, 'facebook', 'Spring Shop Page');
  await connectThroughSandbox(page, 'instagram', 'springshop.reels');
  await connectThroughSandbox(page, 'youtube', 'Spring Shop Channel');
  await expect(page.getByTestId('publish-connections').getByRole('link', { name: 'Sandbox' })).toHaveAttribute('href', '/sandbox/publishing/posts');

  // ── Publish from the campaign: one dialog opening, three platforms ──
  await page.goto(`/campaigns/${campaign.id}?tab=videos`);
  await page.getByTestId('campaign-videos').getByTestId('publish-to-platforms').click();
  const dialog = page.getByTestId('publish-dialog');
  await expect(dialog.getByTestId('publish-description')).toHaveValue(/\/v\/[A-Za-z0-9_-]+/);
  await expect(dialog.getByTestId('publish-link')).toContainText('/v/');
  for (const p of PLATFORMS) {
    await dialog.getByTestId('publish-platform').selectOption(p);
    await expect(dialog.getByTestId('publish-rules')).toContainText(p === 'instagram' ? 'Reels: 3 s – 15 min' : p === 'youtube' ? 'YouTube' : 'Page videos');
    await expect(dialog.getByTestId('publish-visibility')).toHaveCount(p === 'youtube' ? 1 : 0);
    await dialog.getByTestId('publish-title').fill(`Spring tour on ${p}`);
    if (p === 'youtube') {
      await dialog.getByTestId('publish-visibility').selectOption('unlisted');
      // A double click is one request key: one post.
      await dialog.getByTestId('publish-submit').dblclick();
    } else await dialog.getByTestId('publish-submit').click();
    // The toast sits under the modal: read, not closed.
    await expect(toast(page)).toContainText(`on its way to`);
    await expect(dialog.getByTestId('publication').filter({ hasText: `Spring tour on ${p}` })).toHaveCount(1);
  }
  const posts = dialog.getByTestId('publication');
  await expect(posts).toHaveCount(3);
  await expect(dialog.locator('[data-testid="publication"][data-status="published"]')).toHaveCount(3, { timeout: 60_000 });
  await expect(dialog.locator('[data-testid="publication"][data-platform="youtube"]')).toContainText('Spring Shop Channel');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByTestId('publications').getByTestId('publication')).toHaveCount(3);

  // ── The sandbox's page: the three posts; play YouTube's ──
  await page.goto('/sandbox/publishing/posts');
  const sandboxPosts = page.getByTestId('sandbox-post');
  await expect(sandboxPosts).toHaveCount(3);
  for (const title of ['Spring tour on facebook', 'Spring tour on instagram', 'Spring tour on youtube']) await expect(page.getByText(title)).toBeVisible();
  const youtubePost = sandboxPosts.filter({ hasText: 'Spring tour on youtube' });
  // The description as sent carries the share link tagged with the post (?via=).
  await expect(youtubePost.locator('pre')).toContainText(/\/v\/[A-Za-z0-9_-]+\?via=/);
  const played = page.waitForResponse((r) => r.url().includes('/sandbox/publishing/posts/') && r.url().endsWith('/play') && r.request().method() === 'POST');
  await youtubePost.locator('video').evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    void v.play().catch(() => undefined);
  });
  expect((await played).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('sandbox-post').filter({ hasText: 'Spring tour on youtube' }).getByTestId('plays')).toContainText('1');

  // ── Refresh the insights: the view is YouTube's in the campaign ──
  await page.goto(`/campaigns/${campaign.id}?tab=videos`);
  const youtubeRow = page.getByTestId('publications').locator('[data-testid="publication"][data-platform="youtube"]');
  await expect(youtubeRow.getByTestId('publication-views')).toHaveText('— views');
  await youtubeRow.getByTestId('publication-refresh').click();
  await closeToast(page, 'Views updated');
  await expect(youtubeRow.getByTestId('publication-views')).toHaveText('1 views · sandbox player plays');

  await page.getByTestId('campaign-tab-overview').click();
  const youtubeFigure = page.getByTestId('publishing-figures').locator('[data-testid="publishing-figure"][data-platform="youtube"]');
  await expect(youtubeFigure.getByTestId('figure-views').getByTestId('figure-value')).toHaveText('1');
  await expect(youtubeFigure.getByTestId('figure-views')).toContainText('sandbox player plays');
  await expect(youtubeFigure.getByTestId('figure-posts').getByTestId('figure-value')).toHaveText('1');
  const facebookFigure = page.getByTestId('publishing-figures').locator('[data-testid="publishing-figure"][data-platform="facebook"]');
  await expect(facebookFigure.getByTestId('figure-views').getByTestId('figure-value')).toHaveText('—');

  await page.getByTestId('campaign-tab-analytics').click();
  await expect(page.getByTestId('publishing-figures').locator('[data-platform="youtube"]').getByTestId('figure-views').getByTestId('figure-value')).toHaveText(
    '1',
  );

  // ── My Videos: the same video's Publish shows its three posts; a too-short Reel is refused with the server's reason ──
  const shortId = await renderVideo(page, 'Hi.');
  await page.goto('/my-videos');
  const card = (id: string) => page.locator(`[data-testid="video-card"][data-video-id="${id}"]`);
  await card(videoId).getByTestId('video-more').click();
  await card(videoId).getByTestId('publish-to-platforms').click();
  await expect(page.getByTestId('publish-dialog').getByTestId('publication')).toHaveCount(3);
  await page.keyboard.press('Escape');
  await card(shortId).getByTestId('video-more').click();
  await card(shortId).getByTestId('publish-to-platforms').click();
  const short = page.getByTestId('publish-dialog');
  await expect(short.getByTestId('publications-empty')).toBeVisible();
  await short.getByTestId('publish-platform').selectOption('instagram');
  await short.getByTestId('publish-submit').click();
  await expect(short.getByTestId('publish-error')).toContainText('Instagram needs a video of at least 3 seconds');
  await expect(short.getByTestId('publications-empty')).toBeVisible();
  // Reels are vertical: the same video rendered again in portrait, a new video in My Videos.
  await short.getByTestId('publish-vertical-make').click();
  await expect(toast(page)).toContainText('The vertical version is rendering');
  await page.keyboard.press('Escape');
  await page.goto('/my-videos');
  await expect(page.locator('[data-testid="video-card"]').filter({ hasText: '(vertical)' })).toHaveCount(1);
  await page.goto('/social-profiles');
  await page.getByTestId('publish-disconnect-instagram').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disconnect' }).click();
  await closeToast(page, 'Instagram (Reels) disconnected');
  await expect(page.getByTestId('publish-connection-instagram')).toHaveAttribute('data-status', 'disconnected');
});
