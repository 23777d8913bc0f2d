import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

// Issue 10 §4: one video made in the wizard with {first_name}, sent to three contacts imported from
// a CSV file; each recipient opens their page from the e-mail they received and their video's
// captions (the VTT track), its greeting and its player agree: their own name, no one else's.

const SCRIPT = 'Hi {first_name}! This short video is for you.';
const PEOPLE = [
  { first: 'Ada', name: 'Ada Lovelace', email: 'ada@example.com' },
  { first: 'Grace', name: 'Grace Hopper', email: 'grace@example.com' },
  { first: 'Alan', name: 'Alan Turing', email: 'alan@example.com' },
];

const next = (page: Page) => page.getByTestId('wizard-next').click();
const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);

async function closeToast(page: Page, text: string) {
  await expect(toast(page)).toContainText(text);
  await toast(page).getByRole('button').click();
  await expect(toast(page)).toHaveCount(0);
}

test('a wizard video with {first_name} sent to three contacts: each landing page plays their own video, captions and greeting', async ({ page, browser }) => {
  test.setTimeout(300_000);
  await signUpViaApi(page);
  await page.goto('/create-video');

  // ── The wizard, through its screens ───────────────────────────────────────
  await onStep(page, 'script');
  await page.getByTestId('script-input').fill(SCRIPT);
  await next(page);
  await onStep(page, 'avatar');
  await page.getByTestId('avatar-search').fill('stock-7');
  await page.locator('[data-testid="avatar-card"][data-avatar-id="stock-7"]').click();
  await next(page);
  await onStep(page, 'avatar-customize');
  await next(page);
  await onStep(page, 'template');
  // No template: the script's variable asks for a preview value and a fallback.
  await expect(page.getByTestId('variable-input-first_name')).toHaveValue('Jane');
  await expect(page.getByTestId('variable-fallback-first_name')).toHaveValue('there');
  await next(page);
  await onStep(page, 'preview');
  await expect(page.getByTestId('preview-script')).toHaveText('Hi Jane! This short video is for you.');
  await page.getByTestId('preview-generate').click();
  await expect(page.getByTestId('preview-video')).toBeVisible({ timeout: 180_000 });
  await expect(page.getByTestId('preview-for')).toHaveText('Preview for Jane');
  await expect(page.getByTestId('preview-ready')).toContainText('Saved to My Videos');
  await next(page);
  await onStep(page, 'payment');
  await next(page);
  await onStep(page, 'distribute');

  // ── Send To Contact: a CSV of three, e-mail; personalised, with their openings ──
  await page.getByTestId('open-csv').click();
  const csv = page.getByTestId('csv-dialog');
  await csv.getByTestId('csv-list-name').fill('Pioneers');
  await csv.getByTestId('csv-file').setInputFiles({
    name: 'pioneers.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['name,email', ...PEOPLE.map((p) => `${p.name},${p.email}`)].join('\n')),
  });
  await csv.getByTestId('csv-import').click();
  await expect(csv.getByTestId('csv-report-counts')).toHaveText('3 imported, 0 skipped');
  await csv.getByTestId('csv-done').click();
  await page.getByTestId('channel-email').click();
  const panel = page.getByTestId('personalisation');
  await expect(panel).toHaveAttribute('data-personalised', 'true');
  await expect(page.getByTestId('personalisation-mode')).toContainText('Each recipient gets their own video');
  // Only the opening holding the variable is theirs; the rest of the script is shared.
  await expect(page.getByTestId('personalisation-sample')).toHaveText(PEOPLE.map((p) => `${p.name} · Hi ${p.first}!Their page greets: “Hi ${p.first}!”`));
  const sent = page.waitForResponse((r) => r.url().includes('/distribute'));
  await page.getByTestId('send-video').click();
  await page.getByTestId('confirm-button').click();
  expect(((await (await sent).json()) as { renders: number }).renders).toBe(3);
  await closeToast(page, 'Distribution started');
  await expect(page.getByTestId('distribution-progress')).toHaveAttribute('data-phase', 'completed', { timeout: 240_000 });
  await expect(page.getByTestId('progress-sent')).toHaveText('3');

  // ── Each recipient, from the e-mail they received ─────────────────────────
  type Message = { channel: string; to: string; text: string; html: string };
  const inbox = ((await (await page.request.get('/api/sandbox/inbox?channel=email')).json()) as { messages: Message[] }).messages;
  for (const person of PEOPLE) {
    const mail = inbox.find((m) => m.to.includes(person.email));
    expect(mail, person.email).toBeTruthy();
    const link = /https?:\/\/[^\s"<>]+\/v\/[a-z2-7]+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();
    expect(mail!.html).toContain(`${new URL(link!).pathname}/preview.gif`);
    const visitor = await browser.newContext();
    const landing = await visitor.newPage();
    await landing.goto(link!);
    await expect(landing.getByRole('heading', { level: 1 })).toHaveText(`Hi ${person.first}!`);
    const video = landing.locator('video');
    // Its own video, shown from its first frame (no poster: the e-mail's has a drawn button on it).
    await expect(video).toHaveAttribute('src', `${new URL(link!).pathname}/video.mp4#t=0.001`);
    // The soft captions of the video served here: their own name, no one else's.
    const cues = await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<string[]>((resolve, reject) => {
          const track = v.textTracks[0];
          if (!track) return reject(new Error('no text track'));
          track.mode = 'hidden';
          const el = v.querySelector('track')!;
          const done = () => resolve(Array.from(track.cues ?? []).map((c) => (c as VTTCue).text));
          if (el.readyState === 2) done();
          else {
            el.addEventListener('load', done);
            el.addEventListener('error', () => reject(new Error('track failed to load')));
          }
        }),
    );
    const text = cues.join(' ');
    expect(text).toContain(`Hi ${person.first}!`);
    expect(text).toContain('This short video is for you.');
    for (const other of [...PEOPLE.filter((p) => p !== person).map((p) => p.first), 'Jane', 'first_name', '{']) expect(text).not.toContain(other);
    // It plays, reports a finite duration, and seeks across the join of their opening and the shared part.
    const facts = await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      if (v.readyState < 1) await new Promise((r) => v.addEventListener('loadedmetadata', r, { once: true }));
      const duration = v.duration;
      const seek = (t: number) =>
        new Promise<number>((r) => {
          v.addEventListener('seeked', () => r(v.currentTime), { once: true });
          v.currentTime = t;
        });
      const late = await seek(duration - 0.3);
      const early = await seek(0.2);
      await v.play();
      await new Promise((r) => setTimeout(r, 600));
      return { duration, late, early, playing: v.currentTime > 0.2 && !v.paused, error: v.error?.message ?? null };
    });
    expect(facts.error).toBeNull();
    expect(Number.isFinite(facts.duration)).toBe(true);
    expect(facts.duration).toBeGreaterThan(2);
    expect(Math.abs(facts.late - (facts.duration - 0.3))).toBeLessThan(0.1);
    expect(facts.early).toBeLessThan(0.5);
    expect(facts.playing).toBe(true);
    await visitor.close();
  }
});
