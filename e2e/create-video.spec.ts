import { expect, test, type Page } from '@playwright/test';
import { PNG_1x1, signUpViaApi, toast } from './helpers';

// About 15 seconds of speech once the variables are filled (47 words at the local voices' pace).
const SCRIPT =
  'Hi {first_name}, this is James from Avatar Studio. I made this short video for the team at {company}, because personal videos help sales teams win more meetings. I would love to show you how it works. Can we book fifteen minutes this week? Just reply to this message.';

/** Checks the toast, then closes it: it sits over the bottom-right corner, where Next is. */
async function seeToast(page: Page, ...texts: string[]) {
  for (const t of texts) await expect(toast(page)).toContainText(t);
  await toast(page).getByRole('button').click();
  await expect(toast(page)).toHaveCount(0);
}

const next = (page: Page) => page.getByTestId('wizard-next').click();
const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);

test('script → avatar → voice → template → a real render that plays, saved to My Videos; payment and send gating', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpViaApi(page);
  await page.goto('/create-video');

  // ── The seven steps ────────────────────────────────────────────────────────
  await expect(page.getByRole('heading', { name: 'Create Video' })).toBeVisible();
  const labels = ['Write Script', 'Select Avatar', 'Customize Avatar', 'Select BG', 'Visualize', 'Payment', 'Send To Contact'];
  await expect(page.getByTestId('wizard-stepper').locator('li')).toHaveText(labels);

  // ── Script ─────────────────────────────────────────────────────────────────
  await onStep(page, 'script');
  await page.getByTestId('script-enhance').click();
  await seeToast(page, 'No script to enhance');
  await page.getByTestId('script-input').fill(SCRIPT);
  await expect(page.getByTestId('script-counter')).toHaveText(`${SCRIPT.length} / 5,000 characters`);
  await expect(page.getByTestId('script-duration')).toContainText('About 1');
  // The four improvement suggestions are offered (the script itself is kept for the render's timing).
  await page.getByTestId('script-enhance').click();
  await expect(page.getByTestId('enhance-suggestions').getByRole('button')).toHaveText([
    'Make it more concise',
    'Make it more persuasive',
    'Add a clear call to action',
    'Make it more friendly and personal',
  ]);
  await page.getByTestId('enhance-dialog').getByRole('button', { name: 'Cancel' }).click();
  await next(page);

  // ── Avatar: customize without an avatar goes back; pages of 18; custom upload rules ──
  await onStep(page, 'avatar');
  await expect(page.getByTestId('avatar-card')).toHaveCount(18);
  await next(page);
  await seeToast(page, 'Select an avatar');
  await onStep(page, 'avatar');

  await page.getByTestId('avatar-upload-open').click();
  // The dialog repeats the toasts inside itself (a modal covers the toast region).
  const problem = page.getByTestId('custom-avatar-dialog').getByTestId('dialog-problem');
  await page.getByTestId('custom-avatar-create').click();
  await expect(problem).toContainText('No file selected');
  await expect(problem).toContainText('Please upload an image or video first');
  await page.getByTestId('custom-avatar-file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expect(page.getByTestId('custom-avatar-preview')).toBeVisible();
  await page.getByTestId('custom-avatar-create').click();
  await expect(problem).toContainText('Missing name');
  await page.getByTestId('custom-avatar-dialog').getByRole('button', { name: 'Cancel' }).click();
  await seeToast(page, 'Missing name');

  await page.getByTestId('avatar-next-page').click();
  await expect(page.getByTestId('avatar-page')).toHaveText(/^Page 2 of \d+$/);
  await page.getByTestId('avatar-search').fill('stock-7');
  const avatar = page.locator('[data-testid="avatar-card"][data-avatar-id="stock-7"]');
  await avatar.click();
  await expect(avatar).toHaveAttribute('aria-pressed', 'true');
  await next(page);

  // ── Customize: the default voice is chosen (the most intelligible English woman's, measured:
  // decision 215), each voice names its engine; hear it say the script's first sentence; pick another; look ──
  await onStep(page, 'avatar-customize');
  const sarah = page.locator('[data-testid="voice-option"][data-voice-id="local-en-flite-slt"]');
  await expect(sarah.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
  await expect(sarah).toContainText('Recommended');
  await expect(sarah.getByTestId('voice-engine')).toHaveText('Flite');
  await expect(page.locator('[data-testid="voice-option"][data-voice-id="local-en-female"]').getByTestId('voice-engine')).toHaveText('eSpeak NG');
  const heard = page.waitForResponse((r) => r.url().endsWith('/api/voices/local-en-flite-slt/hear') && r.request().method() === 'POST');
  await page.getByTestId('voice-hear').click();
  expect((await heard).status()).toBe(200);
  const james = page.locator('[data-testid="voice-option"][data-voice-id="local-en-male"]');
  await james.getByRole('radio').click();
  await expect(james.getByRole('radio')).toHaveAttribute('aria-checked', 'true');
  const sample = await page.request.get('/api/voices/local-en-male/preview.m4a');
  expect(sample.status()).toBe(200);
  await page.getByTestId('style-closeUp').click();
  await page.getByTestId('style-normal').click();
  await next(page);

  // ── Template: variables gate Next; avatar and voice come from the earlier choices ──
  await onStep(page, 'template');
  await page.locator('[data-testid="template-card"][data-template-id="sales-intro"]').click();
  await expect(page.getByTestId('variable-avatar')).toContainText('From your choice');
  await expect(page.getByTestId('variable-voice')).toContainText('From your choice: James');
  // Recipient variables: a preview value and, next to it, the fallback (the template's default).
  await expect(page.getByTestId('variable-fallback-first_name')).toHaveValue('there');
  await expect(page.getByTestId('variable-fallback-company')).toHaveValue('your company');
  await page.getByTestId('variable-fallback-company').fill('your team');
  await page.getByTestId('variable-input-first_name').fill('Marie');
  await page.getByTestId('variable-input-company').fill('');
  await expect(page.getByTestId('wizard-next')).toBeDisabled();
  await expect(page.getByTestId('variables-hint')).toHaveText('Please fill in all template variables to continue');
  await page.getByTestId('variable-input-company').fill('Acme');
  await expect(page.getByTestId('wizard-next')).toBeEnabled();
  await next(page);

  // ── Send To Contact without a saved video: the error, back to preview ──────
  await onStep(page, 'preview');
  await next(page);
  await onStep(page, 'payment');
  await next(page);
  await seeToast(page, 'Error: No video is available for distribution.');
  await onStep(page, 'preview');

  // ── Preview: a real render, polled, then played in the page ───────────────
  await expect(page.getByTestId('preview-summary')).toContainText('James');
  await expect(page.getByTestId('preview-summary')).toContainText('Sales introduction');
  const started = Date.now();
  await page.getByTestId('preview-generate').click();
  await expect(page.getByTestId('preview-progress')).toBeVisible();
  const video = page.getByTestId('preview-video');
  await expect(video).toBeVisible({ timeout: 180_000 });
  await page.waitForFunction(() => ((document.querySelector('[data-testid="preview-video"]') as HTMLVideoElement | null)?.readyState ?? 0) >= 3, null, {
    timeout: 30_000,
  });
  const playable = Date.now();
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await page.waitForFunction(() => (document.querySelector('[data-testid="preview-video"]') as HTMLVideoElement).currentTime > 0, null, { timeout: 30_000 });
  const playing = Date.now();
  const duration = await video.evaluate((v: HTMLVideoElement) => v.duration);
  console.log(
    `[create-video] ${duration.toFixed(1)} s video: Generate → playable ${((playable - started) / 1000).toFixed(1)} s, → playing (currentTime > 0) ${((playing - started) / 1000).toFixed(1)} s`,
  );
  expect(duration).toBeGreaterThan(10);
  await expect(page.getByTestId('preview-ready')).toContainText('Saved to My Videos');
  // A preview, said so next to the player (not in the video).
  await expect(page.getByTestId('preview-for')).toHaveText('Preview for Marie');

  // ── Saved to My Videos as completed ───────────────────────────────────────
  const src = await video.getAttribute('src');
  const list = (await (await page.request.get('/api/videos')).json()) as {
    id: string;
    status: string;
    videoUrl: string | null;
    script: string | null;
    templateId: string | null;
    previewFor: string | null;
  }[];
  const saved = list.find((v) => v.videoUrl === src);
  expect(saved, JSON.stringify(list)).toBeTruthy();
  // The video keeps its variables; Marie and Acme were only the preview's values.
  expect(saved).toMatchObject({
    status: 'completed',
    templateId: 'sales-intro',
    script: SCRIPT,
    previewFor: 'Marie',
    previewValues: { first_name: 'Marie', company: 'Acme' },
    variableFallbacks: { first_name: 'there', company: 'your team' },
  });
  await page.goto('/my-videos');
  await expect(page.locator(`[data-testid="video-card"][data-video-id="${saved!.id}"]`).getByTestId('video-preview-for')).toHaveText('Preview for Marie');
  await page.goto('/create-video');
  await onStep(page, 'preview');

  // ── Payment: the render tiers; the choice sets the resolution ─────────────
  await next(page);
  await onStep(page, 'payment');
  await expect(page.getByTestId('tier-basic')).toContainText('$29.99');
  await expect(page.getByTestId('tier-basic')).toContainText('720p');
  await expect(page.getByTestId('tier-pro')).toContainText('$59.99');
  await expect(page.getByTestId('tier-pro')).toContainText('1080p');
  await expect(page.getByTestId('tier-enterprise')).toContainText('$99.99');
  await expect(page.getByTestId('tier-enterprise')).toContainText('4K');
  // The Pro trial renders 1080p as sold; 720p may be chosen on purpose (a small photo, a faster render) and the
  // plan's own 1080p again, for free; the 1080p pack's 50 videos are added for a month.
  await expect(page.getByTestId('render-now')).toContainText('1080p');
  await expect(page.getByTestId('tier-pro')).toContainText('In use');
  await expect(page.getByTestId('tier-basic').getByTestId('tier-note')).toHaveText('Included in your Pro plan');
  await page.getByTestId('choose-basic').click();
  await seeToast(page, 'Resolution updated', '720p');
  await expect(page.getByTestId('render-now')).toContainText('720p');
  await expect(page.getByTestId('tier-basic')).toContainText('In use');
  await expect(page.getByTestId('choose-pro')).toHaveText('Use 1080p');
  await page.getByTestId('choose-pro').click();
  await seeToast(page, 'Resolution updated', '1080p');
  await expect(page.getByTestId('render-now')).toContainText('1080p');
  expect(((await (await page.request.get('/api/subscription')).json()) as { renderChoice: string }).renderChoice).toBe('plan');
  await page.getByTestId('choose-pro').click();
  await expect(page.getByTestId('buy-tier-dialog')).toContainText('$59.99 is charged now for one month');
  await page.getByTestId('confirm-button').click();
  await seeToast(page, '1080p pack added', '1080p');
  await expect(page.getByTestId('tier-pro')).toContainText('In use');
  const sub = (await (await page.request.get('/api/subscription')).json()) as {
    renderTier: { id: string; resolution: string };
    invoices: { kind: string; amount: number }[];
  };
  expect(sub.renderTier).toMatchObject({ id: 'pro', resolution: '1080p' });
  expect(sub.invoices).toMatchObject([{ kind: 'render-tier', amount: 59.99 }]);

  // ── Send To Contact is open now that the video is saved ───────────────────
  await next(page);
  await onStep(page, 'distribute');
  await expect(page.getByTestId('step-distribute')).toContainText('Send To Contact');

  // The wizard survives a reload (session storage).
  await page.reload();
  await onStep(page, 'distribute');
  await page.getByTestId('stepper-script').getByRole('button').click();
  await expect(page.getByTestId('script-input')).toHaveValue(SCRIPT);
});

test('the step is in the address: a typed step lands on the first one missing its input; reload keeps it; Back and Forward walk the steps', async ({
  page,
}) => {
  await signUpViaApi(page);
  const at = (slug: string) => expect(page).toHaveURL(new RegExp(`/create-video\\?step=${slug}$`));

  // A fresh wizard: Visualize needs a script, with Next's message; an unknown step is the first one.
  await page.goto('/create-video?step=visualize');
  await seeToast(page, 'Write a script first.');
  await onStep(page, 'script');
  await at('script');
  await page.goto('/create-video?step=nowhere');
  await onStep(page, 'script');
  await at('script');
  await page.getByTestId('script-input').fill('Hello there.');
  await next(page);
  await onStep(page, 'avatar');
  await at('avatar');

  // Customize without an avatar, typed: the avatar step, with Next's message.
  await page.goto('/create-video?step=customize');
  await seeToast(page, 'Select an avatar', 'Choose an avatar before customizing it.');
  await onStep(page, 'avatar');
  await at('avatar');
  const card = page.locator('[data-testid="avatar-card"][data-avatar-id="stock-3"]');
  await card.click();
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await next(page);
  await onStep(page, 'avatar-customize');
  await at('customize');
  const thumbnail = await page.getByTestId('frame-preview').locator('img').getAttribute('src');
  expect(thumbnail).toBeTruthy();

  // Reload: still Customize, with the chosen avatar.
  await page.reload();
  await onStep(page, 'avatar-customize');
  await at('customize');
  await expect(page.getByTestId('frame-preview').locator('img')).toHaveAttribute('src', thumbnail!);

  // Back: the avatar step, the avatar still chosen; Forward: Customize again; the address without a step resumes it.
  await page.goBack();
  await onStep(page, 'avatar');
  await at('avatar');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  await page.goForward();
  await onStep(page, 'avatar-customize');
  await at('customize');
  await page.goto('/create-video');
  await onStep(page, 'avatar-customize');
  await at('customize');
});

test('?avatar=<id> preselects the avatar; ?template=<id> the template', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/create-video?avatar=stock-12&template=recruitment');
  // Applied once, then dropped from the address; the step stays.
  await expect(page).toHaveURL(/\/create-video\?step=script$/);
  await page.getByTestId('script-input').fill('Hello there.');
  await next(page);
  await expect(page.getByTestId('avatar-chosen')).toBeVisible();
  await next(page);
  await onStep(page, 'avatar-customize');
  await next(page);
  await expect(page.locator('[data-testid="template-card"][data-template-id="recruitment"]')).toHaveAttribute('aria-pressed', 'true');
});

/** Opens the wizard on its preview step with a script and an avatar already chosen. */
async function openAtPreview(page: Page) {
  await signUpViaApi(page);
  const me = (await (await page.request.get('/api/user')).json()) as { id: string };
  const state = {
    step: 'preview',
    reached: 4,
    script: 'Hello there, this is a short test.',
    avatar: { id: 'stock-3', name: 'Test presenter', thumbnail: '/api/avatars/stock-3/thumbnail.png', type: 'stock', gender: 'male' },
    voiceId: 'local-en-male',
  };
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [`create-video:${me.id}`, JSON.stringify(state)] as const);
}

/** Answers the wizard's tRPC calls for a render: a fake start, and status replies from `reply` (null → a failed request). */
async function fakeRender(page: Page, reply: (attempt: number) => Record<string, unknown> | null) {
  let attempts = 0;
  await page.route('**/trpc/**', async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/trpc/generation.talk')
      return route.fulfill({ json: [{ result: { data: { videoId: 'fake-video', taskId: 'task-fake', status: 'processing' } } }] });
    if (path !== '/trpc/generation.videoStatus') return route.continue();
    const body = reply(++attempts);
    if (!body) return route.fulfill({ status: 502, body: 'Bad gateway' });
    return route.fulfill({ json: [{ result: { data: { id: 'fake-video', url: null, progress: 0, message: null, error: null, ...body } } }] });
  });
  return () => attempts;
}

test('a failed status check is retried with a notice; a failed render says so', async ({ page }) => {
  await openAtPreview(page);
  await fakeRender(page, (n) =>
    n === 1 ? null : n === 2 ? { status: 'processing', progress: 40 } : { status: 'failed', error: 'The render stopped unexpectedly.' },
  );
  await page.goto('/create-video');
  await onStep(page, 'preview');
  await page.getByTestId('preview-generate').click();
  await seeToast(page, 'Status Check Delayed');
  await expect(page.getByTestId('preview-progress')).toContainText('40%');
  await expect(page.getByTestId('preview-failed')).toContainText('Video Generation Failed');
  await expect(page.getByTestId('preview-failed')).toContainText('Please try again or check your connection.');
  await seeToast(page, 'Video Generation Failed');
  await expect(page.getByTestId('preview-generate')).toHaveText('Try again');
});

test('after 60 attempts the render times out, and Check again resumes polling', async ({ page }) => {
  await page.clock.install();
  await openAtPreview(page);
  let ready = false;
  const attempts = await fakeRender(page, () =>
    ready ? { status: 'completed', url: '/files/none.mp4', progress: 100 } : { status: 'processing', progress: 10 },
  );
  await page.goto('/create-video');
  await onStep(page, 'preview');
  // By keyboard: the toasts appear where the button is, and a toast under the pointer stays (hover pauses it).
  await page.getByTestId('preview-generate').press('Enter');
  // The waits grow from 3 s to 10 s; 60 attempts take about 9.5 minutes of (fake) time.
  // Each step lets the page answer in real time before the fake clock moves on.
  for (let i = 0; i < 400 && attempts() < 60; i++) {
    await page.clock.runFor(5_000);
    await page.waitForTimeout(60);
  }
  await expect(page.getByTestId('preview-timeout')).toContainText('Video Processing Timeout');
  await expect(toast(page)).toContainText('Video Processing Timeout');
  expect(attempts()).toBe(60);
  await page.clock.runFor(6_000);
  await expect(toast(page)).toContainText('Video Processing Timeout'); // shown for 10 s
  await page.clock.runFor(5_000);
  await expect(toast(page)).toHaveCount(0);
  ready = true;
  await page.getByTestId('preview-check-again').click();
  await page.clock.runFor(3_000);
  await expect(page.getByTestId('preview-video')).toHaveAttribute('src', '/files/none.mp4');
  // That video is not the user's: saving it to the collection fails, and the Note says so.
  await expect(toast(page)).toContainText('Note');
  await expect(toast(page)).toContainText('Your video is ready, but it could not be saved to your collection.');
  await expect(page.getByTestId('preview-ready')).not.toContainText('Saved to My Videos');
});
