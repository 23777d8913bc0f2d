import { expect, test, type APIRequestContext } from '@playwright/test';
import { renderVideo, signUpViaApi } from './helpers';

// Hearing back (decision 225): a recipient plays the video a user e-mailed, the bell shows it, its
// notice leads to the video's viewers; developer mode shows a video's id and its render job's state.

/** A finished video (saved by link: no render) e-mailed to Zoë; answers the video and her landing token. */
async function sendToZoe(request: APIRequestContext) {
  const video = await request.post('/api/videos', {
    data: { title: 'Spring tour', videoUrl: 'https://cdn.example.com/v/tour.mp4', thumbnail: 'https://cdn.example.com/v/tour.jpg', status: 'completed' },
  });
  expect(video.status()).toBe(201);
  const videoId = (await video.json()).id as string;
  const list = await (await request.post('/api/contact-lists', { data: { name: 'Leads' } })).json();
  const contact = await request.post(`/api/contact-lists/${list.id}/contacts`, { data: { firstName: 'Zoë', lastName: 'Martin', email: 'zoe@example.com' } });
  expect(contact.status()).toBe(201);
  const sent = await request.post(`/api/videos/${videoId}/distribute`, { data: { contactIds: [(await contact.json()).id], platforms: ['email'] } });
  expect(sent.status()).toBe(201);
  const distributionId = (await sent.json()).distributionId as string;
  await expect.poll(async () => (await (await request.get(`/api/distributions/${distributionId}/progress`)).json()).done, { timeout: 30_000 }).toBe(true);
  const d = (await (await request.get(`/api/distributions/${distributionId}`)).json()).deliveries[0];
  return { videoId, token: (d.landingUrl as string).split('/v/')[1]! };
}

test('a recipient plays the video: the bell counts it within 60 s, its notice opens the video’s viewers, mark all read', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  const { videoId, token } = await sendToZoe(page.request);
  await page.goto('/my-videos');
  await expect(page.getByTestId('notice-bell')).toBeVisible();

  // Zoë, in her own browser, opens her page and plays it to the end (the page's beacons, as its script posts them).
  const zoe = await browser.newContext();
  const landing = await zoe.request.get(`/v/${token}`);
  const pageToken = /P="([A-Za-z0-9_.-]+)"/.exec(await landing.text())![1];
  for (const beacon of [{ event: 'open' }, { event: 'view' }, { event: 'progress', percent: 100 }])
    expect((await zoe.request.post('/api/track', { data: { token, page: pageToken, ...beacon } })).status()).toBe(204);
  await zoe.close();

  // The bell polls: within 60 s it counts the send and her three steps.
  await expect(page.getByTestId('notice-unread')).toHaveText('4', { timeout: 60_000 });
  await page.getByTestId('notice-bell').click();
  const played = page.getByTestId('notice-item').filter({ hasText: 'Zoë Martin is watching “Spring tour”' });
  await expect(played).toBeVisible();
  await expect(page.getByTestId('notice-item').filter({ hasText: 'Zoë Martin watched “Spring tour” to the end' })).toBeVisible();
  await page.screenshot({ path: '/tmp/notify-bell-1440.png' });
  await played.click();

  // The notice leads to the video's viewers: Zoë, watched 100 %, no click.
  await expect(page).toHaveURL(new RegExp(`/my-videos\\?viewers=${videoId}`));
  const dialog = page.getByTestId('viewers-dialog');
  await expect(dialog.getByTestId('viewer-name')).toHaveText('Zoë Martin');
  await expect(dialog.getByTestId('viewer-watched')).toHaveText('100 %');
  await expect(dialog.getByTestId('viewer-clicked')).toHaveText('No');
  await expect(page.getByTestId('notice-unread')).toHaveText('3');
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // Mark all read empties the count; the list stays.
  await page.getByTestId('notice-bell').click();
  await page.getByTestId('notice-mark-all').click();
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
  await expect(page.getByTestId('notice-item')).toHaveCount(4);

  // At 390 px the panel fits the screen.
  await page.setViewportSize({ width: 390, height: 800 });
  const box = await page.getByTestId('notice-panel').boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: '/tmp/notify-bell-390.png' });
});

test('the viewers of a video sent without a campaign, from My Videos', async ({ page, browser }) => {
  await signUpViaApi(page);
  const { token } = await sendToZoe(page.request);
  const zoe = await browser.newContext();
  const pageToken = /P="([A-Za-z0-9_.-]+)"/.exec(await (await zoe.request.get(`/v/${token}`)).text())![1];
  await zoe.request.post('/api/track', { data: { token, page: pageToken, event: 'view' } });
  await zoe.request.post('/api/track', { data: { token, page: pageToken, event: 'progress', percent: 40 } });
  await zoe.request.post('/api/track', { data: { token, page: pageToken, event: 'cta' } });
  await zoe.close();
  await page.goto('/my-videos');
  await page.getByTestId('video-viewers').click();
  const dialog = page.getByTestId('viewers-dialog');
  await expect(dialog.getByTestId('viewer-name')).toHaveText('Zoë Martin');
  await expect(dialog.getByTestId('viewer-watched')).toHaveText('40 %');
  await expect(dialog.getByTestId('viewer-clicked')).toHaveText('Yes');
});

test('developer mode: My Videos shows each video’s id, its render job’s state and the API call; off, none', async ({ page }) => {
  test.setTimeout(200_000);
  await signUpViaApi(page);
  const videoId = await renderVideo(page, 'Hello Sam.');
  await page.goto('/my-videos');
  await expect(page.getByTestId('video-card')).toHaveCount(1);
  await expect(page.getByTestId('dev-details')).toHaveCount(0);

  await page.goto('/settings?tab=advanced');
  await page.getByTestId('developer-mode').check();
  await expect.poll(async () => (await (await page.request.get('/api/user')).json()).settings.advanced.developerMode).toBe(true);
  await expect(page.getByTestId('beta-features')).toHaveCount(0);

  await page.goto('/my-videos');
  await expect(page.getByTestId('dev-video-id')).toHaveText(videoId);
  await expect(page.getByTestId('dev-job-state')).toHaveText(/^completed \(render-video\) · completed 100%$/);
  await expect(page.getByTestId('dev-api')).toHaveText(`GET /api/videos/${videoId}/status`);
});
