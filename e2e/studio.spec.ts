import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

// ── A real picture for the custom avatar: a 256×256 PNG drawn here (a face on a coloured ground) ──
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function facePng(size = 256): Buffer {
  const raw = Buffer.alloc((size * 3 + 1) * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c * 0.95);
      const eye = Math.hypot(x - c + size * 0.12, y - c * 0.8) < size * 0.04 || Math.hypot(x - c - size * 0.12, y - c * 0.8) < size * 0.04;
      const mouth = Math.abs(Math.hypot(x - c, y - c * 0.9) - size * 0.18) < size * 0.02 && y > c * 1.05;
      const [r, g, b] = eye || mouth ? [40, 30, 30] : d < size * 0.32 ? [236, 188, 150] : [70 + (y % 64), 120, 200];
      const o = y * (size * 3 + 1) + 1 + x * 3;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** A real photo of one person: cut from a sample picture shipped inside the face-api npm package. */
function portraitJpeg(): Buffer {
  const require = createRequire(import.meta.url);
  const sample = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');
  const out = join(mkdtempSync(join(tmpdir(), 'e2e-portrait-')), 'me.jpg');
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', sample, '-vf', 'crop=660:660:355:250,scale=1100:1100', '-q:v', '3', out]);
  return readFileSync(out);
}

/** Checks the toast, then closes it (it sits over the bottom-right corner of the page). */
async function seeToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
  await toast(page).getByRole('button').click();
  await expect(toast(page)).toHaveCount(0);
}

const cards = (page: Page) => page.getByTestId('avatar-card');

test('avatar library: tabs, gender filter, search, load more, detail with copy and Create Video', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUpViaApi(page);
  await page.goto('/avatar-library');
  await expect(page.getByRole('heading', { name: 'Avatar Library' })).toBeVisible();
  for (const tab of ['All Avatars', 'Office', 'Casual', 'My Avatars']) await expect(page.getByRole('tab', { name: tab })).toBeVisible();

  // Pages of 20, Load More while the server says hasNext.
  await expect(cards(page)).toHaveCount(20);
  await expect(page.getByTestId('create-avatar-card')).toBeVisible();
  await expect(page.getByTestId('avatars-count')).toHaveText('20 of 2,991 avatars');
  await page.getByTestId('avatars-load-more').click();
  await expect(cards(page)).toHaveCount(40);
  await expect(page.getByTestId('avatars-count')).toHaveText('40 of 2,991 avatars');

  // Gender filter: only that gender, and the total shrinks.
  await page.getByTestId('avatar-gender-filter').selectOption('female');
  await expect(cards(page)).toHaveCount(20);
  const genders = await cards(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-gender')));
  expect(new Set(genders)).toEqual(new Set(['female']));
  await expect(page.getByTestId('gender-badge').first()).toHaveText('Female');
  const femaleTotal = Number((await page.getByTestId('avatars-count').textContent())!.replace(/^.* of ([\d,]+) .*$/, '$1').replace(/,/g, ''));
  expect(femaleTotal).toBeGreaterThan(100);
  expect(femaleTotal).toBeLessThan(2991);

  // Office and Casual tabs: the detail dialog says which category a card is.
  await page.getByTestId('avatar-gender-filter').selectOption('all');
  await page.getByRole('tab', { name: 'Office' }).click();
  await expect(page.getByRole('tab', { name: 'Office' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page)).toHaveCount(20);
  await cards(page).nth(3).click();
  const detail = page.getByTestId('avatar-detail');
  await expect(detail.getByTestId('detail-category')).toHaveText('Office');
  await expect(detail.getByTestId('detail-type')).toHaveText('Stock Avatar');
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await page.getByRole('tab', { name: 'Casual' }).click();
  await expect(page.getByRole('tab', { name: 'Casual' })).toHaveAttribute('aria-selected', 'true');
  await expect(cards(page)).toHaveCount(20);
  await cards(page).nth(5).click();
  await expect(detail.getByTestId('detail-category')).toHaveText('Casual');
  await detail.getByRole('button', { name: 'Close' }).first().click();

  // Search by id: exactly that avatar.
  await page.getByRole('tab', { name: 'All Avatars' }).click();
  await page.getByTestId('avatar-search').fill('stock-1234');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toHaveAttribute('data-avatar-id', 'stock-1234');
  await expect(page.getByTestId('avatars-load-more')).toHaveCount(0);

  // Its detail: id with copy (toast ID Copied and the clipboard holds it), type, Create Video link, no Delete.
  await cards(page).click();
  await expect(detail.getByTestId('detail-id')).toHaveText('stock-1234');
  await expect(detail.getByTestId('detail-type')).toHaveText('Stock Avatar');
  await expect(detail.getByTestId('delete-avatar')).toHaveCount(0);
  await detail.getByTestId('copy-id').click();
  await expect(toast(page)).toContainText('ID Copied');
  await expect(detail.getByTestId('copy-id')).toHaveAttribute('data-copied', 'true');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('stock-1234');
  await expect(detail.getByTestId('create-video-with-avatar')).toHaveAttribute('href', '/create-video?avatar=stock-1234');
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await seeToast(page, 'ID Copied');

  // No match, then Clear Search brings the library back.
  await page.getByTestId('avatar-search').fill('nobody-is-called-this');
  await expect(page.getByText('No matching avatars found')).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(page.getByTestId('avatar-search')).toHaveValue('');
  // The unfiltered library comes back as it was left: both pages loaded earlier.
  await expect(cards(page)).toHaveCount(40);
  await expect(page.getByTestId('avatars-count')).toHaveText('40 of 2,991 avatars');

  // My Avatars of a new user: the empty state with an upload prompt.
  await page.getByRole('tab', { name: 'My Avatars' }).click();
  await expect(page.getByText('No avatars found')).toBeVisible();
  await page.getByTestId('avatars-empty').getByRole('button', { name: 'Upload Custom' }).click();
  await expect(page.getByTestId('upload-avatar').getByRole('heading', { name: 'Create a custom avatar' })).toBeVisible();
});

test('avatar library: a failed load shows the error state, Try Again recovers', async ({ page }) => {
  await signUpViaApi(page);
  let fail = true;
  await page.route('**/api/avatars?*', (route) => (fail ? route.fulfill({ status: 500, body: '{"message":"boom"}' }) : route.continue()));
  await page.goto('/avatar-library');
  await expect(page.getByText('Error loading avatars')).toBeVisible();
  await expect(page.getByText('There was a problem fetching avatars. Please try again later.')).toBeVisible();
  fail = false;
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(cards(page)).toHaveCount(20);
});

test('avatar library: a broken picture falls back to a placeholder', async ({ page }) => {
  await signUpViaApi(page);
  await page.route('**/api/avatars/stock-1/thumbnail.png', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto('/avatar-library');
  await expect(cards(page)).toHaveCount(20);
  const broken = page.locator('[data-testid="avatar-card"][data-avatar-id="stock-1"]');
  await expect(broken.getByTestId('avatar-placeholder')).toBeVisible();
  await expect(broken.locator('img')).toHaveCount(0);
  await expect(page.locator('[data-testid="avatar-card"][data-avatar-id="stock-0"] img')).toBeVisible();
});

test('custom avatar: upload with preview and remove, status reaches done, then a real delete', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto('/avatar-library');
  await expect(cards(page)).toHaveCount(20);
  await page.getByTestId('create-avatar-card').click();
  const dialog = page.getByTestId('upload-avatar');
  await expect(dialog.getByText('PNG, JPEG, WebP, MP4 or MOV, up to 10MB')).toBeVisible();
  // What a clip becomes: its motion kept, its sound not used.
  await expect(dialog.getByTestId('avatar-clip-hint')).toHaveText(
    'A clip keeps its motion (its first 10 s play in a loop); its sound is not used. 10–60 s, one face.',
  );
  const create = dialog.getByTestId('avatar-create');
  await expect(create).toBeDisabled();

  // Submitting without a file (Enter in the name box) says so.
  await dialog.getByTestId('avatar-name').press('Enter');
  await expect(toast(page)).toContainText('No file selected');
  await expect(toast(page)).toContainText('Please upload an image or video first');
  await expect(dialog.getByTestId('avatar-file-error')).toHaveText('Please upload an image or video first');

  // The client refuses other types.
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'anim.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(dialog.getByTestId('avatar-file-error')).toHaveText('Please choose a PNG, JPEG or WebP image, or an MP4 or QuickTime video.');
  await expect(create).toBeDisabled();

  // A drawing is not a photo of a face: refused at upload with a message a person understands.
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: facePng() });
  await create.click();
  await expect(toast(page)).toContainText('Upload Failed');
  await expect(toast(page)).toContainText("We couldn't find a face in this photo");
  // The dialog's backdrop covers the toast: close it without a pointer.
  await toast(page).getByRole('button').dispatchEvent('click');
  await expect(toast(page)).toHaveCount(0);

  // Preview, remove, choose again.
  const png = { name: 'me.jpg', mimeType: 'image/jpeg', buffer: portraitJpeg() };
  await dialog.getByTestId('avatar-file').setInputFiles(png);
  await expect(dialog.getByTestId('avatar-file-preview').getByRole('img')).toBeVisible();
  await expect(dialog.getByTestId('avatar-file-name')).toHaveText('me.jpg');
  await expect(create).toBeEnabled();
  await dialog.getByTestId('avatar-file-remove').click();
  await expect(dialog.getByTestId('avatar-file-preview')).toHaveCount(0);
  await expect(create).toBeDisabled();
  await dialog.getByTestId('avatar-file').setInputFiles(png);
  await dialog.getByTestId('avatar-name').fill('E2E Portrait');
  await dialog.getByTestId('avatar-gender').selectOption('female');

  // Uploading, then Creating (the upload is held back a moment so that the first label can be seen).
  await page.route('**/api/avatars/upload', async (route) => {
    await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await create.click();
  await expect(create).toHaveText(/Uploading…|Creating…/);
  // Creating reads the face in the picture on the server: on a loaded CI machine it has taken over 10 s.
  await expect(toast(page)).toBeVisible({ timeout: 30_000 });
  await seeToast(page, 'Avatar submitted');
  await expect(dialog).not.toBeVisible();

  // The new card comes first with the Custom badge, and its status is polled until done.
  const mine = cards(page).filter({ hasText: 'E2E Portrait' });
  await expect(mine).toHaveCount(1);
  await expect(cards(page).first()).toHaveText(/E2E Portrait/);
  await expect(mine.getByText('Custom', { exact: true })).toBeVisible();
  await expect(mine.getByTestId('gender-badge')).toHaveText('Female');
  await expect(mine).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(mine.getByTestId('avatar-status')).toHaveText('Ready');
  await expect(mine.getByRole('img', { name: 'E2E Portrait' })).toBeVisible();
  const id = (await mine.getAttribute('data-avatar-id'))!;
  expect(id).toMatch(/^custom-avatar-/);

  // My Avatars lists it alone.
  await page.getByRole('tab', { name: 'My Avatars' }).click();
  await expect(cards(page)).toHaveCount(1);

  // Detail: Custom type, Delete with a confirmation that it cannot be undone; a real delete.
  await mine.click();
  const detail = page.getByTestId('avatar-detail');
  await expect(detail.getByTestId('detail-type')).toHaveText('Custom');
  await expect(detail.getByTestId('detail-id')).toHaveText(id);
  await detail.getByTestId('delete-avatar').click();
  const confirm = page.getByRole('dialog', { name: 'Delete this avatar?' });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByTestId('confirm-button').click();
  await seeToast(page, 'Avatar Deleted');
  await expect(page.getByText('No avatars found')).toBeVisible();
  expect((await page.request.get(`/api/avatars/custom/${id}`)).status()).toBe(404);
});

test('talk diagnostic renders a real video that plays; My Videos and My Clips show it', async ({ page }) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  await page.goto('/test-creatify');
  await expect(page.getByRole('heading', { name: 'Avatar Talk Test' })).toBeVisible();

  // Checking without an id.
  await page.getByTestId('talk-check').click();
  await seeToast(page, 'No video ID provided');

  // A failed start says so.
  await page.getByTestId('talk-generate').click();
  await seeToast(page, 'Failed to generate video...');

  const script = 'Hello from the studio test. This short clip checks that the avatar talks, that the render finishes and that the video plays in the page.';
  await page.getByTestId('talk-script').fill(script);
  await page.getByTestId('talk-avatar-id').fill('stock-7');
  await page.getByTestId('talk-voice-id').fill('local-en-male');
  const started = Date.now();
  await page.getByTestId('talk-generate').click();
  await expect(page.getByTestId('talk-task-id')).toHaveValue(/^task-/);
  // The schedule itself (3 s, ×1.2, ×1.5, 10 s cap, 60 checks) is unit-tested in src/web/lib; here a
  // quiet machine may finish the render before the first check, so only the outcome is asserted.
  await expect(page.getByTestId('talk-phase')).toHaveAttribute('data-phase', /polling|ready/);
  await expect(page.getByTestId('talk-phase')).toHaveAttribute('data-phase', 'ready', { timeout: 240_000 });
  await expect(page.getByTestId('talk-attempts')).toHaveText(/Check \d+ of 60/);
  const video = page.getByTestId('talk-video');
  await expect(video).toBeVisible();
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  console.log(`talk diagnostic: Generate → playable video in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await expect(page.getByTestId('talk-status')).toHaveText('done');

  // My Videos: under Completed, not under Drafts; it plays in the dialog.
  await page.goto('/my-videos');
  const card = page.getByTestId('video-card').filter({ hasText: 'Talking video: Hello from the studio test' });
  await expect(card).toHaveCount(1);
  await page.getByTestId('video-filter-completed').click();
  await expect(card).toHaveCount(1);
  await page.getByTestId('video-filter-draft').click();
  await expect(card).toHaveCount(0);
  await expect(page.getByText('No videos match your search')).toBeVisible();
  await page.getByTestId('video-filter-processing').click();
  await expect(card).toHaveCount(0);
  await page.getByTestId('video-filter-completed').click();
  await page.getByTestId('video-search').fill('studio test');
  await expect(card).toHaveCount(1);
  await page.getByTestId('video-search').fill('no such video');
  await expect(card).toHaveCount(0);
  await page.getByTestId('video-search').fill('');
  await expect(page.getByTestId('popular-templates')).toBeVisible();
  await expect(page.getByTestId('create-new-video')).toHaveAttribute('href', '/create-video');
  await card.getByTestId('play-video').click();
  const player = page.getByTestId('video-player-video');
  await expect(player).toBeVisible();
  await player.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.keyboard.press('Escape');

  // My Clips: listed as done, Watch plays it, Reuse opens the wizard with its avatar.
  await page.goto('/my-clips');
  const row = page.getByTestId('clip-row').filter({ hasText: 'Talking video: Hello from the studio test' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('clip-status')).toHaveAttribute('data-status', 'done');
  await expect(row.getByTestId('clip-status')).toHaveText('Done');
  await expect(row.getByTestId('clip-reuse')).toBeEnabled();
  await row.getByTestId('clip-watch').click();
  await expect(page.getByTestId('video-player-video')).toHaveAttribute('src', /\/files\/.+\.mp4$/);
  await page.keyboard.press('Escape');
  await row.getByTestId('clip-reuse').click();
  await expect(page).toHaveURL(/\/create-video\?(.*&)?avatar=stock-7/);
});

test('my clips: a clip still rendering cannot be reused; a failed refresh says so', async ({ page }) => {
  await signUpViaApi(page);
  const clip = {
    id: 'task-x',
    videoId: 'v1',
    name: 'Queued clip',
    status: 'processing',
    result_url: null,
    thumbnail: null,
    duration: null,
    error: null,
    createdAt: new Date().toISOString(),
    completedAt: null,
  };
  let fail = false;
  await page.route('**/api/clips', (route) =>
    fail
      ? route.fulfill({ status: 500, body: 'down' })
      : route.fulfill({ json: { clips: [clip, { ...clip, id: 'task-y', name: 'Rejected clip', status: 'rejected' }] } }),
  );
  await page.goto('/my-clips');
  const queued = page.getByTestId('clip-row').filter({ hasText: 'Queued clip' });
  await expect(queued.getByTestId('clip-status')).toHaveAttribute('data-tone', 'pending');
  await expect(queued.getByTestId('clip-reuse')).toBeDisabled();
  await expect(queued.getByTestId('clip-watch')).toBeDisabled();
  const rejected = page.getByTestId('clip-row').filter({ hasText: 'Rejected clip' });
  await expect(rejected.getByTestId('clip-status')).toHaveAttribute('data-tone', 'failure');
  await expect(rejected.getByTestId('clip-reuse')).toBeDisabled();
  fail = true;
  await page.getByTestId('clips-refresh').click();
  await seeToast(page, 'Refresh failed');
  await expect(queued).toBeVisible();
});

test('my clips and my videos: failed loads show the spec messages', async ({ page }) => {
  await signUpViaApi(page);
  await page.route('**/api/clips', (route) => route.fulfill({ status: 500, body: 'down' }));
  await page.goto('/my-clips');
  await expect(toast(page)).toContainText('Failed to fetch clips');
  await expect(page.getByTestId('clips-error')).toBeVisible();
  await page.route(
    (url) => url.pathname.startsWith('/trpc/') && url.pathname.includes('videos.list'),
    (route) => route.fulfill({ status: 500, body: 'down' }),
  );
  await page.goto('/my-videos');
  await expect(page.getByText('Failed to load videos. Please try again.')).toBeVisible();
});
