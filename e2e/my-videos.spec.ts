import { expect, test, type Page } from '@playwright/test';
import { dismissToast, signUpViaApi, toast } from './helpers';

const SCRIPT = 'Hello there. This is our spring product tour.';

/** A video rendered by the app through the API (local engine), finished. */
async function renderedVideo(page: Page, script = SCRIPT) {
  const talk = await page.request.post('/api/avatars/talk', { data: { avatarId: 'stock-3', script, voiceId: 'local-en-female', captions: 'none' } });
  expect(talk.status(), await talk.text()).toBe(201);
  const { videoId } = (await talk.json()) as { videoId: string };
  await expect
    .poll(async () => ((await (await page.request.get(`/api/videos/${videoId}/status`)).json()) as { status: string }).status, { timeout: 90_000 })
    .toBe('completed');
  return videoId;
}

const card = (page: Page, id: string) => page.locator(`[data-testid="video-card"][data-video-id="${id}"]`);
async function menu(page: Page, id: string, item: string) {
  await card(page, id).getByTestId('video-more').click();
  await card(page, id).getByTestId(item).click();
}
const videoOf = async (page: Page, id: string) => (await page.request.get(`/api/videos/${id}`)).json() as Promise<{ title: string; campaignId: string | null }>;
const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);

test('My Videos: rename, download, add to campaign (moving asks), send, duplicate and edit, delete with confirmation', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  const id = await renderedVideo(page);
  const spring = (await (await page.request.post('/api/campaigns', { data: { name: 'Spring', platforms: ['email'] } })).json()) as { id: string };
  const autumn = (await (await page.request.post('/api/campaigns', { data: { name: 'Autumn', platforms: ['email'] } })).json()) as { id: string };
  await page.request.patch(`/api/videos/${id}`, { data: { campaignId: spring.id } });
  await page.goto('/my-videos');

  // ── Rename: validated, then saved ─────────────────────────────────────────
  await menu(page, id, 'video-rename');
  const dialog = page.getByTestId('rename-dialog');
  await dialog.getByTestId('rename-input').fill('   ');
  await dialog.getByTestId('rename-save').click();
  await expect(dialog.getByTestId('rename-error')).toHaveText('Please provide a title for your video');
  await dialog.getByTestId('rename-input').fill('Été launch "tour"');
  await dialog.getByTestId('rename-save').click();
  await expect(toast(page)).toContainText('Video renamed');
  await dismissToast(page);
  await expect(card(page, id).getByTestId('video-title')).toHaveText('Été launch "tour"');
  expect((await videoOf(page, id)).title).toBe('Été launch "tour"');

  // ── Download: the MP4 as an attachment with a safe name ───────────────────
  const [download] = await Promise.all([page.waitForEvent('download'), menu(page, id, 'video-download')]);
  // The title itself (RFC 5987 filename*), as the browser makes it safe; the ASCII name is the fallback.
  expect(download.suggestedFilename()).toMatch(/^Été launch .tour.\.mp4$/);
  const bytes = await (await download.createReadStream()).toArray();
  expect(Buffer.concat(bytes).subarray(4, 8).toString()).toBe('ftyp');

  // ── Add to campaign: the picker says where it is; moving asks ─────────────
  await menu(page, id, 'video-add-to-campaign');
  const picker = page.getByTestId('campaign-dialog');
  await expect(picker.getByTestId('campaign-current')).toContainText('Now in “Spring”');
  await picker.getByRole('radio', { name: 'Autumn' }).check();
  await picker.getByTestId('campaign-save').click();
  await expect(page.getByTestId('move-videos-dialog')).toContainText('“Été launch "tour"”, now in “Spring”');
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('Added to “Autumn”');
  await dismissToast(page);
  expect((await videoOf(page, id)).campaignId).toBe(autumn.id);

  // ── Send: the wizard's Send To Contact step with this video ───────────────
  await menu(page, id, 'video-send');
  await onStep(page, 'distribute');
  await expect(page).toHaveURL(/\/create-video\?step=send$/);
  await expect(page.getByTestId('send-to-contact')).toContainText('Été launch "tour"');

  // ── Duplicate and edit: the wizard reopens with its choices; saving makes a new video ──
  await page.goto('/my-videos');
  await menu(page, id, 'video-duplicate');
  await onStep(page, 'script');
  await expect(page.getByTestId('script-input')).toHaveValue(SCRIPT);
  await expect(toast(page)).toContainText('A copy to edit');
  await dismissToast(page);
  await page.getByTestId('script-input').fill(`${SCRIPT} Now with a new ending.`);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('avatar-chosen')).toBeVisible();
  for (const step of ['avatar-customize', 'template', 'preview']) {
    await page.getByTestId('wizard-next').click();
    await onStep(page, step);
  }
  await page.getByTestId('preview-generate').click();
  await expect(page.getByTestId('preview-ready')).toContainText('Saved to My Videos', { timeout: 180_000 });
  const all = (await (await page.request.get('/api/videos')).json()) as { id: string; title: string; script: string }[];
  expect(all).toHaveLength(2);
  expect(all.find((v) => v.id !== id)!.script).toBe(`${SCRIPT} Now with a new ending.`);
  expect(all.find((v) => v.id === id)).toMatchObject({ title: 'Été launch "tour"', script: SCRIPT });

  // ── Delete: asks, then the video is gone ──────────────────────────────────
  await page.goto('/my-videos');
  await expect(page.getByTestId('video-card')).toHaveCount(2);
  await menu(page, id, 'video-delete');
  await expect(page.getByTestId('delete-dialog')).toContainText('Été launch "tour"');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(card(page, id)).toBeVisible();
  await menu(page, id, 'video-delete');
  await page.getByTestId('confirm-button').click();
  await expect(toast(page)).toContainText('Video deleted');
  await expect(card(page, id)).toHaveCount(0);
  await expect(page.getByTestId('video-card')).toHaveCount(1);
  expect((await page.request.get(`/api/videos/${id}`)).status()).toBe(404);
});

test('My Videos in French, dark: the menu and the delete dialog', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.request.patch('/api/settings', { data: { language: 'fr', theme: 'dark' } });
  const saved = (await (
    await page.request.post('/api/videos', { data: { title: 'Visite', videoUrl: 'https://cdn.example.com/v.mp4', status: 'completed' } })
  ).json()) as { id: string };
  await page.goto('/my-videos');
  await card(page, saved.id).getByTestId('video-more').click();
  await expect(card(page, saved.id).getByTestId('video-menu')).toContainText('Dupliquer et modifier');
  await page.screenshot({ path: test.info().outputPath('my-videos-menu-fr-dark.png') });
  await card(page, saved.id).getByTestId('video-delete').click();
  await expect(page.getByTestId('delete-dialog')).toContainText('Cette action est irréversible.');
  await page.screenshot({ path: test.info().outputPath('my-videos-delete-fr-dark.png') });
});
