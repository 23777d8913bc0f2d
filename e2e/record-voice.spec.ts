import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, toast } from './helpers';

// "Record my voice" (decision 221) with Chromium's fake microphone: the microphone plays a file made
// here from an offline voice (a man's: Flite kal16), looping, A then B (quieter) with silences around them. The
// rep records A and B from the teleprompter, redoes B, uses the recording and generates the video;
// its sound must be that file's speech (not the synthetic voice's), levelled, and the presenter's mouth
// must follow it, measured from the downloaded MP4. The sentence with a variable is the chosen voice's,
// and both the summary and the send step say so. A refused microphone shows its message.

const A = 'Thanks for your time today.';
const B = 'Here is a quick idea for your team.';
const SCRIPT = `Hi {first_name}! ${A} ${B}`;
const PORT = process.env.E2E_PORT ?? '3210';
const MIC_DIR = join(tmpdir(), `avs-e2e-mic-${PORT}`);
// Named by what it says and how it is made: a change to either makes a new file.
const MIC = join(
  MIC_DIR,
  `voice-${createHash('sha256')
    .update(`${A}|${B}|${readFileSync(join(process.cwd(), 'e2e/voice-tools.ts'), 'utf8')}`)
    .digest('hex')
    .slice(0, 12)}.wav`,
);
const bun = (args: string[]) => execFileSync(process.env.BUN_PATH ?? 'bun', args, { cwd: process.cwd(), encoding: 'utf8' });

// Made once (the file list and the worker both load this module), before the browser starts.
mkdirSync(MIC_DIR, { recursive: true });
if (!existsSync(MIC)) bun(['e2e/voice-tools.ts', 'mic', MIC, A, B]);

const FAKE_MIC = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-audio-capture=${MIC}`];
const chromium = (extra: string[]) => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', ...extra],
});

const next = (page: Page) => page.getByTestId('wizard-next').click();
const onStep = (page: Page, step: string) => expect(page.getByTestId('create-video')).toHaveAttribute('data-step', step);

/** Script → avatar (stock-10) → Customize. */
async function toCustomize(page: Page) {
  await signUpViaApi(page);
  await page.goto('/create-video');
  await page.getByTestId('script-input').fill(SCRIPT);
  await next(page);
  await page.getByTestId('avatar-search').fill('stock-10');
  await page.locator('[data-testid="avatar-card"][data-avatar-id="stock-10"]').click();
  await next(page);
  await onStep(page, 'avatar-customize');
  await expect(page.locator('[data-testid="voice-option"][data-voice-id="local-en-flite-slt"]').getByRole('radio')).toHaveAttribute('aria-checked', 'true');
}

type Wait = { quiet: number } | { loud: true };

/**
 * Waits, in the page, on the teleprompter's level meter for a sequence: quiet for so many seconds,
 * then sound, … The microphone's file loops, and its long silence (3.5 s + 1 s) comes only before A:
 * the sequence finds the moment whatever the moment the microphone opened.
 */
async function hear(page: Page, steps: Wait[]) {
  await page.evaluate(
    (steps) =>
      new Promise<void>((resolve, reject) => {
        const meter = document.querySelector('[data-testid="mic-level"]') as HTMLElement;
        let step = 0;
        let quietFrom = performance.now();
        const deadline = performance.now() + 40_000;
        const timer = setInterval(() => {
          const now = performance.now();
          const loud = Number(meter.dataset.level) > -45;
          if (loud) quietFrom = now;
          const want = steps[step] as { quiet?: number; loud?: true };
          if ((want.loud && loud) || (want.quiet !== undefined && (now - quietFrom) / 1000 >= want.quiet)) step++;
          if (step === steps.length) {
            clearInterval(timer);
            resolve();
          } else if (now > deadline) {
            clearInterval(timer);
            reject(new Error(`the microphone's sequence stopped at step ${step} of ${JSON.stringify(steps)}`));
          }
        }, 20);
      }),
    steps,
  );
}

/** One take of the file's sentence `which`: Record in the silence before it, Stop in the silence after it. */
async function take(page: Page, line: number, which: 'a' | 'b', button: 'prompter-record' | 'prompter-redo') {
  await hear(page, which === 'a' ? [{ quiet: 2.5 }] : [{ quiet: 2.5 }, { loud: true }, { quiet: 0.3 }]);
  await page.getByTestId('prompter-line').nth(line).getByTestId(button).click();
  await expect(page.getByTestId('mic-level')).toHaveAttribute('data-state', 'recording');
  await hear(page, [{ loud: true }, { quiet: 0.5 }]);
  await page.getByTestId('prompter-line').nth(line).getByTestId('prompter-stop').click();
  await expect(page.getByTestId('prompter-line').nth(line)).toHaveAttribute('data-recorded', 'yes');
}

test.use({ launchOptions: chromium(FAKE_MIC) });

test.describe('with a microphone', () => {
  test('record the sentences, redo one, use the recording: the video speaks with it and the mouth follows it', async ({ page }) => {
    test.setTimeout(300_000);
    await toCustomize(page);

    // ── The teleprompter: the sentence with a variable is the chosen voice's; the others are read ──
    await page.getByTestId('record-voice-open').click();
    const lines = page.getByTestId('prompter-line');
    await expect(lines).toHaveCount(3);
    await expect(lines.nth(0)).toHaveAttribute('data-recorded', 'voice');
    await expect(lines.nth(0).getByTestId('prompter-variable')).toHaveText('{first_name}');
    await expect(lines.nth(0)).toContainText('spoken by Sarah');
    await expect(page.getByTestId('mic-level')).toHaveAttribute('data-state', 'live');
    await expect(page.getByTestId('prompter-use')).toBeDisabled();

    await take(page, 1, 'a', 'prompter-record');
    await take(page, 2, 'b', 'prompter-record');
    // Redo the second sentence: the new take replaces it.
    await take(page, 2, 'b', 'prompter-redo');
    await expect(page.getByTestId('prompter-current')).toHaveCount(0);
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/voice-recordings') && r.request().method() === 'POST');
    await page.getByTestId('prompter-use').click();
    const saved = (await (await uploaded).json()) as { id: string; sentences: { text: string; durationSec: number }[] };
    expect(saved.sentences.map((s) => s.text)).toEqual([A, B]);
    await expect(page.getByTestId('own-voice-in-use')).toHaveText(/^Your recording is the voice of this video \(2 sentences, \d+ s\)\.$/);
    await expect(page.getByTestId('own-voice-personal')).toHaveText('Sentences with variables are spoken by Sarah for each recipient.');
    await toast(page).getByRole('button').click();
    await next(page);

    // ── Template step (no template), then the summary says who speaks ───────────────────────
    await onStep(page, 'template');
    await page.getByTestId('variable-input-first_name').fill('Marie');
    await next(page);
    await onStep(page, 'preview');
    await expect(page.getByTestId('summary-voice')).toContainText('Your recording');
    await expect(page.getByTestId('summary-voice')).toContainText('personalised sentences: Sarah');
    const started = page.waitForRequest((r) => r.url().includes('generation.talk') || r.url().endsWith('/api/avatars/talk'));
    await page.getByTestId('preview-generate').click();
    expect((await started).postData() ?? '').toContain(saved.id);
    const video = page.getByTestId('preview-video');
    await expect(video).toBeVisible({ timeout: 240_000 });
    await expect(page.getByTestId('preview-ready')).toContainText('Saved to My Videos');

    // ── The downloaded MP4: the recording's speech, levelled, framed, and the mouth following it ──
    const src = (await video.getAttribute('src')) as string;
    const dir = mkdtempSync(join(tmpdir(), 'record-voice-'));
    const file = join(dir, 'video.mp4');
    writeFileSync(file, await (await page.request.get(src)).body());
    const m = JSON.parse(bun(['e2e/voice-tools.ts', 'measure', file, MIC, 'local-en-flite-slt', A]).trim().split('\n').pop() as string) as {
      lufs: number;
      truePeakDb: number;
      leadSec: number;
      trailSec: number;
      lipSync: { r: number; bestLag: number };
      matches: { r: number; at: number }[];
      control: { r: number };
    };
    console.log(`[record-voice] ${JSON.stringify(m)}`);
    expect(Math.abs(m.lufs - -16)).toBeLessThanOrEqual(1);
    expect(m.truePeakDb).toBeLessThanOrEqual(-1);
    expect(m.leadSec).toBeGreaterThanOrEqual(0.25);
    expect(m.trailSec).toBeGreaterThanOrEqual(0.5);
    // Both sentences of the microphone's file are in the video, in order, shape for shape; the synthetic voice saying A is not.
    expect(m.matches).toHaveLength(2);
    for (const match of m.matches) expect(match.r).toBeGreaterThanOrEqual(0.85);
    expect(m.matches[0]!.at).toBeLessThan(m.matches[1]!.at);
    expect(m.control.r).toBeLessThan(m.matches[0]!.r - 0.1);
    expect(m.lipSync.r).toBeGreaterThanOrEqual(0.6);
    expect(Math.abs(m.lipSync.bestLag)).toBeLessThanOrEqual(1);

    // ── The send step says who speaks the personalised sentence, before anything is sent ───────
    await next(page);
    await onStep(page, 'payment');
    await next(page);
    await onStep(page, 'distribute');
    await expect(page.getByTestId('personalisation-voice')).toHaveText('Personalised sentences are spoken by Sarah; the rest is your own recording.');

    // ── The way back: a synthetic voice again ──────────────────────────────────────────
    await page.getByTestId('stepper-avatar-customize').getByRole('button').click();
    await page.getByTestId('use-synthetic-voice').click();
    await expect(page.getByTestId('record-voice-open')).toBeVisible();
  });
});

test.describe('without a microphone', () => {
  test('a refused microphone says so, and the synthetic voice stays', async ({ playwright, baseURL }) => {
    // A browser of its own, whose (fake) permission prompt refuses the microphone.
    const browser = await playwright.chromium.launch(chromium(['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny']));
    const page = await (await browser.newContext({ baseURL })).newPage();
    await toCustomize(page);
    await page.getByTestId('record-voice-open').click();
    await expect(page.getByTestId('mic-problem')).toHaveAttribute('data-problem', 'denied');
    await expect(page.getByTestId('mic-problem')).toContainText('Microphone access was refused');
    await expect(page.getByTestId('mic-problem')).toContainText('until then the synthetic voice speaks the video');
    await expect(page.getByTestId('prompter-line').nth(1).getByTestId('prompter-record')).toBeVisible();
    await page.getByTestId('teleprompter').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('record-voice-open')).toBeVisible();
    await expect(page.locator('[data-testid="voice-option"][data-voice-id="local-en-flite-slt"]').getByRole('radio')).toHaveAttribute('aria-checked', 'true');
    await browser.close();
  });
});
