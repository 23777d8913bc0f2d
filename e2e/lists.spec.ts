import { expect, test } from '@playwright/test';
import { signUpViaApi } from './helpers';

// Lists that load in pages (docs/decisions/180-cursor-pagination.md): the first 50, then more as the user scrolls.

test('the campaign list shows 50, then the 51st and the rest appear on scrolling; filters reach past the first page', async ({ page }) => {
  test.slow();
  await signUpViaApi(page);
  // Campaign 01 is the oldest: the last card of the list, on the second page.
  for (let i = 1; i <= 55; i++) {
    const res = await page.request.post('/api/campaigns', { data: { name: `Campaign ${String(i).padStart(2, '0')}`, platforms: ['email'] } });
    expect(res.status(), await res.text()).toBe(201);
  }
  const first = await page.request.get('/api/campaigns');
  expect((await first.json()).length).toBe(50);
  expect(first.headers()['x-next-cursor']).toBeTruthy();

  await page.goto('/campaigns');
  const cards = page.getByTestId('campaign-card');
  await expect(cards).toHaveCount(50);
  await expect(page.getByRole('heading', { name: 'Campaign 01', exact: true })).toHaveCount(0);
  // Scrolling down brings the sentinel into view: the next page loads by itself.
  await page.getByTestId('campaigns-more').scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(55);
  await expect(page.getByRole('heading', { name: 'Campaign 01', exact: true })).toBeVisible();
  await expect(page.getByTestId('campaigns-more')).toHaveCount(0);

  // A search finds a campaign the first page does not hold (the server filters).
  await page.goto('/campaigns');
  await expect(cards).toHaveCount(50);
  await page.getByTestId('campaign-search').fill('campaign 02');
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Campaign 02', exact: true })).toBeVisible();
});

test('My Videos loads more with the keyboard too; the search sees every video', async ({ page }) => {
  test.slow();
  await signUpViaApi(page);
  for (let i = 1; i <= 52; i++) {
    const res = await page.request.post('/api/videos', {
      data: { title: `Clip number ${String(i).padStart(2, '0')}`, videoUrl: `https://cdn.example.com/e2e/${i}.mp4` },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/my-videos');
  const grid = page.getByTestId('video-grid').locator(':scope > li');
  await expect(grid).toHaveCount(50);
  // The "Load more" button is reachable and works from the keyboard.
  const more = page.getByTestId('videos-more').getByRole('button');
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(grid).toHaveCount(52);
  await expect(page.getByTestId('videos-more')).toHaveCount(0);

  await page.goto('/my-videos');
  await expect(grid).toHaveCount(50);
  await page.getByTestId('video-search').fill('number 01');
  await expect(grid).toHaveCount(1);
  await expect(page.getByTestId('video-grid')).toContainText('Clip number 01');
});
