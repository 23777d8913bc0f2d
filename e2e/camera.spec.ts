import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PNG_1x1, signUpViaApi, toast } from './helpers';

// The camera in the browser (decision 176), with Chromium's fake camera playing a clip made here
// from a real portrait (src/test/faces.ts: a woman's face from the sample photos of an npm package,
// drifting a few pixels per frame). Nothing is checked in.
const PORT = process.env.E2E_PORT ?? '3210';
const FAKE_CAMERA = join(tmpdir(), `avs-fake-camera-${PORT}.y4m`);
const PORTRAIT = join(tmpdir(), `avs-portrait-${PORT}.jpg`);

// The fake camera needs launch flags (the browser is launched once per worker, after beforeAll).
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${FAKE_CAMERA}`,
    ],
  },
});

test.beforeAll(() => {
  // The fixtures live in the Bun test floor (its ffmpeg wrapper); Playwright runs under Node.
  const script = `import { portraitJpeg, webcamClip } from './src/test/faces';
await webcamClip(${JSON.stringify(FAKE_CAMERA)}, { seconds: 12, format: 'y4m' });
await Bun.write(${JSON.stringify(PORTRAIT)}, await portraitJpeg());`;
  execFileSync('bun', ['--eval', script], { stdio: 'inherit', timeout: 120_000 });
});
// 80 MB of raw frames: not left behind.
test.afterAll(() => {
  for (const f of [FAKE_CAMERA, PORTRAIT]) rmSync(f, { force: true });
});

/** Checks the toast, then closes it (the dialog's backdrop may cover it: no pointer). */
async function seeToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
  await toast(page).getByRole('button').dispatchEvent('click');
  await expect(toast(page)).toHaveCount(0);
}

const SCRIPT = 'Hello, this is a short video recorded with my own camera.';

/** From the wizard's avatar step with `avatarId` chosen: customize, template, then a real render; returns the saved video. */
async function renderThroughWizard(page: Page, avatarId: string) {
  await expect(page.locator(`[data-testid="avatar-card"][data-avatar-id="${avatarId}"]`)).toHaveAttribute('aria-pressed', 'true');
  const onStep = (step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);
  await page.getByTestId('wizard-next').click();
  await onStep('avatar-customize');
  await page.getByTestId('wizard-next').click();
  await onStep('template');
  await page.getByTestId('wizard-next').click();
  await onStep('preview');
  await page.getByTestId('preview-generate').click();
  const video = page.getByTestId('preview-video');
  await expect(video).toBeVisible({ timeout: 240_000 });
  const src = await video.getAttribute('src');
  const list = (await (await page.request.get('/api/videos')).json()) as { status: string; videoUrl: string | null; avatarId: string | null }[];
  const saved = list.find((v) => v.videoUrl === src);
  expect(saved, JSON.stringify(list)).toMatchObject({ status: 'completed', avatarId });
  return saved;
}

async function startWizard(page: Page) {
  await page.goto('/create-video');
  await page.getByTestId('script-input').fill(SCRIPT);
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('create-video')).toHaveAttribute('data-step', 'avatar');
}

test.describe('with a camera', () => {
  test.use({ permissions: ['camera'] });

  test('photo: the hint says the face is fine, take, use → an avatar that renders a video', async ({ page, baseURL }) => {
    test.setTimeout(360_000);
    // The detector's code, model and WebAssembly come from this app; the page's CSP lets it run.
    const elsewhere: string[] = [];
    const detector: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(baseURL!) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) elsewhere.push(r.url());
      if (/\/assets\/(human-[\d.]+\/|human\.esm-)/.test(r.url()))
        detector.push(new URL(r.url()).pathname.replace(/-[\w-]+\.js$/, '.js').replace(/human-[\d.]+\//, 'human-v/'));
    });
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    await signUpViaApi(page);
    await page.goto('/avatar-library');
    await page.getByTestId('upload-custom').click();
    const dialog = page.getByTestId('upload-avatar');
    await expect(dialog.getByTestId('avatar-guidance')).toContainText('Face at least 200 px wide, looking at the camera, even light');
    await expect(dialog.getByTestId('avatar-guidance')).toContainText('10–60 seconds, keep your head in the frame');

    await dialog.getByTestId('use-camera').click();
    const panel = dialog.getByTestId('camera-panel');
    await expect(panel).toHaveAttribute('data-camera', 'live');
    // The detector loads on demand and looks at the live picture a few times a second.
    const hint = panel.getByTestId('camera-hint');
    await expect(hint).toHaveAttribute('data-hint', 'good', { timeout: 45_000 });
    await expect(hint).toHaveText('Looks good');
    expect(detector.sort()).toEqual([
      '/assets/human-v/blazeface.bin',
      '/assets/human-v/blazeface.json',
      '/assets/human-v/tfjs-backend-wasm-simd.wasm',
      '/assets/human.esm.js',
    ]);
    await panel.getByTestId('camera-take').click();
    await expect(panel.getByTestId('camera-photo')).toHaveAttribute('data-faces', 'one', { timeout: 20_000 });
    await expect(panel.getByTestId('face-box')).toHaveCount(1);
    await panel.getByTestId('camera-retake').click();
    await expect(hint).toBeVisible();
    await panel.getByTestId('camera-take').click();
    await panel.getByTestId('camera-use').click();

    // The photo is now the dialog's file, with its face box, exactly as a picked file.
    await expect(panel).toHaveCount(0);
    await expect(dialog.getByTestId('avatar-file-name')).toHaveText('camera-photo.jpg');
    await expect(dialog.getByTestId('avatar-face-preview')).toHaveAttribute('data-faces', 'one', { timeout: 20_000 });
    await dialog.getByTestId('avatar-name').fill('Camera Photo');
    await dialog.getByTestId('avatar-gender').selectOption('female');
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/avatars/upload'));
    await dialog.getByTestId('avatar-create').click();
    expect(await (await uploaded).json()).toMatchObject({ mimeType: 'image/jpeg' });
    await seeToast(page, 'Avatar submitted');

    const card = page.getByTestId('avatar-card').filter({ hasText: 'Camera Photo' });
    await expect(card).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    const id = (await card.getAttribute('data-avatar-id'))!;

    await startWizard(page);
    await page.locator(`[data-testid="avatar-card"][data-avatar-id="${id}"]`).click();
    await renderThroughWizard(page, id);
    expect(elsewhere).toEqual([]);
    expect(violations).toEqual([]);
  });

  test('clip: 10 s recorded in the wizard (not less), used → an avatar that renders a video', async ({ page }) => {
    test.setTimeout(360_000);
    await signUpViaApi(page);
    await startWizard(page);
    await page.getByTestId('avatar-upload-open').click();
    const dialog = page.getByTestId('custom-avatar-dialog');
    await dialog.getByTestId('custom-avatar-name').fill('Camera Clip');
    await dialog.getByTestId('use-camera').click();
    const panel = dialog.getByTestId('camera-panel');
    await panel.getByTestId('camera-mode-clip').click();
    await expect(panel.getByTestId('avatar-guidance')).toContainText('For a clip: 10–60 seconds');
    await expect(panel.getByTestId('camera-hint')).toHaveAttribute('data-hint', 'good', { timeout: 45_000 });

    await panel.getByTestId('camera-record').click();
    const timer = panel.getByTestId('camera-timer');
    await expect(timer).toBeVisible();
    // Stop before 10 s is refused with a message; recording goes on.
    const seconds = async () => Number(await timer.getAttribute('data-seconds'));
    await expect.poll(seconds, { timeout: 5_000, intervals: [100] }).toBeGreaterThanOrEqual(1);
    await panel.getByTestId('camera-stop').click();
    await expect(panel.getByTestId('camera-clip-problem')).toHaveText('Keep going: a clip needs at least 10 seconds.');
    await expect(timer).toHaveText(/^Recording\d+ s of 60 s$/);
    await expect.poll(seconds, { timeout: 15_000, intervals: [100] }).toBeGreaterThanOrEqual(10);
    await panel.getByTestId('camera-stop').click();
    const clip = panel.getByTestId('camera-clip');
    await expect(clip).toBeVisible();
    // The clip plays back (MediaRecorder's WebM).
    await clip.evaluate((v: HTMLVideoElement) => v.play());
    await expect.poll(() => clip.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
    await panel.getByTestId('camera-use').click();

    await expect(dialog.getByTestId('custom-avatar-preview').locator('video')).toBeVisible();
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/avatars/upload'));
    await dialog.getByTestId('custom-avatar-create').click();
    const upload = await uploaded;
    expect(upload.status()).toBe(200);
    expect(await upload.json()).toMatchObject({ mimeType: 'video/webm', url: expect.stringMatching(/\.webm$/) });
    await seeToast(page, 'Avatar created');

    // The wizard chooses the avatar once it is prepared.
    await expect(page.getByTestId('avatar-chosen')).toContainText('Camera Clip', { timeout: 150_000 });
    const card = page.getByTestId('avatar-card').filter({ hasText: 'Camera Clip' });
    const id = (await card.getAttribute('data-avatar-id'))!;
    const avatar = (await (await page.request.get(`/api/avatars/custom/${id}`)).json()) as { status: string; mimeType: string };
    expect(avatar).toMatchObject({ status: 'done', mimeType: 'video/webm' });
    await renderThroughWizard(page, id);
  });
});

test('camera permission denied: the panel says so, and a picked photo still makes the avatar', async ({ page }) => {
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await page.goto('/avatar-library');
  await page.getByTestId('upload-custom').click();
  const dialog = page.getByTestId('upload-avatar');
  await dialog.getByTestId('use-camera').click();
  const error = dialog.getByTestId('camera-error');
  await expect(error).toHaveText("We can't use your camera: permission to use it was denied; you can still upload a photo or a clip.");
  await expect(error).toHaveAttribute('data-reason', 'denied');
  await expect(dialog.getByTestId('camera-choose-file')).toBeVisible();

  // The preview says what the detector sees before anything is uploaded: nobody, several people, one face.
  const preview = dialog.getByTestId('avatar-face-preview');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(dialog.getByTestId('camera-panel')).toHaveCount(0);
  await expect(preview).toHaveAttribute('data-faces', 'none', { timeout: 30_000 });
  await expect(dialog.getByTestId('face-check')).toHaveText('No face found in this photo: choose a clear, front-facing photo of one person.');
  const group = join(dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'friends.jpg', mimeType: 'image/jpeg', buffer: readFileSync(group) });
  await expect(preview).toHaveAttribute('data-faces', 'several');
  await expect(dialog.getByTestId('face-check')).toHaveText('More than one face in this photo: choose a photo of one person only.');
  expect(await dialog.getByTestId('face-box').count()).toBeGreaterThan(1);
  await dialog.getByTestId('avatar-file').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: readFileSync(PORTRAIT) });
  await expect(preview).toHaveAttribute('data-faces', 'one');
  await expect(dialog.getByTestId('face-box')).toHaveCount(1);
  await dialog.getByTestId('avatar-name').fill('Picked Photo');
  await dialog.getByTestId('avatar-create').click();
  await seeToast(page, 'Avatar submitted');
  await expect(page.getByTestId('avatar-card').filter({ hasText: 'Picked Photo' })).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
});
